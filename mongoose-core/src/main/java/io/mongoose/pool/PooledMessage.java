package io.mongoose.pool;

import io.mongoose.internal.DebugChecks;
import io.mongoose.internal.MessageAccess;
import io.mongoose.internal.MessageTypes;

import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;

/**
 * Base class of every message: {@link ObjectPool#acquire()} hands one out holding the caller's reference, a holder that
 * keeps it {@link #retain()}s it, a publish hands the reference to the framework, and the last {@link #release()}
 * returns it to its pool. User code's references are counted apart from the queues' (docs/architecture.md,
 * "Ownership"). Counting is thread-safe; the producer writes the fields before publish, handlers read them after.
 */
public abstract class PooledMessage
{
    // Field updaters, not VarHandles: a VarHandle call site links itself, allocating, the first time it runs, and
    // some of these first run under load (a handler's first retain, a refused publish).
    private static final AtomicIntegerFieldUpdater<PooledMessage> REF_COUNT =
        AtomicIntegerFieldUpdater.newUpdater(PooledMessage.class, "refCount");
    private static final AtomicLongFieldUpdater<PooledMessage> RING_SEQUENCE =
        AtomicLongFieldUpdater.newUpdater(PooledMessage.class, "ringSequence");
    /** {@link #ringSequence} of a message no ring has published since it entered its slot. */
    private static final long NOT_PUBLISHED = -1;
    /** One reference held by user code (the acquirer's or a retain's), counted in the low 16 bits. */
    static final int HELD = 1;
    /** One reference held by a queue or ring slot for delivery, counted in the high bits. */
    static final int QUEUED = 1 << 16;
    private static final int HELD_MASK = QUEUED - 1;
    static final int MAX_HELD = HELD_MASK;
    /** Keeps the count positive. */
    static final int MAX_QUEUED = Short.MAX_VALUE;

    static
    {
        MessageAccess.install(new FrameworkAccess());
    }

    /** The dense id of the message's class ({@link MessageTypes#idOf(Class)}): the index into dispatch tables. */
    final int typeId = MessageTypes.idOf(getClass());
    ObjectPool<?> pool;
    @SuppressWarnings("unused") // accessed through REF_COUNT
    private volatile int refCount;
    /** The {@link SpscMessageRing} whose slot it lies in, set before its publish, cleared before the ring lets go. */
    SpscMessageRing<?> spscRing;
    long publishNanos;
    /** The sequence at which its {@link SpscMessageRing} last published it, so the consumer polls the message. */
    @SuppressWarnings("unused") // accessed through RING_SEQUENCE
    private volatile long ringSequence = NOT_PUBLISHED;

    /** Subclasses are created by their pool's factory. */
    protected PooledMessage()
    {
    }

    /** Runs as the last reference goes, on the releasing thread: clear what must not leak into the next use. */
    protected void reset()
    {
    }

    /** @return references held by user code and by the framework; 0 means free in its pool, not to be touched. */
    public final int refCount()
    {
        final int count = count();
        return (count & HELD_MASK) + (count >>> 16);
    }

    /** @return references held by user code; a publish takes one, so a message with none can't be published. */
    final int heldCount()
    {
        return count() & HELD_MASK;
    }

    /** @return the pool this message returns to, or {@code null} if it was never bound to one. */
    public final ObjectPool<?> pool()
    {
        return pool;
    }

    /** @return the {@link System#nanoTime()} of the latest publish by a stamping feed, 0 if never; kept on release. */
    public final long publishNanos()
    {
        return publishNanos;
    }

    /** Take one more reference; the caller must hold one, and a message free in its pool throws. */
    public final void retain()
    {
        retain(1);
    }

    /**
     * Take {@code count} (1 to 65,535) more references at once, as a holder or a handler of the message; throws if it
     * is free in its pool or user code would then hold more than 65,535.
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
     * Drop one reference held by user code, which must hold one (else it throws, counted by the pool); {@code true} if
     * it was the last, returning the message to its pool. Two threads racing for the sole last reference are caught
     * only with {@link DebugChecks} on.
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

    /** Drop a queue's or ring slot's reference; {@code true} if it was the last and the message went back. */
    final boolean releaseQueued()
    {
        if (dropQueued())
        {
            recycle();
            return true;
        }
        return false;
    }

    private void recycle()
    {
        pool.recycle(this);
    }

    /** @return {@code true} if the reference dropped, one held by user code, was the last: the caller recycles it. */
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
                freeCount();
                return true;
            }
            if (casCount(current, current - HELD))
            {
                return HELD == current;
            }
        }
    }

    /** @return {@code true} if the reference dropped, a queue's, was the last: the caller recycles it. */
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

    /** Turn a reference held by user code into one per queue; {@code false}, changing nothing, if it holds none. */
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
                // The sole holder: nobody else touches the count, and the offer that follows publishes it.
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

    /** Undo {@link #handOver(int)} before the message was offered to any queue. */
    final void takeBack(final int queues)
    {
        int current;
        do
        {
            current = count();
        }
        while (!casCount(current, current + HELD - queues * QUEUED));
    }

    private int count()
    {
        return REF_COUNT.get(this);
    }

    private boolean casCount(final int expected, final int next)
    {
        return REF_COUNT.compareAndSet(this, expected, next);
    }

    /** The sole holder's last release: the ordered store publishes the free count to the next acquirer. */
    private void freeCount()
    {
        REF_COUNT.lazySet(this, 0);
    }

    /** For a ring's consumer asking whether its handlers retained the message; a release it misses costs a refill. */
    final int rawCountPlain()
    {
        return REF_COUNT.get(this);
    }

    /** A reference was taken or is being dropped: the ring the message lies in, if any, must read the counts. */
    private void noteHolderChange()
    {
        final SpscMessageRing<?> inRing = spscRing;
        if (null != inRing)
        {
            inRing.holderChanged();
        }
    }

    /** Before the slot store, so a consumer never pairs the message with a sequence another ring gave it. */
    final void enterRing()
    {
        RING_SEQUENCE.lazySet(this, NOT_PUBLISHED);
    }

    /** The ring's producer publishes the message at {@code sequence}, after writing its fields. */
    final void publishInRing(final long sequence)
    {
        RING_SEQUENCE.lazySet(this, sequence);
    }

    /** @return whether published at {@code sequence}; {@code true} makes the producer's prior writes visible. */
    final boolean isPublishedAt(final long sequence)
    {
        return RING_SEQUENCE.get(this) == sequence;
    }

    final void bindTo(final ObjectPool<?> home)
    {
        pool = home;
    }

    /** Only while the message is free, so no other thread observes the count. */
    final void setFirstReference()
    {
        REF_COUNT.lazySet(this, HELD);
    }

    /** A free message enters a ring slot holding a queue's reference; only while no other thread sees it. */
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
