package io.mongoose.server;

import io.mongoose.pool.Backoff;
import io.mongoose.pool.DebugChecks;
import io.mongoose.pool.FeedReferences;
import io.mongoose.pool.PooledMessage;
import io.mongoose.pool.SpscMessageRing;

import java.util.Set;
import java.util.concurrent.locks.LockSupport;


/**
 * The single producer of one feed. Threading contract: one thread publishes through a given publisher at a time
 * (the queues behind it are single-producer); with {@code -Dmongoose.checks=true} a second thread is detected.
 *
 * <p>{@link #publish(PooledMessage)} takes over the caller's reference: it becomes one reference per subscriber queue,
 * held by the framework, and each subscriber's agent releases its own after dispatch. The only outcomes that leave the
 * reference with the caller are a {@code false} return under {@link FullQueuePolicy#FAIL} and an
 * {@link IllegalArgumentException} for a message the caller holds no reference to (published already, or released):
 * such a message is refused before anything is delivered, so no handler ever receives a message that went back to its
 * pool.
 *
 * <p>A ring feed ({@link FeedConfig#ring(Class)}) carries its messages in its own ring instead: the producer claims the
 * next message with {@link #claim(Class)}, fills it and publishes it; the feed's full-queue policy applies at the
 * claim, where the ring may be full, and the publish itself always succeeds.
 */
public final class FeedPublisher
{
    private static final int STATE_NEW = 0;
    private static final int STATE_OPEN = 1;
    private static final int STATE_CLOSED = 2;

    private static final int OFFERED = 0;
    private static final int TIMED_OUT = 1;
    private static final int CLOSED = 2;
    /**
     * How long after {@link #close()} the final sweep of the queues waits at least. A publish that read the feed open
     * just before the close made its offer before that read; the offer is visible to the sweep once it has left the
     * producer core's store buffer, which takes nanoseconds (a context switch drains it too). So the sweep finds every
     * message whose publish saw the feed open, and a producer that sees it closed settles with the sweep under
     * {@link #sweepLock}.
     */
    static final long SETTLE_NANOS = 1_000_000;

    static
    {
        // A lossless publish on a full queue or ring waits there: linked with this class, not on the publisher's
        // thread at its first wait.
        Backoff.link();
    }

    private final String feedName;
    private final String serverName;
    private final FeedKind kind;
    private final FullQueuePolicy policy;
    private final long publishTimeoutNanos;
    // Package-private for the ServerMonitor, which samples the queues and publishes the counters.
    final DeliveryQueue[] queues;
    /** A ring feed's ring, else {@code null} (and the feed has {@link #queues}). */
    final SpscMessageRing<?> ring;
    private final Class<?> ringType;
    private final String[] subscriberNames;
    /** Decided once at build time: whether any processor this feed reaches monitors latency. */
    private final boolean stampsPublishTime;
    /**
     * Messages published: counted per publish on a queue feed; on a ring feed the ring's own sequence counts them, and
     * the server's sampler copies it here (see {@link #publishedCount()}), so a ring publish stores nothing more.
     */
    final SingleWriterCounter published = new SingleWriterCounter();
    final SingleWriterCounter dropped = new SingleWriterCounter();
    final SingleWriterCounter rejected = new SingleWriterCounter();
    final SingleWriterCounter timeouts = new SingleWriterCounter();
    private volatile int state = STATE_NEW;
    private volatile Thread owner;
    private volatile long undeliveredAtStop;
    /** When {@link #close()} ran; the final sweep waits until {@link #SETTLE_NANOS} after it. */
    private volatile long closedAtNanos;
    /**
     * Guards {@link #swept} and {@link #publishedAtSweep} between the stop's final sweep and a producer that finds the
     * feed closed right after it offered or published: only those two ever take it, never a publish on an open feed.
     */
    private final Object sweepLock = new Object();
    /** Whether the stop's final sweep ran: nothing drains the queues or the ring after it but a late producer. */
    private boolean swept;
    /** A ring feed's published sequence when the sweep closed the ring: messages before it were counted. */
    private long publishedAtSweep;
    /**
     * Per queue, whether the sweep left it alone because its agent's thread had not ended: that thread is still its
     * consumer, so nobody else polls it.
     */
    private final boolean[] consumerAlive;

