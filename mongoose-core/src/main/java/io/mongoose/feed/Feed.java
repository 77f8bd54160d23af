package io.mongoose.feed;

import io.mongoose.internal.Backoff;
import io.mongoose.internal.MessageAccess;
import io.mongoose.internal.SingleWriterCounter;
import io.mongoose.pool.PooledMessage;

import java.util.Set;
import java.util.concurrent.locks.LockSupport;

/**
 * What the two kinds of feed share: names, the feed's policy and counters, its lifecycle (new, open, closed) and the
 * final sweep at stop, which settles with a producer still publishing when the feed closed.
 */
public abstract sealed class Feed implements FeedPublisher permits QueueFeed, RingFeed
{
    /** The framework's side of a message: delivery references and the publish stamp. */
    static final MessageAccess<PooledMessage> ACCESS = MessageAccess.get();
    static final int STATE_NEW = 0;
    static final int STATE_OPEN = 1;
    static final int STATE_CLOSED = 2;
    /**
     * How long after {@link #close()} the final sweep waits at least. A publish that read the feed open just before the
     * close made its offers before that read; they are visible to the sweep once they have left the producer core's
     * store buffer, which takes nanoseconds (a context switch drains it too). So the sweep finds every message whose
     * publish saw the feed open, and a producer that sees it closed settles with the sweep under {@link #sweepLock}.
     */
    static final long SETTLE_NANOS = 1_000_000;

    static
    {
        // A lossless publish on a full queue or ring waits there: linked with this class, not on the publisher's
        // thread at its first wait.
        Backoff.link();
    }

    final String feedName;
    final String serverName;
    final FeedKind kind;
    final FullQueuePolicy policy;
    final long publishTimeoutNanos;
    /** Per subscriber queue (one for a ring feed), the agent group that reads it. */
    final String[] subscriberNames;
    /** Decided once at build time: whether any processor this feed reaches monitors latency. */
    final boolean stampsPublishTime;
    /** Messages published; a ring feed's come from its ring's sequence (see {@link #publishedCount()}). */
    public final SingleWriterCounter published = new SingleWriterCounter();
    public final SingleWriterCounter dropped = new SingleWriterCounter();
    public final SingleWriterCounter rejected = new SingleWriterCounter();
    public final SingleWriterCounter timeouts = new SingleWriterCounter();
    volatile int state = STATE_NEW;
    private volatile Thread owner;
    private volatile long undeliveredAtStop;
    /** When {@link #close()} ran; the final sweep waits until {@link #SETTLE_NANOS} after it. */
    private volatile long closedAtNanos;
    /**
     * Guards {@link #swept} (and a subclass's sweep state) between the stop's final sweep and a producer that finds the
     * feed closed right after it offered or published: only those two ever take it, never a publish on an open feed.
     */
    final Object sweepLock = new Object();
    /** Whether the stop's final sweep ran: nothing drains the queues or the ring after it but a late producer. */
    boolean swept;

    Feed(final String serverName, final FeedSettings settings, final String[] subscriberNames,
        final boolean stampsPublishTime)
    {
        this.serverName = serverName;
        this.feedName = settings.name();
        this.kind = settings.kind();
        this.policy = settings.policy();
        this.publishTimeoutNanos = settings.publishTimeout().toNanos();
        this.subscriberNames = subscriberNames;
        this.stampsPublishTime = stampsPublishTime;
    }

    @Override
    public String feedName()
    {
        return feedName;
    }

    @Override
    public boolean stampsPublishTime()
    {
        return stampsPublishTime;
    }

    @Override
    public boolean isOpen()
    {
        return STATE_OPEN == state;
    }

    @Override
    public FeedStats stats()
    {
        return new FeedStats(feedName, kind, subscriberCount(), publishedCount(), dropped.get(), rejected.get(),
            timeouts.get(), depth(), undeliveredAtStop);
    }

    /**
     * @return messages published, ever; any thread.
     */
    public abstract long publishedCount();

    /**
     * @return messages waiting in this feed: in all its queues, or published into its ring and not yet handed back.
     *         Any thread; allocation-free.
     */
    public abstract long depth();

    /**
     * @return messages waiting in this feed's fullest queue, or in its ring. Any thread; allocation-free.
     */
    public abstract long fullestDepth();

    /**
     * Under {@link #sweepLock}, after every consumer thread but those in {@code stillRunning} has ended: release what
     * is
     * left, as undelivered.
     *
     * @param stillRunning agent groups whose threads did not end: their queues or ring are left to them.
     * @return messages released.
     */
    abstract long sweep(Set<String> stillRunning);

    public void open()
    {
        state = STATE_OPEN;
    }

    public void close()
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
     * until {@link #SETTLE_NANOS} after the close first. After it, a producer that was still publishing when the feed
     * closed takes its own late offers back and is refused.
     *
     * @return messages released.
     */
    public long releaseUndelivered()
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
    public long releaseUndelivered(final Set<String> stillRunning)
    {
        close();
        final long settleLeft = closedAtNanos + SETTLE_NANOS - System.nanoTime();
        if (settleLeft > 0)
        {
            LockSupport.parkNanos(settleLeft);
        }
        synchronized (sweepLock)
        {
            final long count = sweep(stillRunning);
            swept = true;
            undeliveredAtStop += count;
            return count;
        }
    }

    void checkSingleProducer()
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

    /** The batch's bounds and elements, checked before anything is published: a bad one changes nothing. */
    void checkBatch(final PooledMessage[] messages, final int offset, final int count)
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

    IllegalStateException notOpen(final PooledMessage[] messages, final int offset, final int count)
    {
        for (int i = offset, end = offset + count; i < end; i++)
        {
            releaseIfHeld(messages[i]);
        }
        return notOpen("all " + count + " messages of the batch released");
    }

    IllegalStateException notOpen(final PooledMessage message)
    {
        if (!releaseIfHeld(message))
        {
            throw notOwned(message);
        }
        return notOpen("message released");
    }

    /** A refused publish releases the caller's reference, if it holds one (a message in a batch twice holds one). */
    static boolean releaseIfHeld(final PooledMessage message)
    {
        if (0 == ACCESS.heldCount(message))
        {
            return false;
        }
        message.release();
        return true;
    }

    IllegalStateException notOpen(final String released)
    {
        final String why = STATE_NEW == state ? "server '" + serverName + "' has not started; publish after start()" :
            "server '" + serverName + "' is stopped";
        return new IllegalStateException("feed '" + feedName + "' is closed: " + why + " (" + released + ")");
    }

    IllegalArgumentException notOwned(final PooledMessage message)
    {
        final int refCount = message.refCount();
        return new IllegalArgumentException("feed '" + feedName + "': " + message.getClass().getName() + " holds no " +
            "reference of the caller's (" + (0 == refCount ? "it is free in its pool" : refCount + " held by queues " +
            "for delivery") + "); expected a message from pool.acquire() that has not been published yet, or one a " +
            "handler retain()ed before publishing it on");
    }
}
