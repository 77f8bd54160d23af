package io.mongoose.pool;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One producer thread's ring of messages lent by an {@link ObjectPool}: {@link #acquire()} hands out the message in the
 * next slot, and the message's last release puts it back in that slot instead of on the pool's free list. The LMAX
 * Disruptor's pre-allocated ring, with reference counts deciding when a slot is free again.
 *
 * <p>Why: through the pool's free list, every message makes a round trip through a shared queue whose slots were last
 * written by another core (the releasing agent), so the producer pays cache misses on the free list itself on top of
 * the message, and the agent pays a claim on the free list per drain. Through a ring, a message goes from the releasing
 * agent straight back to its slot, and the producer touches only the message it is about to fill anyway. At 10M msg/s
 * on 2 cores this took the publisher from most of its time in the free list to mostly waiting for its schedule (see
 * {@code docs/benchmark-method.md}).
 *
 * <p>A slot whose message is still out (the queue behind it is long, or a handler retained it) is skipped: that acquire
 * takes a message from the pool instead, under the pool's {@link ExhaustionPolicy}, and the ring moves on. Messages
 * waiting in the ring are free: the pool counts them in {@link ObjectPool#free()}, reserved for this ring's thread
 * until it takes them or {@link #close()} returns them. Closing returns the ring's free messages to the pool at once,
 * and each message still out goes to the pool's free list at its last release.
 *
 * <p>Threading: acquire and close on one thread only, the producer's; any thread may release the messages (that is
 * where they travel). Allocation-free after construction. Create it with {@link ObjectPool#newThreadRing(int)}.
 *
 * @param <T> the message type.
 */
public final class SingleThreadMessageRing<T extends PooledMessage> implements AutoCloseable
{
    private static final VarHandle TAKEN;

    static
    {
        try
        {
            TAKEN = MethodHandles.lookup().findVarHandle(SingleThreadMessageRing.class, "taken", long.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    /**
     * Consecutive slots hold messages this many apart in the order the ring claimed them (the order the pool created
     * them, for a new pool). A message is a few dozen bytes, so neighbours in creation order share cache lines: with
     * the ring walking them in that order, the agent releasing one message wrote the line the producer was filling the
     * next one in, and the line crossed cores twice per message. At 1M msg/s on 2 cores, p50 in the machine's fast mode
     * went from about 195 ns to about 178 ns (six interleaved runs each).
     */
    static final int SPREAD = 8;

    private final ObjectPool<T> pool;
    private final PooledMessage[] slots;
    private final int mask;
    private int next;
    private boolean closed;
    // Messages taken from the ring, ever: written by the owner only (plain read, ordered write), read by stats.
    @SuppressWarnings("unused") // accessed through TAKEN
    private volatile long taken;
    // Messages put back, ever: added by releasing threads (once per drain from an agent's release batch).
    private final AtomicLong returned = new AtomicLong();

    /**
     * @param pool    the pool that lends the messages.
     * @param claimed free messages claimed from the pool, a power of two of them, in the order the pool handed them over.
     */
    SingleThreadMessageRing(final ObjectPool<T> pool, final PooledMessage[] claimed)
    {
        this.pool = pool;
        this.slots = spread(claimed);
        this.mask = slots.length - 1;
        for (final PooledMessage message : slots)
        {
            message.lendToRing(this);
        }
    }

    /**
     * Hand out the message in the next slot, or, if it is still out, one from the pool.
     *
     * @return a reset message with {@code refCount() == 1}.
     * @throws PoolExhaustedException as {@link ObjectPool#acquire()}, when the slot's message is out and the pool is
     *                                empty.
     * @throws IllegalStateException  if the ring is closed.
     */
    public T acquire()
    {
        final T message = take();
        return null != message ? message : fromPool().acquire();
    }

    /**
     * Hand out the message in the next slot, or one from the pool's free list, never growing or waiting.
     *
     * @return a message holding one reference, or {@code null} (counted as exhaustion by the pool).
     * @throws IllegalStateException if the ring is closed.
     */
    public T tryAcquire()
    {
        final T message = take();
        return null != message ? message : fromPool().tryAcquire();
    }

    /**
     * @return the ring's slots: the messages lent to it.
     */
    public int size()
    {
        return slots.length;
    }

    /**
     * @return messages waiting in the ring, free (exact when no message is moving; a message released through an
     *         agent's release batch counts as out until that batch flushes); 0 once closed.
     */
    public int free()
    {
        if (closed)
        {
            return 0;
        }
        final long out = (long)TAKEN.getAcquire(this) - returned.get();
        return (int)Math.max(0, Math.min(slots.length, slots.length - out));
    }

    /**
     * @return the pool behind this ring.
     */
    public ObjectPool<T> pool()
    {
        return pool;
    }

    /**
     * Return the ring's free messages to the pool's free list and detach from the pool; each message still out goes
     * to the pool's free list at its last release. Later acquires throw; closing again does nothing.
     */
    @Override
    public void close()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        for (final PooledMessage message : slots)
        {
            if (message.detachFromRing())
            {
                message.ring = null;
                pool.returnUnused(message);
            }
        }
        pool.detach(this);
    }

    @Override
    public String toString()
    {
        return "SingleThreadMessageRing[pool=" + pool.name() + ", size=" + slots.length + ", free=" + free() +
            (closed ? ", closed" : "") + "]";
    }

    /**
     * The last release of one of this ring's messages, by {@link PooledMessage#release()}: reset it, then put it back
     * in its slot (or on the pool's free list if the ring closed meanwhile), and count it.
     */
    void giveBack(final PooledMessage message)
    {
        if (giveBackUncounted(message))
        {
            returned.incrementAndGet();
        }
    }

    /**
     * As {@link #giveBack(PooledMessage)}, for a release batch that counts its returns once per flush with
     * {@link #countReturned(int)}.
     *
     * @return {@code true} if the message went back to its slot and is still to be counted.
     * @throws RuntimeException whatever the message's {@code reset()} threw; the message is back all the same.
     */
    boolean giveBackUncounted(final PooledMessage message)
    {
        boolean reset = false;
        final boolean inRing;
        try
        {
            pool.prepareReturn(message);
            reset = true;
        }
        finally
        {
            // Reset first (the owner takes the message as soon as it reads FREE), then back to the slot.
            inRing = message.returnToRing();
            if (!inRing)
            {
                message.ring = null;
                pool.returnUnused(message);
            }
            else if (!reset)
            {
                returned.incrementAndGet(); // the reset's exception leaves the caller before it could count
            }
        }
        return inRing;
    }

    void countReturned(final int count)
    {
        returned.addAndGet(count);
    }

    /**
     * The hit path is kept to a few bytecodes so C2 inlines it into the caller's publish loop; the closed check lives
     * on the miss path, since a closed ring holds no free message.
     */
    private T take()
    {
        final PooledMessage message = slots[next];
        next = (next + 1) & mask;
        if (!message.takeFromRing())
        {
            return null;
        }
        TAKEN.setRelease(this, (long)TAKEN.get(this) + 1);
        // The pool lent only instances of T to this ring.
        @SuppressWarnings("unchecked") final T typed = (T)message;
        pool.handOut(typed);
        return typed;
    }

    /** Slot {@code i} gets claimed message {@code (i % rows) * SPREAD + i / rows}: neighbours {@link #SPREAD} apart. */
    private static PooledMessage[] spread(final PooledMessage[] claimed)
    {
        final int size = claimed.length;
        if (size < SPREAD)
        {
            return claimed;
        }
        final int rows = size / SPREAD;
        final PooledMessage[] slots = new PooledMessage[size];
        for (int i = 0; i < size; i++)
        {
            slots[i] = claimed[(i % rows) * SPREAD + i / rows];
        }
        return slots;
    }

    private ObjectPool<T> fromPool()
    {
        if (closed)
        {
            throw new IllegalStateException("ring of pool '" + pool.name() + "' is closed; acquire from the pool or " +
                "a new ring");
        }
        return pool;
    }
}