    FeedPublisher(
        final String serverName, final FeedConfig config, final DeliveryQueue[] queues,
        final String[] subscriberNames)
    {
        this(serverName, config, queues, subscriberNames, false);
    }

    FeedPublisher(
        final String serverName, final FeedConfig config, final DeliveryQueue[] queues,
        final String[] subscriberNames, final boolean stampsPublishTime)
    {
        this.stampsPublishTime = stampsPublishTime;
        this.serverName = serverName;
        this.feedName = config.name();
        this.kind = config.kind();
        this.policy = config.fullQueuePolicy();
        this.publishTimeoutNanos = config.publishTimeout().toNanos();
        this.queues = queues;
        this.subscriberNames = subscriberNames;
        this.consumerAlive = new boolean[queues.length];
        this.ring = null;
        this.ringType = NoRing.class;
    }

    /** A ring feed's publisher: its messages live in {@code ring}, which {@code subscriberName}'s agent reads. */
    FeedPublisher(
        final String serverName, final FeedConfig config, final SpscMessageRing<?> ring, final String subscriberName,
        final boolean stampsPublishTime)
    {
        this.stampsPublishTime = stampsPublishTime;
        this.serverName = serverName;
        this.feedName = config.name();
        this.kind = config.kind();
        this.policy = config.fullQueuePolicy();
        this.publishTimeoutNanos = config.publishTimeout().toNanos();
        this.queues = new DeliveryQueue[0];
        this.consumerAlive = new boolean[0];
        this.subscriberNames = new String[] {subscriberName};
        this.ring = ring;
        this.ringType = ring.pool().type();
    }

    /**
     * Claim the next message of this ring feed: reset, holding the reference that {@link #publish(PooledMessage)}
     * hands to the feed. Fill it, then publish it; every claimed message must be published, in claim order (several
     * may be claimed first and published as a batch with {@link #publish(PooledMessage[], int, int)}). The feed's
     * full-queue policy applies here, when the ring is full: {@link FullQueuePolicy#BACKOFF} waits for room up to the
     * publish timeout; {@link FullQueuePolicy#DROP} and {@link FullQueuePolicy#FAIL} return {@code null} at once,
     * counted as a drop or a rejection.
     *
     * @param type the feed's message type, as configured with {@link FeedConfig#ring(Class)}.
     * @param <T>  the message type.
     * @return the message, or {@code null} under DROP or FAIL when the ring is full.
     * @throws IllegalStateException           if this is not a ring feed, or the server is not running.
     * @throws IllegalArgumentException        if {@code type} is not the ring's message type.
     * @throws PublishTimeoutException         if a lossless claim waited longer than the feed's publish timeout.
     * @throws io.mongoose.pool.PoolExhaustedException as {@link io.mongoose.pool.ObjectPool#acquire()}, if a handler
     *                                         kept the slot's message and its pool has none to refill the slot with.
     */
    public <T extends PooledMessage> T claim(final Class<T> type)
    {
        // The usual claim is one test, and everything else (the reasons to refuse, a full ring) lies in a method the
        // compiler keeps out of the producer's loop: the same checks spread over several branches here cost about a
        // quarter more per message on one thread (PathCostBenchmark.mongooseInvokerRingFeedPath, session 38).
        final PooledMessage message;
        if (type == ringType && STATE_OPEN == state && !DebugChecks.ENABLED && null != (message = claimFromRing()))
        {
            // Unchecked: the ring holds messages of ringType only, which is type.
            @SuppressWarnings("unchecked") final T typed = (T)message;
            return typed;
        }
        return claimOtherwise(type);
    }

    /** {@link #claim(Class)} when the usual case fails: refuse it, or wait for room. */
    private <T extends PooledMessage> T claimOtherwise(final Class<T> type)
    {
        if (null == ring || type != ringType)
        {
            throw wrongClaim(type);
        }
        if (STATE_OPEN != state)
        {
            throw notOpen("nothing claimed");
        }
        if (DebugChecks.ENABLED)
        {
            checkSingleProducer();
        }
        final PooledMessage message = claimFromRing();
        @SuppressWarnings("unchecked") final T typed = (T)(null != message ? message : onFullRing());
        return typed;
    }

