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
 * <p>References held by user code (the acquirer's, and each {@link #retain()}'s) are counted apart from those the
 * framework holds for delivery (one per queue a message waits in, or the ring slot it lies in). A publish turns one of
 * the first kind into the second, and refuses a message whose caller holds none (published already, or released), so
 * a message is never delivered twice on one reference. A {@link #release()} drops one of the first kind only: a
 * handler that releases a message it did not retain is refused, and no queue ever holds a message that went back to
 * its pool.
 *
 * <p>Threading: reference counting is thread-safe; the message's own fields follow the usual hand-off rule: written by
 * the producer before publish, read by handlers after, never written by two threads at once.
 *
 * <p>Memory: a message carries two framework fields after the object header (with compressed references): a
 * reference to its {@code PooledMessageState} (type, pool, reference count, ring bookkeeping, the announced queue and
 * the stamp, in an object of their own) and the announced index, 12 bytes in all, so a message of two {@code long}s is
 * 40 bytes. Why so few: on a ring feed every message a publish writes crosses from the producer's core to the agent's,
 * a cache line at a time. With all these fields in the message (96 bytes, with padding) each publish wrote more lines
 * than a Disruptor's 32-byte events take; in far placements, at 10M msg/s and unpaced, that was much of what held
 * Mongoose back (see {@code docs/architecture.md}, "The message's state beside it").
 * Where a pool's messages lie relative to each other is its {@link MessageLayout}: by default spaced, each message
 * keeping the state its constructor made right after it, so neighbours share no line and a ring's producer does not
 * fill the line its agent is reading; or packed, two to a line as a Disruptor's events are (the pool gives them states
 * made after all of them, and a compacting collection closes the gaps the first ones leave; the server's start-up
 * layout runs one for ring feeds). See {@code docs/architecture.md}, "Packed, as an option". The announced index stays
 * in the message, right before the subclass's fields, so an agent waiting on the announcement most often takes the
 * payload in the same cache transfer. A ring feed's publish and dispatch touch the message alone (the ring writes its
 * identity into the state once, as a message enters a slot); a queue feed's acquire and release write the state's
 * count, which a {@link SingleThreadMessageRing} keeps off the line the producer is filling by taking its slots three
 * apart.
 *
 * <p>Announcement: before offering a message to a feed's only subscriber queue, the publisher records that queue and
 * the index in the message ({@link #announce(long, long)}), and an agent that expects this message (the next of its
 * ring) takes it from there, one cache miss sooner than through the queue's slot. See {@code docs/architecture.md}.
 */
public abstract class PooledMessage
{
    private static final VarHandle REF_COUNT;
    private static final VarHandle RING_STATE;
    private static final VarHandle ANNOUNCED_INDEX;
    private static final long NOT_ANNOUNCED = -1;
    /**
     * One reference held outside the framework: the acquirer's, or one taken with {@link #retain()}. The count keeps
     * these in its low 16 bits and the framework's in its high bits, so a publish can tell a reference its caller
     * holds from one a queue holds, and no release by user code can drop a reference a queue still needs.
     */
    static final int HELD = 1;
    /** One reference held by a feed's queue or ring slot for delivery: taken by a publish, dropped after dispatch. */
    static final int QUEUED = 1 << 16;
    private static final int HELD_MASK = QUEUED - 1;
    /** Most references held outside the framework at once. */
    static final int MAX_HELD = HELD_MASK;
    /** Most references held by queues at once: the count stays positive. */
    static final int MAX_QUEUED = Short.MAX_VALUE;
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

    /**
     * The framework's fields that a publish does not write. Made right after the message; not final: a pool whose
     * layout is {@link MessageLayout#PACKED} gives its up-front messages fresh ones once all of them exist
     * ({@link #renewState()}), before any other thread can see them (see "Memory" above).
     */
    PooledMessageState state = new PooledMessageState(MessageTypes.idOf(getClass()));
    /**
     * The index at which this message was last announced to {@link PooledMessageState#announcedQueue} (see
     * {@link #announce(long, long)}), written around the queue like a sequence lock, so a reader never pairs one
     * announcement's queue with another's index. In the message itself, the last framework field, so the JVM lays it
     * out right before a subclass's own fields and the consumer reads both in one transfer.
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
     * @return the current reference count: those held by user code (the acquirer's and every {@link #retain()}'s) and
     *         those the framework holds for delivery; 0 means the message is free in its pool and must not be touched.
     */
    public final int refCount()
    {
        final int count = count();
        return (count & HELD_MASK) + (count >>> 16);
    }

    /**
     * @return the references held outside the framework: the acquirer's, until it publishes or releases it, and every
     *         {@link #retain()}'s not yet released. A publish takes one of them; a message with none can't be published.
     */
    final int heldCount()
    {
        return count() & HELD_MASK;
    }

    /**
     * @return the pool this message returns to, or {@code null} if it was never bound to one.
     */
    public final ObjectPool<?> pool()
    {
        return state.pool;
    }

    /**
     * @return a small dense integer naming this message's concrete class, used to index dispatch tables.
     */
    public final int typeId()
    {
        return state.typeId;
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
        return state.publishNanos;
    }

    /**
     * Stamp the publish time; called by the feed's publisher, only by the thread that publishes the message.
     *
     * @param nanos a {@link System#nanoTime()} reading.
     */
    public final void stampPublishNanos(final long nanos)
    {
        state.publishNanos = nanos;
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
     * Take {@code count} more references at once (one atomic operation). The caller must already hold one, or be a
     * handler of the message, which may keep it past its return this way.
     *
     * @param count references to add, from 1 to 65,535.
     * @throws IllegalArgumentException if {@code count} is out of range.
     * @throws IllegalStateException    if the message holds no reference (it is free in its pool), or if user code would
     *                                  then hold more than 65,535 references to it.
     */
    public final void retain(final int count)
    {
        if (count < 1 || count > MAX_HELD)
        {
            throw new IllegalArgumentException("count: " + count + "; expected 1 to " + MAX_HELD);
        }
        int current;
        do
        {
            current = count();
            if (0 == current)
            {
                throw retainOfFreeMessage(current);
            }
            if ((current & HELD_MASK) + count > MAX_HELD)
            {
                throw new IllegalStateException("retain of " + describe() + ": " + (current & HELD_MASK) + " + " +
                    count + " references; expected at most " + MAX_HELD + " held at once");
            }
        }
        while (!casCount(current, current + count));
        noteHolderChange();
    }

    /**
     * Drop one reference held by user code (the acquirer's, or one taken with {@link #retain()}); the last reference
     * returns the message to its pool.
     *
     * <p>Dropping the last reference costs no atomic read-modify-write: a holder that sees the count at one is its only
     * holder, so nobody can legitimately retain or release it concurrently. A later release of the freed message is
     * always detected; two threads releasing the same last reference at the same instant (a double release racing
     * itself) is detected with {@link DebugChecks} on.
     *
     * @return {@code true} if this call released the last reference and the message went back to its pool.
     * @throws IllegalStateException if user code holds no reference to drop: the release has no matching acquire or
     *                               retain (a handler that keeps a message must retain it first). The pool counts it,
     *                               and the references the framework holds for delivery are left untouched.
     */
    public final boolean release()
    {
        if (dropHeld())
        {
            recycle();
            return true;
        }
        return false;
    }

    /**
     * Framework use: drop one reference a queue or ring slot held for delivery, once the message is dispatched or
     * found undelivered at stop; the last one returns the message to its pool.
     *
     * @return {@code true} if it was the last reference.
     * @throws IllegalStateException if no queue holds a reference to it.
     */
    final boolean releaseQueued()
    {
        if (dropQueued())
        {
            recycle();
            return true;
        }
        return false;
    }

    /** After the last reference: back to the ring slot it came from, or to its pool's free list. */
    private void recycle()
    {
        final SingleThreadMessageRing<?> home = state.ring;
        if (null != home)
        {
            home.giveBack(this);
        }
        else
        {
            state.pool.recycle(this);
        }
    }

    /**
     * Drop one reference held by user code without recycling.
     *
     * @return {@code true} if it was the last: the caller now owns a free message and must hand it to its pool.
     */
    final boolean dropHeld()
    {
        noteHolderChange();
        for (;;)
        {
            final int current = count();
            if (0 == (current & HELD_MASK))
            {
                throw unmatchedRelease(current);
            }
            if (HELD == current && !DebugChecks.ENABLED)
            {
                // The sole holder: an ordered store publishes the reset-to-free to the next acquirer without a lock.
                freeCount();
                return true;
            }
            if (casCount(current, current - HELD))
            {
                return HELD == current;
            }
        }
    }

    /**
     * Drop one reference a queue held without recycling.
     *
     * @return {@code true} if it was the last: the caller now owns a free message and must hand it to its pool.
     */
    final boolean dropQueued()
    {
        noteHolderChange();
        for (;;)
        {
            final int current = count();
            if (current < QUEUED)
            {
                throw new IllegalStateException("framework release of " + describe() + " that no queue holds " +
                    "(refCount=" + refCount() + ")");
            }
            if (QUEUED == current && !DebugChecks.ENABLED)
            {
                freeCount();
                return true;
            }
            if (casCount(current, current - QUEUED))
            {
                return QUEUED == current;
            }
        }
    }

    /**
     * Framework use, by a publish: turn one reference user code holds into {@code queues} references held for delivery,
     * one per queue the message is about to be offered to. Refused, changing nothing, when user code holds none: the
     * message was already published (or never acquired), so offering it would hand out references nobody has.
     *
     * @param queues how many queues it is offered to, at least 1.
     * @return {@code false} if user code holds no reference to it.
     */
    final boolean handOver(final int queues)
    {
        for (;;)
        {
            final int current = count();
            if (0 == (current & HELD_MASK))
            {
                return false;
            }
            final int next = current - HELD + queues * QUEUED;
            if (HELD == current && !DebugChecks.ENABLED)
            {
                // The sole holder: nobody else may touch the count, and the offer that follows publishes it.
                REF_COUNT.set(state, next);
                return true;
            }
            if ((current >>> 16) + queues > MAX_QUEUED)
            {
                throw new IllegalStateException("publish of " + describe() + " to " + queues + " queues with " +
                    (current >>> 16) + " already queued; expected at most " + MAX_QUEUED + " at once");
            }
            if (casCount(current, next))
            {
                noteHolderChange();
                return true;
            }
        }
    }

    /**
     * Framework use: undo {@link #handOver(int)} before the message was offered to any queue.
     *
     * @param queues as handed over.
     */
    final void takeBack(final int queues)
    {
        int current;
        do
        {
            current = count();
        }
        while (!casCount(current, current + HELD - queues * QUEUED));
    }

    /**
     * The count, read with volatile semantics. Every read and compare-and-set of the count goes through one of these two
     * methods, so the first publish links the only call sites there are, and a path taken for the first time later
     * (a refused publish, say) allocates nothing to link its own.
     */
    private int count()
    {
        return (int)REF_COUNT.getVolatile(state);
    }

    private boolean casCount(final int expected, final int next)
    {
        return REF_COUNT.compareAndSet(state, expected, next);
    }

    /** The sole holder's last release: an ordered store publishes the reset-to-free to the next acquirer. */
    private void freeCount()
    {
        REF_COUNT.setRelease(state, 0);
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
        if (state.announcedQueue == queue)
        {
            // Announced to this queue before, as a ring's or a feed's messages always are: the index alone moves, and
            // the queue's field stays a line the consumer reads without the producer taking it back.
            ANNOUNCED_INDEX.setRelease(this, index);
            return;
        }
        // Invalidate first: a reader that sees the new queue must not pair it with the previous announcement's index.
        ANNOUNCED_INDEX.setOpaque(this, NOT_ANNOUNCED);
        VarHandle.storeStoreFence();
        state.announcedQueue = queue;
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
        final long to = state.announcedQueue;
        VarHandle.loadLoadFence();
        // Read again: an announcement that started since the first read invalidated the index before it moved the queue.
        return to == queue && (long)ANNOUNCED_INDEX.getAcquire(this) == index;
    }

    /**
     * A {@link SpscMessageRing}'s producer, as this message enters one of its slots: no index announced, and the ring as
     * the announced queue, in that order (as {@link #announce(long, long)} moves to another queue). From here until the
     * message leaves the slot only that ring's producer announces it, by {@link #announceInRing(long)}.
     *
     * @param ring the ring's identity ({@link AnnouncementIdentities#next()}).
     */
    final void enterRing(final long ring)
    {
        ANNOUNCED_INDEX.setOpaque(this, NOT_ANNOUNCED);
        VarHandle.storeStoreFence();
        state.announcedQueue = ring;
    }

    /**
     * A {@link SpscMessageRing}'s producer publishes this message at {@code index}: the index alone, since the queue is
     * the ring's from {@link #enterRing(long)} on, so a ring's publish writes nothing outside the message.
     *
     * @param index the ring's sequence, at least 0.
     */
    final void announceInRing(final long index)
    {
        ANNOUNCED_INDEX.setRelease(this, index);
    }

    /**
     * A {@link SpscMessageRing}'s consumer: whether this message, read from the ring's slot, was announced at
     * {@code index}. The index alone decides, reading nothing outside the message: the message entered the slot with no
     * index ({@link #enterRing(long)}) and only the ring's producer announces it there, with sequences that only grow.
     * A {@code true} answer makes the producer's writes before the announcement visible to the caller.
     *
     * @param index the ring's sequence the consumer expects next, at least 0.
     * @return whether announced at {@code index}.
     */
    final boolean isAnnouncedInRing(final long index)
    {
        return (long)ANNOUNCED_INDEX.getAcquire(this) == index;
    }

    /**
     * Framework use: the message the ring this message belongs to takes after this one, which is the one that ring's
     * producer is likely to publish next; a consumer reads it ahead to spare itself a cache miss.
     *
     * @return the next message of this message's ring, or {@code null} if it belongs to no ring.
     */
    public final PooledMessage ringSuccessor()
    {
        final SingleThreadMessageRing<?> home = state.ring;
        return null == home ? null : home.atPosition(state.ringPosition + 1);
    }

    /**
     * The raw count (held and queued references, as {@link #HELD} and {@link #QUEUED} units) as the calling thread last
     * saw it, with no ordering: for a {@link SpscMessageRing}'s consumer, which only needs to know whether its own
     * handlers retained the message (their retains are its own writes). A release by another thread that it misses
     * only makes it take the message out of the ring when it could have stayed.
     */
    final int rawCountPlain()
    {
        return (int)REF_COUNT.get(state);
    }

    /**
     * Tell the {@link SpscMessageRing} this message lies in, if any, that a reference to it was taken or is being
     * dropped, so its consumer reads the counts (see {@link SpscMessageRing#afterDrain(long, long)}).
     */
    private void noteHolderChange()
    {
        final SpscMessageRing<?> inRing = state.spscRing;
        if (null != inRing)
        {
            inRing.holderChanged();
        }
    }

    /** The ring claims this free message: it now waits in the ring's slot. */
    final void lendToRing(final SingleThreadMessageRing<?> home)
    {
        state.ring = home;
        RING_STATE.setRelease(state, RING_FREE);
    }

    /**
     * The ring's taker takes the message from its slot if it is back: its owner while it is open, then its closer, then
     * the pool reclaiming a closed ring, one at a time. The acquire read pairs with {@link #returnToRing()}, so the
     * releaser's reset is visible.
     */
    final boolean takeFromRing()
    {
        if (RING_FREE != (int)RING_STATE.getAcquire(state))
        {
            return false;
        }
        // Only the ring's one taker moves a message out of FREE, and nobody else can see it until it is handed on.
        RING_STATE.set(state, RING_IN_USE);
        return true;
    }

    /**
     * The last releaser, after the reset, puts the message back in its ring slot, open or closed: a release store and
     * no atomic read-modify-write, since only the taker of a ring's messages ever moves one out of FREE, and never
     * while it is out. Whoever takes it next (the ring's owner, or after the ring closed the pool) sees the reset.
     */
    final void returnToRing()
    {
        RING_STATE.setRelease(state, RING_FREE);
    }

    /**
     * Give this message a state allocated now, with the same type and pool. A {@link MessageLayout#PACKED} pool calls it
     * for each of its up-front messages once it has made all of them, so the states lie after the messages rather than
     * between them, and a compacting collection (which keeps the heap's order) leaves the messages next to each other.
     * Only while no other thread can see the message: the pool's free list publishes the new state with it.
     */
    final void renewState()
    {
        final PooledMessageState fresh = new PooledMessageState(state.typeId);
        fresh.pool = state.pool;
        state = fresh;
    }

    final void bindTo(final ObjectPool<?> home)
    {
        state.pool = home;
    }

    /** Called by the pool only while the message is free, so no other thread can observe the count. */
    final void setFirstReference()
    {
        REF_COUNT.setRelease(state, HELD);
    }

    /**
     * A {@link SpscMessageRing} takes a free message into a slot: the slot's reference is a queue's, which no release
     * by user code can drop. Only while no other thread can see the message.
     */
    final void setRingReference()
    {
        REF_COUNT.setRelease(state, QUEUED);
    }

    private IllegalStateException unmatchedRelease(final int current)
    {
        if (null != state.pool)
        {
            state.pool.countInvalidRelease();
        }
        if (0 != current)
        {
            return new IllegalStateException("release of " + describe() + " without a matching reference: its " +
                (current >>> 16) + " references are held by queues for delivery, none by user code; a handler that " +
                "keeps a message must retain() it before it releases it");
        }
        return new IllegalStateException(
            "release of " + describe() + " without a matching reference (refCount=0): released more often than " +
            "acquired/retained; the pool's free list was not touched");
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
            (null == state.pool ? " (no pool)" : " from pool '" + state.pool.name() + "'");
    }
}
