package io.mongoose.feed;

import io.mongoose.internal.Backoff;
import io.mongoose.internal.DebugChecks;
import io.mongoose.internal.MessageRing;
import io.mongoose.pool.PooledMessage;

import java.util.Set;

/** A feed whose messages live in its own {@link MessageRing}, which its one agent group reads in place. */
public final class RingFeed extends Feed
{
    final MessageRing<PooledMessage> ring;
    private final Class<?> ringType;
    /** The ring's published sequence when the sweep closed it: messages before it were counted. Under sweepLock. */
    private long publishedAtSweep;
    /** Messages the ring's sequence counts whose publish was refused because the ring closed first: not published. */
    private volatile long refusedAtClose;

    /** A ring feed: its messages live in {@code ring}, which {@code subscriberName}'s agent reads. */
    @SuppressWarnings("exports") // for the server package: MessageRing is internal, so only the framework calls it
    public RingFeed(
        final String serverName, final FeedSettings settings, final MessageRing<PooledMessage> ring,
        final String subscriberName, final boolean stampsPublishTime)
    {
        super(serverName, settings, new String[] {subscriberName}, stampsPublishTime);
        this.ring = ring;
        this.ringType = ring.messageType();
    }

    @Override
    public <T extends PooledMessage> T claim(final Class<T> type)
    {
        // One test for the usual claim; refusals and the wait for room stay out of the producer's loop.
        final PooledMessage message;
        if (type == ringType && STATE_OPEN == state && !DebugChecks.ENABLED && null != (message = claimFromRing()))
        {
            // The ring holds messages of ringType only, which is type.
            @SuppressWarnings("unchecked") final T typed = (T)message;
            return typed;
        }
        return claimOtherwise(type);
    }

    private <T extends PooledMessage> T claimOtherwise(final Class<T> type)
    {
        if (type != ringType)
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

    @Override
    public boolean publish(final PooledMessage message)
    {
        if (null == message)
        {
            throw new NullPointerException("feed '" + feedName + "': message null; expected a pooled message");
        }
        return publishToRing(message);
    }

    @Override
    public int publish(final PooledMessage[] messages, final int offset, final int count)
    {
        checkBatch(messages, offset, count);
        return publishToRing(messages, offset, count);
    }

    @Override
    public int subscriberCount()
    {
        return 1;
    }

    @Override
    public boolean isRing()
    {
        return true;
    }

    @Override
    public long publishedCount()
    {
        return ring.published() - refusedAtClose;
    }

    @Override
    public long depth()
    {
        return ring.depth();
    }

    @Override
    public long fullestDepth()
    {
        return ring.depth();
    }

    @Override
    long sweep(final Set<String> stillRunning)
    {
        if (stillRunning.contains(subscriberNames[0]))
        {
            // The ring stays open for its agent, which may yet handle a late publish.
            publishedAtSweep = Long.MAX_VALUE;
            return 0;
        }
        return returnRing();
    }

    /** Once the agent has ended: what was published and not dispatched is undelivered; every message goes back. */
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
        // The claim tested the feed's state. A message claimed before stop and published during it is delivered or
        // counted undelivered by the sweep; once the ring has closed, publishClaimed refuses it.
        if (DebugChecks.ENABLED)
        {
            checkSingleProducer();
        }
        if (stampsPublishTime)
        {
            ACCESS.stampPublishNanos(message, System.nanoTime());
        }
        publishClaimed(message);
        if (STATE_OPEN != state)
        {
            afterRingPublishWhileClosing(1);
        }
        return true;
    }

    /**
     * A ring publish found the feed closed after it moved the sequence. Before the final sweep, the sweep counts it;
     * after it, the messages the sweep did not count went back to their pool with the ring: the publish is refused.
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
            // Producer thread only: the one writer.
            refusedAtClose = refusedAtClose + uncounted;
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
                ACCESS.stampPublishNanos(messages[i], now);
            }
        }
        try
        {
            ring.publish(messages, offset, count);
        }
        catch (final IllegalArgumentException | IllegalStateException e)
        {
            throw refusedByRing(e, "the messages went back to their pool");
        }
        if (STATE_OPEN != state)
        {
            afterRingPublishWhileClosing(count);
        }
        return count;
    }

    private void publishClaimed(final PooledMessage message)
    {
        try
        {
            ring.publish(message);
        }
        catch (final IllegalArgumentException | IllegalStateException e)
        {
            throw refusedByRing(e, "the message went back to its pool");
        }
    }

    /**
     * The ring refused a publish: a bad argument, named with the feed, or the ring closed at stop. Off the hot path: a
     * closed ring refuses a producer once. A claim that raced the close may have refilled a slot after it; under the
     * lock the sweep closes the ring with, that message goes back.
     */
    private RuntimeException refusedByRing(final RuntimeException e, final String what)
    {
        if (e instanceof IllegalArgumentException)
        {
            return new IllegalArgumentException("feed '" + feedName + "': " + e.getMessage(), e);
        }
        synchronized (sweepLock)
        {
            ring.returnStrays();
        }
        final IllegalStateException refused = notOpen(what + " when the feed's ring closed at stop");
        refused.initCause(e);
        return refused;
    }

    /** A producer held up past the final sweep finds the ring closed: refused as a claim on a closed feed is. */
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
        // Not a switch: a switch on an enum loads a class of its own on the publisher's thread at first use.
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
        return new IllegalArgumentException("feed '" + feedName + "': claim of " +
            (null == type ? "null" : type.getName()) + "; expected " + ringType.getName() + ", the type its ring " +
            "carries");
    }
}