    /**
     * Publish a message to every subscriber of this feed.
     *
     * @param message a message acquired from its pool, holding the caller's reference.
     * @return {@code true} when the framework took the message (delivered to every subscriber, or under
     *         {@link FullQueuePolicy#DROP} to every subscriber with room, the rest counted as drops);
     *         {@code false} only under {@link FullQueuePolicy#FAIL} when a subscriber queue was full: nothing was
     *         delivered and the caller still owns its reference.
     * @throws NullPointerException     if {@code message} is null.
     * @throws IllegalArgumentException if the caller holds no reference to the message (already published, released,
     *                                  or never acquired; a handler forwarding a message it received must
     *                                  {@link PooledMessage#retain()} it first), or, on a ring feed, if it is not the
     *                                  oldest unpublished message {@link #claim(Class)} returned. Nothing is delivered.
     * @throws IllegalStateException    if the server is not running; the message has been released. On a ring feed
     *                                  the claim made that test: a claimed message is refused only once the feed's
     *                                  ring has closed at stop, which returned it to its pool.
     * @throws PublishTimeoutException  if a lossless publish waited longer than the feed's publish timeout; the
     *                                  references not delivered have been released.
     */
    public boolean publish(final PooledMessage message)
    {
        if (null == message)
        {
            throw new NullPointerException("feed '" + feedName + "': message null; expected a pooled message");
        }
        if (null != ring)
        {
            return publishToRing(message);
        }
        if (STATE_OPEN != state)
        {
            throw notOpen(message);
        }
        if (DebugChecks.ENABLED)
        {
            checkSingleProducer();
        }
        final int n = queues.length;
        if (!FeedReferences.handOver(message, n))
        {
            throw notOwned(message);
        }
        if (FullQueuePolicy.FAIL == policy && !roomInEveryQueue())
        {
            FeedReferences.takeBack(message, n);
            rejected.increment();
            return false;
        }
        if (stampsPublishTime)
        {
            message.stampPublishNanos(System.nanoTime());
        }
        deliver(message);
        if (STATE_OPEN != state)
        {
            afterOffersWhileClosing(message);
        }
        published.increment();
        return true;
    }

    /**
     * Publish {@code messages[offset, offset + count)} to every subscriber of this feed, in array order, as that many
     * {@link #publish(PooledMessage)} calls would, except that the batch is admitted as a whole: under
     * {@link FullQueuePolicy#FAIL} it reaches every subscriber or nobody, so messages that only make sense together
     * (the legs of one update) are never split by a full queue. The feed's state, the full-queue check and the published
     * counter are dealt with once per batch, and a stamping feed reads the clock once for the whole batch. This is the
     * LMAX Disruptor's claim-several-then-publish: acquire the messages (through a
     * {@link io.mongoose.pool.SingleThreadPoolCache}), fill them, hand them over in one call. It is not a speed-up:
     * per message it costs what single publishes cost ({@code PathCostBenchmark.mongooseInvokerBatchPath}), because
     * every message still takes its own reference check and queue offer.
     *
     * <p>Every message's reference passes to the framework, as with {@link #publish(PooledMessage)}; the array itself
     * is only read, and may be reused as soon as the call returns. Before anything is published, the whole batch is
     * checked: a bad argument or a message that holds no reference fails the call with every reference still the
     * caller's.
     *
     * @param messages the messages, each acquired from its pool and holding the caller's reference.
     * @param offset   index of the first message to publish.
     * @param count    how many to publish; 0 publishes nothing.
     * @return messages the framework took: {@code count}, except under {@link FullQueuePolicy#FAIL}, where a batch
     *         that does not fit whole into every subscriber queue is refused whole: 0 is returned, nothing was
     *         delivered, every reference is still the caller's and the refusal counts {@code count} rejections.
     *         Under {@link FullQueuePolicy#DROP} a full subscriber queue loses the messages that do not fit, each
     *         counted as a drop.
     * @throws NullPointerException      if {@code messages} or one of the batch's elements is null.
     * @throws IndexOutOfBoundsException if {@code offset} and {@code count} do not name a range of {@code messages}.
     * @throws IllegalArgumentException  if the caller holds no reference to a message of the batch (already
     *                                   published, released, never acquired, or in the batch twice with one
     *                                   reference); nothing of the batch is published then.
     * @throws IllegalStateException     if the server is not running; every message of the batch has been released.
     * @throws PublishTimeoutException   if a lossless publish waited longer than the feed's publish timeout for one
     *                                   message; the messages before it were delivered, and the references not
     *                                   delivered (its own to the subscribers it did not reach, and every later
     *                                   message's) have been released. The exception says which message it was.
     */
    public int publish(final PooledMessage[] messages, final int offset, final int count)
    {
        checkBatch(messages, offset, count);
        if (null != ring)
        {
            return publishToRing(messages, offset, count);
        }
        if (STATE_OPEN != state)
        {
            throw notOpen(messages, offset, count);
        }
        if (DebugChecks.ENABLED)
        {
            checkSingleProducer();
        }
        final int end = offset + count;
        handOverBatch(messages, offset, end);
        if (FullQueuePolicy.FAIL == policy && !roomInEveryQueue(count))
        {
            takeBackBatch(messages, offset, end);
            rejected.add(count);
            return 0;
        }
        if (stampsPublishTime)
        {
            final long now = System.nanoTime();
            for (int i = offset; i < end; i++)
            {
                messages[i].stampPublishNanos(now);
            }
        }
        int i = offset;
        try
        {
            for (; i < end; i++)
            {
                deliver(messages[i]);
            }
        }
        catch (final RuntimeException failure)
        {
            // messages[i] failed and has released its own undelivered references; the rest never started.
            for (int rest = i + 1; rest < end; rest++)
            {
                for (int q = 0; q < queues.length; q++)
                {
                    FeedReferences.releaseQueued(messages[rest]);
                }
            }
            published.add(i - offset);
            throw inBatch(failure, i - offset, count);
        }
        if (STATE_OPEN != state)
        {
            final int late = takeBackLateOffers();
            if (late > 0)
            {
                throw new IllegalStateException("feed '" + feedName + "' closed while this batch of " + count +
                    " was offered: server '" + serverName + "' swept its queues before " + late + " of the offers " +
                    "landed, which were released there undelivered");
            }
        }
        published.add(count);
        return count;
    }

