package io.mongoose.pool;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Base class of every message that travels through Mongoose.
 *
 * <p>A pooled message carries its own reference count and a link to its home {@link ObjectPool}. {@link ObjectPool#acquire()}
 * hands it out with one reference owned by the caller; every holder that keeps it beyond a call takes a reference with
 * {@link #retain()}; the last {@link #release()} runs {@link #reset()} and returns it to its pool. Publishing hands the
 * caller's reference to the framework, so producers never release a published message themselves.
 *
 * <p>Threading: reference counting is thread-safe; the message's own fields follow the usual hand-off rule: written by
 * the producer before publish, read by handlers after, never written by two threads at once.
 *
 * <p>Memory: the framework's fields take 52 bytes after the object header (with compressed references), behind 16
 * bytes of padding ({@code PooledMessagePad}), so a message of two {@code long}s is 96 bytes: the padding keeps what a
 * publish writes into two neighbours in memory off one cache line, and no more, since on a ring feed every byte of a
 * message crosses from the producer's core to the agent's. The agent's release of a queue feed's message writes the
 * framework's fields too; a {@link SingleThreadMessageRing} keeps that off the line the producer is filling by taking
 * its slots three apart, and a ring feed's agent writes nothing into the messages it reads. Messages acquired from the
 * pool's free list one after another may lie next to each other; that path costs a shared queue's round trip per
 * message anyway, and a fast producer takes a thread ring. The fields a publish writes (the announcement and the
 * stamp) come last, right before the subclass's own (see {@link PooledMessageState}), so an agent waiting on the
 * announcement most often takes the payload in the same cache transfer.
 *
 * <p>Announcement: before offering a message to a feed's only subscriber queue, the publisher records that queue and
 * the index in the message ({@link #announce(long, long)}), and an agent that expects this message (the next of its
 * ring) takes it from there, one cache miss sooner than through the queue's slot. See {@code docs/architecture.md}.
 */
public abstract class PooledMessage extends PooledMessageState
{
    private static final VarHandle REF_COUNT;
    private static final VarHandle RING_STATE;
    private static final VarHandle ANNOUNCED_INDEX;
    private static final long NOT_ANNOUNCED = -1;
    /** Out of its ring: handed out, or being released; or taken back by the pool when its ring closed. */
    private static final int RING_IN_USE = 0;
    /** Back in its ring slot, reset, for the ring's taker to take again. */
    private static final int RING_FREE = 1;

    static
    {
        try
        {
            REF_COUNT = MethodHandles.lookup().findVarHandle(PooledMessageState.class, "refCount", int.class);
            RING_STATE = MethodHandles.lookup().findVarHandle(PooledMessageState.class, "ringState", int.class);
            ANNOUNCED_INDEX = MethodHandles.lookup().findVarHandle(PooledMessage.class, "announcedIndex", long.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private long announcedQueue;
    private long publishNanos;
    /**
     * The queue this message was last announced to and its index there (see {@link #announce(long, long)}). The
     * index is written around the queue like a sequence lock, so a reader never pairs one announcement's queue with
     * another's index. The queue is a number, not a reference: a reference stored per message would cost a GC write
     * barrier on the hot path, and G1 hands the cards it dirties to refinement threads that then compete for the CPUs.
     * Declared last, so the JVM lays it out right before a subclass's own fields (see {@link PooledMessageState}).
     */
    @SuppressWarnings("unused") // accessed through ANNOUNCED_INDEX
    private volatile long announcedIndex = NOT_ANNOUNCED;

    /** Subclasses are created by their pool's factory, never on the hot path. */
    protected PooledMessage()
    {
    }

    /**
     * Hook run when the last reference is released, before the message goes back to its pool's free list. Clear
     * anything that must not leak into the next use. Runs on the thread that released the last reference.
     */
    protected void reset()
    {
    }

    /**
     * @return the current reference count; 0 means the message is free in its pool and must not be touched.
     */
    public final int refCount()
    {
        return (int)REF_COUNT.getVolatile(this);
    }

    /**
     * @return the pool this message returns to, or {@code null} if it was never bound to one.
     */
    public final ObjectPool<?> pool()
    {
        return pool;
    }

    /**
     * @return a small dense integer naming this message's concrete class, used to index dispatch tables.
     */
    public final int typeId()
    {
        return typeId;
    }

    /**
     * When the message was last published to a feed that stamps it: a feed stamps every message it publishes when any
     * processor it reaches has latency monitoring on. Written by the publishing thread before the message is queued, so
     * handlers read it safely; not cleared on release, so it means nothing on a message from a feed that does not
     * stamp (such as one whose pool also serves stamping feeds).
     *
     * @return the {@link System#nanoTime()} of the latest stamping publish, 0 if never stamped.
     */
    public final long publishNanos()
    {
        return publishNanos;
    }

    /**
     * Stamp the publish time; called by the feed's publisher, only by the thread that publishes the message.
     *
     * @param nanos a {@link System#nanoTime()} reading.
     */
    public final void stampPublishNanos(final long nanos)
    {
        publishNanos = nanos;
    }

    /**
     * Take one more reference. The caller must already hold one.
     *
     * @throws IllegalStateException if the message holds no reference (it is free in its pool).
     */
    public final void retain()
    {
        retain(1);
    }

    /**
     * Take {@code count} more references at once (one atomic operation), as a publisher does for fan-out.
     *
     * @param count references to add, at least 1.
     * @throws IllegalArgumentException if {@code count} is less than 1.
     * @throws IllegalStateException    if the message holds no reference (it is free in its pool).
     */
    public final void retain(final int count)
    {
        if (count < 1)
        {
            throw new IllegalArgumentException("count: " + count + "; expected at least 1");
        }
        int current;
        do
        {
            current = (int)REF_COUNT.getVolatile(this);
            if (current <= 0)
            {
                throw retainOfFreeMessage(current);
            }
        }
        while (!REF_COUNT.compareAndSet(this, current, current + count));
        noteHolderChange();
    }

    /**
     * Drop one reference; the last one returns the message to its pool.
     *
     * <p>Dropping the last reference costs no atomic read-modify-write: a holder that sees the count at 1 is its only
     * holder, so nobody can legitimately retain or release it concurrently. A later release of the freed message is
     * always detected; two threads releasing the same last reference at the same instant (a double release racing
     * itself) is detected with {@link DebugChecks} on.
     *
     * @return {@code true} if this call released the last reference and the message went back to its pool.
     * @throws IllegalStateException if there is no reference to drop: the release has no matching acquire or retain.
     *                               The pool counts it and its free list is left untouched.
     */
    public final boolean release()
    {
        if (dropReference())
        {
            final SingleThreadMessageRing<?> home = ring;
            if (null != home)
            {
                home.giveBack(this);
            }
            else
            {
                pool.recycle(this);
            }
            return true;
        }
        return false;
    }

    /**
     * Drop one reference without recycling.
     *
     * @return {@code true} if it was the last: the caller now owns a free message and must hand it to its pool.
     */
    final boolean dropReference()
    {
        noteHolderChange();
        for (;;)
        {
            final int current = (int)REF_COUNT.getVolatile(this);
            if (current <= 0)
            {
                throw unmatchedRelease(current);
            }
            if (1 == current && !DebugChecks.ENABLED)
            {
                // The sole holder: an ordered store publishes the reset-to-free to the next acquirer without a lock.
                REF_COUNT.setRelease(this, 0);
                return true;
            }
            if (REF_COUNT.compareAndSet(this, current, current - 1))
            {
                return 1 == current;
            }
        }
    }

    /**
     * Framework use, by the single producer of {@code queue}: record in the message itself that it is about to be
     * offered to {@code queue} at {@code index}, so the consumer, which knows which message to expect next, can take it
     * from the message's own cache line without first reading the queue's slot. Call it only when the offer at that
     * index cannot fail, after the message's fields are written and before the offer. Application code has no reason
     * to call it: a false announcement would make an agent take this message as the one at that index.
     *
     * @param queue the queue's identity: a number no other queue in this JVM ever uses, not 0.
     * @param index the queue's producer index the offer will use, at least 0.
     */
    public final void announce(final long queue, final long index)
    {
        if (announcedQueue == queue)
        {
            // Announced to this queue before, as a ring's or a feed's messages always are: the index alone moves, and
            // the queue's field stays a line the consumer reads without the producer taking it back.
            ANNOUNCED_INDEX.setRelease(this, index);
            return;
        }
        // Invalidate first: a reader that sees the new queue must not pair it with the previous announcement's index.
        ANNOUNCED_INDEX.setOpaque(this, NOT_ANNOUNCED);
        VarHandle.storeStoreFence();
        announcedQueue = queue;
        ANNOUNCED_INDEX.setRelease(this, index);
    }

    /**
     * Framework use, by the consumer of {@code queue}: whether this message was announced to {@code queue} at
     * {@code index}. A {@code true} answer makes the producer's writes before the announcement visible to the caller.
     *
     * @param queue the queue's identity, as announced: not 0.
     * @param index the queue's consumer index, at least 0.
     * @return whether this message is the one at {@code index} of {@code queue}.
     */
    public final boolean isAnnounced(final long queue, final long index)
    {
        if ((long)ANNOUNCED_INDEX.getAcquire(this) != index)
        {
            return false;
        }
        final long to = announcedQueue;
        VarHandle.loadLoadFence();
        // Read again: an announcement that started since the first read invalidated the index before it moved the queue.
        return to == queue && (long)ANNOUNCED_INDEX.getAcquire(this) == index;
    }

    /**
     * Framework use: the message the ring this message belongs to takes after this one, which is the one that ring's
     * producer is likely to publish next; a consumer reads it ahead to spare itself a cache miss.
     *
     * @return the next message of this message's ring, or {@code null} if it belongs to no ring.
     */
    public final PooledMessage ringSuccessor()
    {
        final SingleThreadMessageRing<?> home = ring;
        return null == home ? null : home.atPosition(ringPosition + 1);
    }

    /**
     * The count as the calling thread last saw it, with no ordering: for a {@link SpscMessageRing}'s consumer, which
     * only needs to know whether its own handlers retained the message (their retains are its own writes). A release
     * by another thread that it misses only makes it take the message out of the ring when it could have stayed.
     */
    final int refCountPlain()
    {
        return (int)REF_COUNT.get(this);
    }

    /**
     * Tell the {@link SpscMessageRing} this message lies in, if any, that a reference to it was taken or is being
     * dropped, so its consumer reads the counts (see {@link SpscMessageRing#afterDrain(long, long)}).
     */
    private void noteHolderChange()
    {
        final SpscMessageRing<?> inRing = spscRing;
        if (null != inRing)
        {
            inRing.holderChanged();
        }
    }

    /** The ring claims this free message: it now waits in the ring's slot. */
    final void lendToRing(final SingleThreadMessageRing<?> home)
    {
        ring = home;
        RING_STATE.setRelease(this, RING_FREE);
    }

    /**
     * The ring's taker takes the message from its slot if it is back: its owner while it is open, then its closer, then
     * the pool reclaiming a closed ring, one at a time. The acquire read pairs with {@link #returnToRing()}, so the
     * releaser's reset is visible.
     */
    final boolean takeFromRing()
    {
        if (RING_FREE != (int)RING_STATE.getAcquire(this))
        {
            return false;
        }
        // Only the ring's one taker moves a message out of FREE, and nobody else can see it until it is handed on.
        RING_STATE.set(this, RING_IN_USE);
        return true;
    }

    /**
     * The last releaser, after the reset, puts the message back in its ring slot, open or closed: a release store and
     * no atomic read-modify-write, since only the taker of a ring's messages ever moves one out of FREE, and never
     * while it is out. Whoever takes it next (the ring's owner, or after the ring closed the pool) sees the reset.
     */
    final void returnToRing()
    {
        RING_STATE.setRelease(this, RING_FREE);
    }

    final void bindTo(final ObjectPool<?> home)
    {
        pool = home;
    }

    /** Called by the pool only while the message is free, so no other thread can observe the count. */
    final void setFirstReference()
    {
        REF_COUNT.setRelease(this, 1);
    }

    private IllegalStateException unmatchedRelease(final int current)
    {
        if (null != pool)
        {
            pool.countInvalidRelease();
        }
        return new IllegalStateException(
            "release of " + describe() + " without a matching reference (refCount=" + current +
            "): released more often than acquired/retained; the pool's free list was not touched");
    }

    private IllegalStateException retainOfFreeMessage(final int current)
    {
        return new IllegalStateException(
            "retain of " + describe() + " that holds no reference (refCount=" + current +
            "): it is free in its pool and must not be used");
    }

    private String describe()
    {
        return getClass().getName() + "@" + Integer.toHexString(System.identityHashCode(this)) +
            (null == pool ? " (no pool)" : " from pool '" + pool.name() + "'");
    }
}
