package io.mongoose.feed;

import io.mongoose.internal.Backoff;
import io.mongoose.internal.MessageAccess;
import io.mongoose.internal.SingleWriterCounter;
import io.mongoose.pool.PooledMessage;

import java.util.Set;
import java.util.concurrent.locks.LockSupport;

/**
 * What queue and ring feeds share: names, policy, counters, the lifecycle (new, open, closed) and the final sweep at
 * stop, which settles with a late producer (docs/architecture.md, "Shutdown").
 */
public abstract sealed class Feed implements FeedPublisher permits QueueFeed, RingFeed
{
    static final MessageAccess<PooledMessage> ACCESS = MessageAccess.get();
    static final int STATE_NEW = 0;
    static final int STATE_OPEN = 1;
    static final int STATE_CLOSED = 2;
    /** The final sweep's least wait after {@link #close()}: offers made while the feed was open are visible by then. */
    static final long SETTLE_NANOS = 1_000_000;

    static
    {
        // Linked here rather than on the publisher's thread at its first wait on a full queue or ring.
        Backoff.link();
    }

    final String feedName;
    final String serverName;
    final FeedKind kind;
    final FullQueuePolicy policy;
    final long publishTimeoutNanos;
    /** Per subscriber queue (one for a ring feed), the agent group that reads it. */
    final String[] subscriberNames;
    /** Whether any processor this feed reaches monitors latency; fixed at build. */
    final boolean stampsPublishTime;
    /** Messages published; a ring feed's come from its ring's sequence (see {@link #publishedCount()}). */
    // Public for the server package, which maps them into the counters file; SingleWriterCounter is not exported, so
    // only the framework can use them.
    @SuppressWarnings("exports")
    public final SingleWriterCounter published = new SingleWriterCounter();
    @SuppressWarnings("exports")
    public final SingleWriterCounter dropped = new SingleWriterCounter();
    @SuppressWarnings("exports")
    public final SingleWriterCounter rejected = new SingleWriterCounter();
    @SuppressWarnings("exports")
    public final SingleWriterCounter timeouts = new SingleWriterCounter();
    volatile int state = STATE_NEW;
    private volatile Thread owner;
    private volatile long undeliveredAtStop;
    private volatile long closedAtNanos;
    /** Guards the sweep state against a producer that finds the feed closed after it published; not taken if open. */
    final Object sweepLock = new Object();
    /** Whether the final sweep ran: after it, nothing drains the queues or the ring but a late producer. */
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

    /** @return messages published, ever; any thread. */
    public abstract long publishedCount();

    /** @return messages waiting in all this feed's queues, or in its ring; any thread, allocation-free. */
    public abstract long depth();

    /** @return messages waiting in this feed's fullest queue, or in its ring; any thread, allocation-free. */
    public abstract long fullestDepth();

    /** Under {@link #sweepLock}: release and count what is left, except what the groups {@code stillRunning} read. */
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
     * The final sweep, once every consumer thread has ended: {@link #SETTLE_NANOS} after the close, releases what is
     * left in the queues, or closes the ring, and returns that count, as undelivered; a late producer is refused.
     */
    public long releaseUndelivered()
    {
        return releaseUndelivered(Set.of());
    }

    /** As {@link #releaseUndelivered()}, leaving the queues or ring of the agent groups {@code stillRunning} alone. */
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

    /** Checked before anything is published, so a bad batch changes nothing. */
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
        for (int i = offset; i < offset + count; i++)
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