    /**
     * @return the feed's name.
     */
    public String feedName()
    {
        return feedName;
    }

    /**
     * @return subscriber queues behind this feed; 1 for a ring feed, whose ring one agent group reads.
     */
    public int subscriberCount()
    {
        return null != ring ? 1 : queues.length;
    }

    /**
     * @return whether this is a ring feed, published through {@link #claim(Class)}.
     */
    public boolean isRing()
    {
        return null != ring;
    }

    /**
     * @return whether publishing stamps {@link PooledMessage#publishNanos()}: true when some processor this feed
     *         reaches has latency monitoring on, fixed when the server is built.
     */
    public boolean stampsPublishTime()
    {
        return stampsPublishTime;
    }

    /**
     * @return whether {@link #publish(PooledMessage)} currently accepts messages.
     */
    public boolean isOpen()
    {
        return STATE_OPEN == state;
    }

    /**
     * @return a snapshot of this feed's counters.
     */
    public FeedStats stats()
    {
        return new FeedStats(feedName, kind, subscriberCount(), publishedCount(), dropped.get(), rejected.get(),
            timeouts.get(), depth(), undeliveredAtStop);
    }

    /**
     * @return messages published, ever; any thread. A ring feed's come from its ring's sequence, exact at any time.
     */
    long publishedCount()
    {
        return null != ring ? ring.published() : published.get();
    }

    /**
     * @return messages waiting in this feed: in all its queues, or published into its ring and not yet handed back.
     *         Any thread; allocation-free.
     */
    long depth()
    {
        if (null != ring)
        {
            return ring.depth();
        }
        long depth = 0;
        for (final DeliveryQueue queue : queues)
        {
            depth += queue.size();
        }
        return depth;
    }

    /**
     * @return messages waiting in this feed's fullest queue, or in its ring. Any thread; allocation-free.
     */
    long fullestDepth()
    {
        if (null != ring)
        {
            return ring.depth();
        }
        long fullest = 0;
        for (final DeliveryQueue queue : queues)
        {
            fullest = Math.max(fullest, queue.size());
        }
        return fullest;
    }

    void open()
    {
        state = STATE_OPEN;
    }

    void close()
    {
        if (STATE_CLOSED != state)
        {
            closedAtNanos = System.nanoTime();
            state = STATE_CLOSED;
        }
    }

