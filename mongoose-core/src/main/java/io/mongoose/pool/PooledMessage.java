package io.mongoose.pool;

import io.mongoose.internal.DebugChecks;
import io.mongoose.internal.MessageAccess;
import io.mongoose.internal.MessageTypes;

import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;

/**
 * Base class of every message that travels through Mongoose.
 *
 * <p>A pooled message carries its own reference count and a link to its home {@link ObjectPool}. {@link
 * ObjectPool#acquire()}
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
 * <p>Memory: the framework's fields (type id, reference count, pool, the ring it lies in, the ring sequence and the
 * publish stamp) are 32 bytes of the message itself, ahead of the subclass's fields, so dispatching a message touches
 * its own lines only.
 */
public abstract class PooledMessage
{
    /**
     * The count's atomic operations. A field updater rather than a {@code VarHandle}: its calls are plain virtual
     * calls, where each {@code VarHandle} call site links itself, allocating, the first time it runs, so a path first
     * taken under load (a handler's first retain, a refused publish) would allocate on the hot thread.
     */
    private static final AtomicIntegerFieldUpdater<PooledMessage> REF_COUNT =
        AtomicIntegerFieldUpdater.newUpdater(PooledMessage.class, "refCount");
    private static final AtomicLongFieldUpdater<PooledMessage> RING_SEQUENCE =
        AtomicLongFieldUpdater.newUpdater(PooledMessage.class, "ringSequence");
    /** {@link #ringSequence} of a message no ring has published since it entered its slot. */
    private static final long NOT_PUBLISHED = -1;
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

    static
    {
        MessageAccess.install(new FrameworkAccess());
    }

    /** The dense id of the message's class ({@link MessageTypes#idOf(Class)}), the index of dispatch tables. */
    final int typeId = MessageTypes.idOf(getClass());
    ObjectPool<?> pool;
    @SuppressWarnings("unused") // accessed through REF_COUNT
    private volatile int refCount;
    /**
     * The {@link SpscMessageRing} whose slot this message lies in, else {@code null}: a reference taken or dropped while
     * it lies there is counted by that ring, so its consumer need not read the count of every message it dispatches.
     * Written by the ring as the message enters a slot (before the publish that shows it to the consumer), by the
     * consumer as it leaves one and by the ring's closer, each before the ring's reference goes. A holder racing the
     * consumer's write may count a change the ring no longer cares about, which costs the consumer one read.
     */
    SpscMessageRing<?> spscRing;
    long publishNanos;
    /**
     * The sequence at which the {@link SpscMessageRing} this message lies in last published it: a consumer waiting for
     * its next message learns of the publish and receives the message in one cache transfer, as a record header
     * signals its record in Aeron's log buffers.
     */
    @SuppressWarnings("unused") // accessed through RING_SEQUENCE
    private volatile long ringSequence = NOT_PUBLISHED;

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
     *         {@link #retain()}'s not yet released. A publish takes one of them; a message with none can't be
     * published.
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
        return pool;
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
     * @throws IllegalStateException    if the message holds no reference (it is free in its pool), or if user code
     * would
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

    /** After the last reference: back to its pool's free list. */
    private void recycle()
    {
        pool.recycle(this);
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
                REF_COUNT.lazySet(this, next);
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
     * The count, read with volatile semantics.
     */
    private int count()
    {
        return REF_COUNT.get(this);
    }

    private boolean casCount(final int expected, final int next)
    {
        return REF_COUNT.compareAndSet(this, expected, next);
    }

    /** The sole holder's last release: an ordered store publishes the reset-to-free to the next acquirer. */
    private void freeCount()
    {
        REF_COUNT.lazySet(this, 0);
    }

    /**
     * The raw count (held and queued references, as {@link #HELD} and {@link #QUEUED} units) as the calling thread last
     * saw it, with no ordering: for a {@link SpscMessageRing}'s consumer, which only needs to know whether its own
     * handlers retained the message (their retains are its own writes). A release by another thread that it misses
     * only makes it take the message out of the ring when it could have stayed.
     */
    final int rawCountPlain()
    {
        return REF_COUNT.get(this);
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

    /**
     * A {@link SpscMessageRing}'s producer, as this message enters a slot: not published there yet. Before the store
     * that puts it in the slot, so a consumer that finds it there never pairs it with a sequence another ring gave it.
     */
    final void enterRing()
    {
        RING_SEQUENCE.lazySet(this, NOT_PUBLISHED);
    }

    /**
     * A {@link SpscMessageRing}'s producer publishes this message at {@code sequence}, after writing its fields.
     *
     * @param sequence the ring's sequence, at least 0.
     */
    final void publishInRing(final long sequence)
    {
        RING_SEQUENCE.lazySet(this, sequence);
    }

    /**
     * A {@link SpscMessageRing}'s consumer: whether this message, read from its slot, was published at
     * {@code sequence}. A {@code true} answer makes the producer's writes before the publish visible.
     *
     * @param sequence the sequence the consumer expects next.
     * @return whether published there.
     */
    final boolean isPublishedAt(final long sequence)
    {
        return RING_SEQUENCE.get(this) == sequence;
    }

    final void bindTo(final ObjectPool<?> home)
    {
        pool = home;
    }

    /** Called by the pool only while the message is free, so no other thread can observe the count. */
    final void setFirstReference()
    {
        REF_COUNT.lazySet(this, HELD);
    }

    /**
     * A {@link SpscMessageRing} takes a free message into a slot: the slot's reference is a queue's, which no release
     * by user code can drop. Only while no other thread can see the message.
     */
    final void setRingReference()
    {
        REF_COUNT.lazySet(this, QUEUED);
    }

    private IllegalStateException unmatchedRelease(final int current)
    {
        if (null != pool)
        {
            pool.countInvalidRelease();
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
            (null == pool ? " (no pool)" : " from pool '" + pool.name() + "'");
    }
}