    /**
     * The final sweep: release whatever is left in the queues, or close the ring, and count it undelivered. Only after
     * every consumer thread has ended (their join gives this thread the consumer role), and on a closed feed; waits
     * until {@link #SETTLE_NANOS} after the close first. After it, a producer that was still offering when the feed
     * closed takes its own late offers back and is refused ({@link #afterOffersWhileClosing}).
     *
     * @return messages released.
     */
    long releaseUndelivered()
    {
        return releaseUndelivered(Set.of());
    }

    /**
     * As {@link #releaseUndelivered()}, leaving alone the queues (or the ring) of agent groups whose threads have not
     * ended: what they hold stays out of its pool.
     *
     * @param stillRunning names of agent groups whose threads did not end at stop.
     * @return messages released.
     */
    long releaseUndelivered(final Set<String> stillRunning)
    {
        close();
        final long settleLeft = closedAtNanos + SETTLE_NANOS - System.nanoTime();
        if (settleLeft > 0)
        {
            LockSupport.parkNanos(settleLeft);
        }
        synchronized (sweepLock)
        {
            for (int i = 0; i < queues.length; i++)
            {
                consumerAlive[i] = stillRunning.contains(subscriberNames[i]);
            }
            long count = 0;
            if (null == ring)
            {
                count = sweepQueues();
            }
            else if (stillRunning.contains(subscriberNames[0]))
            {
                // The ring stays open for its agent, which may yet handle what a late publish adds.
                publishedAtSweep = Long.MAX_VALUE;
            }
            else
            {
                count = returnRing();
            }
            swept = true;
            undeliveredAtStop += count;
            return count;
        }
    }

    private long sweepQueues()
    {
        long count = 0;
        for (int i = 0; i < queues.length; i++)
        {
            if (consumerAlive[i])
            {
                continue;
            }
            PooledMessage left;
            while (null != (left = queues[i].poll()))
            {
                FeedReferences.releaseQueued(left);
                count++;
            }
        }
        return count;
    }

    /**
     * A publish found the feed closed after its offers. Before the final sweep, they are the sweep's to count (or an
     * agent still handles them), and the publish stands. After it, nothing drains these queues but this producer: it
     * takes back what landed after the sweep and is refused, so every message is handled, counted undelivered, or
     * refused, never left in a queue.
     */
    private void afterOffersWhileClosing(final PooledMessage message)
    {
        final int late = takeBackLateOffers();
        if (late > 0)
        {
            throw new IllegalStateException("feed '" + feedName + "' closed while this message was offered: server '" +
                serverName + "' swept its queues before " + late + " of its " + queues.length + " offers landed, " +
                "which were released there undelivered");
        }
    }

    /** After the final sweep, this producer's offers that landed since: released. Producer thread only. */
    private int takeBackLateOffers()
    {
        synchronized (sweepLock)
        {
            if (!swept)
            {
                return 0;
            }
            int late = 0;
            for (int i = 0; i < queues.length; i++)
            {
                if (consumerAlive[i])
                {
                    continue;
                }
                PooledMessage left;
                while (null != (left = queues[i].poll()))
                {
                    FeedReferences.releaseQueued(left);
                    late++;
                }
            }
            return late;
        }
    }

    /**
     * A ring feed at stop, once its agent has ended: what was published and not dispatched is undelivered; every message
     * goes back to its pool.
     */
    private long returnRing()
    {
        final long count = ring.depth();
        publishedAtSweep = ring.published();
        try
        {
            ring.close();
        }
        catch (final RuntimeException e)
        {
            // A handler released a reference it did not hold; the pool's leak count at stop shows the rest.
            System.getLogger("io.mongoose.server").log(System.Logger.Level.ERROR, "feed '" + feedName + "': " +
                e.getMessage(), e);
        }
        return count;
    }

    private boolean publishToRing(final PooledMessage message)
    {
        // No test of the feed's state: the claim this publish completes made it, and a publish costs one read less per
        // message for it. A message claimed before stop and published during it is delivered if the agent still
        // drains the ring, and counted undelivered at stop if not; once the ring has closed, its publish is refused
        // (publishClaimed).
        if (DebugChecks.ENABLED)
        {
            checkSingleProducer();
        }
        if (stampsPublishTime)
        {
            message.stampPublishNanos(System.nanoTime());
        }
        publishClaimed(message);
        if (STATE_OPEN != state)
        {
            afterRingPublishWhileClosing(1);
        }
        return true;
    }

    /**
     * A ring publish found the feed closed after it moved the ring's sequence. Before the final sweep, the sweep counts
     * it (or the agent still handles it). After it, the messages the sweep did not count went back to their pool when
     * it closed the ring: the publish is refused.
     */
    private void afterRingPublishWhileClosing(final int count)
    {
        final long uncounted;
        synchronized (sweepLock)
        {
            if (!swept)
            {
                return;
            }
            final long end = ring.producerSequence();
            uncounted = end - Math.max(publishedAtSweep, end - count);
        }
        if (uncounted > 0)
        {
            throw notOpen(uncounted + " of the published messages went back to their pool when the feed's ring " +
                "closed at stop, undelivered");
        }
    }

    private int publishToRing(final PooledMessage[] messages, final int offset, final int count)
    {
        if (STATE_OPEN != state)
        {
            throw notOpen("the messages stay in the feed's ring, which returns them to their pool at stop");
        }
        if (DebugChecks.ENABLED)
        {
            checkSingleProducer();
        }
        if (stampsPublishTime)
        {
            final long now = System.nanoTime();
            for (int i = offset, end = offset + count; i < end; i++)
            {
                messages[i].stampPublishNanos(now);
            }
        }
        try
        {
            ring.publish(messages, offset, count);
        }
        catch (final IllegalArgumentException e)
        {
            throw new IllegalArgumentException("feed '" + feedName + "': " + e.getMessage(), e);
        }
        catch (final IllegalStateException e)
        {
            final IllegalStateException refused =
                notOpen("the messages went back to their pool when the feed's ring closed at stop");
            refused.initCause(e);
            throw refused;
        }
        if (STATE_OPEN != state)
        {
            afterRingPublishWhileClosing(count);
        }
        return count;
    }

    @SuppressWarnings({"unchecked", "rawtypes"}) // the ring's type was checked at the claim that handed it out
    private void publishClaimed(final PooledMessage message)
    {
        try
        {
            ((SpscMessageRing)ring).publish(message);
        }
        catch (final IllegalArgumentException e)
        {
            throw new IllegalArgumentException("feed '" + feedName + "': " + e.getMessage(), e);
        }
        catch (final IllegalStateException e)
        {
            final IllegalStateException refused =
                notOpen("the message went back to its pool when the feed's ring closed at stop");
            refused.initCause(e);
            throw refused;
        }
    }

    /**
     * The ring's claim. A producer that read the feed open and was then held up past the stop's final sweep finds the
     * ring closed: refused as a claim on a closed feed is.
     */
    private PooledMessage claimFromRing()
    {
        try
        {
            return ring.tryClaim();
        }
        catch (final IllegalStateException closed)
        {
            final IllegalStateException refused = notOpen("nothing claimed");
            refused.initCause(closed);
            throw refused;
        }
    }

    /** The ring was full at a claim: the feed's policy decides. */
    private PooledMessage onFullRing()
    {
        // Not a switch: a switch on an enum reads a class of its own, loaded on the publisher's thread the first time
        // a ring is full (see Backoff.link()).
        if (FullQueuePolicy.DROP == policy)
        {
            dropped.increment();
            return null;
        }
        if (FullQueuePolicy.FAIL == policy)
        {
            rejected.increment();
            return null;
        }
        final long deadline = System.nanoTime() + publishTimeoutNanos;
        for (;;)
        {
            Backoff.pauseForFullQueue();
            final PooledMessage message = claimFromRing();
            if (null != message)
            {
                return message;
            }
            if (STATE_OPEN != state)
            {
                throw new IllegalStateException("feed '" + feedName + "' closed while waiting for room in its ring: " +
                    "server '" + serverName + "' is stopping; nothing claimed");
            }
            if (System.nanoTime() - deadline >= 0)
            {
                timeouts.increment();
                throw new PublishTimeoutException("feed '" + feedName + "': ring read by agent '" +
                    subscriberNames[0] + "' stayed full for " + publishTimeoutNanos / 1_000_000 + " ms; " +
                    "nothing claimed. Raise queueCapacity or publishTimeout, or speed up the subscriber");
            }
        }
    }

    private RuntimeException wrongClaim(final Class<?> type)
    {
        if (null == ring)
        {
            return new IllegalStateException("feed '" + feedName + "' is a queue feed: claim() is for ring feeds " +
                "(FeedConfig.ring); acquire from the pool and publish instead");
        }
        return new IllegalArgumentException("feed '" + feedName + "': claim of " +
            (null == type ? "null" : type.getName()) + "; expected " + ringType.getName() + ", the type its ring " +
            "carries");
    }

    /** One offer per subscriber queue, each holding one of the references the publish handed over. */
    private void deliver(final PooledMessage message)
    {
        final DeliveryQueue[] queues = this.queues;
        final int n = queues.length;
        for (int i = 0; i < n; i++)
        {
            if (!queues[i].offer(message))
            {
                onFullQueue(message, i);
            }
        }
    }

    /**
     * Only this thread adds to its queues and consumers only make room, so room seen now is room at offer time: under
     * FAIL, a message that passes this check reaches every subscriber or nobody.
     */
    private boolean roomInEveryQueue()
    {
        return roomInEveryQueue(1);
    }

    /** As {@link #roomInEveryQueue()}, for {@code count} messages: a batch that passes fits whole everywhere. */
    private boolean roomInEveryQueue(final int count)
    {
        for (final DeliveryQueue queue : queues)
        {
            if (queue.capacity() - queue.size() < count)
            {
                return false;
            }
        }
        return true;
    }

    /** The batch's bounds and elements, checked before anything is published, so a bad one leaves every reference with the caller. */
    private void checkBatch(final PooledMessage[] messages, final int offset, final int count)
    {
        if (null == messages)
        {
            throw new NullPointerException("feed '" + feedName + "': messages null; expected an array of pooled " +
                "messages");
        }
        if (offset < 0 || count < 0 || offset > messages.length - count)
        {
            throw new IndexOutOfBoundsException("feed '" + feedName + "': offset " + offset + ", count " + count +
                " for an array of " + messages.length + "; expected 0 <= offset, 0 <= count and offset + count <= " +
                messages.length);
        }
        for (int i = offset, end = offset + count; i < end; i++)
        {
            final PooledMessage message = messages[i];
            if (null == message)
            {
                throw new NullPointerException("feed '" + feedName + "': messages[" + i + "] null; expected a " +
                    "pooled message (nothing of the batch was published)");
            }
        }
    }

    /** The same failure, saying where in the batch it happened and what became of the rest. */
    private RuntimeException inBatch(final RuntimeException failure, final int failedAt, final int count)
    {
        final String where = " (message " + (failedAt + 1) + " of a batch of " + count + ": the " + failedAt +
            " before it were delivered, the " + (count - failedAt - 1) + " after it were released undelivered)";
        if (failure instanceof PublishTimeoutException)
        {
            final PublishTimeoutException timeout = new PublishTimeoutException(failure.getMessage() + where);
            timeout.initCause(failure);
            return timeout;
        }
        return new IllegalStateException(failure.getMessage() + where, failure);
    }

    /** Queue {@code i} refused the message: apply the feed's policy to that subscriber's reference. */
    private void onFullQueue(final PooledMessage message, final int i)
    {
        // Not a switch, as in onFullRing.
        if (FullQueuePolicy.DROP == policy)
        {
            dropped.increment();
            FeedReferences.releaseQueued(message);
            return;
        }
        if (FullQueuePolicy.BACKOFF == policy)
        {
            final int outcome = offerWithBackoff(queues[i], message);
            if (OFFERED != outcome)
            {
                releaseRemaining(message, i);
                if (TIMED_OUT == outcome)
                {
                    throw timedOut(i);
                }
                throw closedWhileWaiting(i, takeBackLateOffers());
            }
            return;
        }
        releaseRemaining(message, i);
        throw new IllegalStateException("feed '" + feedName + "': queue to '" + subscriberNames[i] +
            "' refused an offer after reporting room; a second thread may be publishing on this feed");
    }

    private int offerWithBackoff(final DeliveryQueue queue, final PooledMessage message)
    {
        final long deadline = System.nanoTime() + publishTimeoutNanos;
        for (;;)
        {
            if (queue.offer(message))
            {
                return OFFERED;
            }
            if (STATE_OPEN != state)
            {
                return CLOSED;
            }
            if (System.nanoTime() - deadline >= 0)
            {
                return TIMED_OUT;
            }
            Backoff.pauseForFullQueue();
        }
    }

    private void releaseRemaining(final PooledMessage message, final int firstUndelivered)
    {
        for (int i = firstUndelivered; i < queues.length; i++)
        {
            FeedReferences.releaseQueued(message);
        }
    }

    /**
     * Hand over the caller's reference of every message of the batch, or of none: a message the caller holds no
     * reference to (one in the batch twice, too) refuses the whole batch before anything is offered.
     */
    private void handOverBatch(final PooledMessage[] messages, final int offset, final int end)
    {
        final int n = queues.length;
        for (int i = offset; i < end; i++)
        {
            if (!FeedReferences.handOver(messages[i], n))
            {
                takeBackBatch(messages, offset, i);
                throw new IllegalArgumentException(notOwned(messages[i]).getMessage() + " (messages[" + i + "]; " +
                    "nothing of the batch was published)");
            }
        }
    }

    private void takeBackBatch(final PooledMessage[] messages, final int offset, final int end)
    {
        for (int i = offset; i < end; i++)
        {
            FeedReferences.takeBack(messages[i], queues.length);
        }
    }

    private void checkSingleProducer()
    {
        final Thread current = Thread.currentThread();
        final Thread first = owner;
        if (null == first)
        {
            owner = current;
        }
        else if (first != current)
        {
            throw new IllegalStateException("feed '" + feedName + "': published from thread '" + current.getName() +
                "' but its producer is '" + first.getName() + "'; expected one producer thread per feed " +
                "(add a feed per producer)");
        }
    }

    private IllegalStateException notOpen(final PooledMessage[] messages, final int offset, final int count)
    {
        for (int i = offset, end = offset + count; i < end; i++)
        {
            releaseIfHeld(messages[i]);
        }
        return notOpen("all " + count + " messages of the batch released");
    }

    private IllegalStateException notOpen(final PooledMessage message)
    {
        if (!releaseIfHeld(message))
        {
            throw notOwned(message);
        }
        return notOpen("message released");
    }

    /** A refused publish releases the caller's reference, if it holds one (a message in a batch twice holds one). */
    private static boolean releaseIfHeld(final PooledMessage message)
    {
        if (0 == FeedReferences.heldCount(message))
        {
            return false;
        }
        message.release();
        return true;
    }

    private IllegalStateException notOpen(final String released)
    {
        final String why = STATE_NEW == state ? "server '" + serverName + "' has not started; publish after start()" :
            "server '" + serverName + "' is stopped";
        return new IllegalStateException("feed '" + feedName + "' is closed: " + why + " (" + released + ")");
    }

    private IllegalArgumentException notOwned(final PooledMessage message)
    {
        final int refCount = message.refCount();
        return new IllegalArgumentException("feed '" + feedName + "': " + message.getClass().getName() + " holds no " +
            "reference of the caller's (" + (0 == refCount ? "it is free in its pool" : refCount + " held by queues " +
            "for delivery") + "); expected a message from pool.acquire() that has not been published yet, or one a " +
            "handler retain()ed before publishing it on");
    }

    private PublishTimeoutException timedOut(final int stuckAt)
    {
        timeouts.increment();
        return new PublishTimeoutException("feed '" + feedName + "': queue to agent '" + subscriberNames[stuckAt] +
            "' stayed full for " + publishTimeoutNanos / 1_000_000 + " ms; delivered to " + stuckAt + " of " +
            queues.length + " subscribers. Raise queueCapacity or publishTimeout, or speed up the subscriber");
    }

    private IllegalStateException closedWhileWaiting(final int stuckAt, final int takenBack)
    {
        return new IllegalStateException("feed '" + feedName + "' closed while waiting for room in the queue to '" +
            subscriberNames[stuckAt] + "': server '" + serverName + "' is stopping; offered to " + stuckAt + " of " +
            queues.length + " subscribers" + (takenBack > 0 ? ", " + takenBack + " of those after the stop swept " +
            "the queues, taken back and released" : ""));
    }

    /** {@link #ringType} of a queue feed: no message type is this class, so no claim passes the usual case's test. */
    private static final class NoRing
    {
    }
}
