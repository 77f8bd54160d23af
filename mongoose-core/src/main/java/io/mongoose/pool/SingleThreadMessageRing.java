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
 * <p>Take order: the ring takes its slots three apart ({@code 0, 3, 6, ...} modulo its size), not one after another.
 * The slots lie in memory in slot order (the pool allocates the messages in that order, and a collection copies them in
 * the order the slots array lists them), and a message's 16 bytes of padding keep only what a publish writes off its
 * neighbours' lines, so the fields a release writes can share a cache line with the next message. Taken in slot order,
 * the agent would write its release of one message on the line where the producer is filling the next; taken three
 * apart, neighbours in memory are taken a third of a lap apart, never close together and never half a lap apart, the
 * lag of a full queue half the ring's size.
 *
 * <p>A slot whose message is still out (the queue behind it is long, or a handler retained it) is skipped: that acquire
 * takes a message from the pool instead, under the pool's {@link ExhaustionPolicy}, and the ring moves on. Messages
 * waiting in the ring are free: the pool counts them in {@link ObjectPool#free()}, reserved for this ring's thread
 * until it takes them or {@link #close()} returns them. Closing returns the ring's free messages to the pool at once.
 * A message still out goes back to its slot at its last release as usual, and the pool takes it from there the next
 * time it counts its messages or finds its free list empty: that way a release never has to find out, with an atomic
 * read-modify-write on the message, whether the ring closed meanwhile.
 *
 * <p>Threading: acquire and close on one thread only, the producer's; any thread may release the messages (that is
 * where they travel). Allocation-free after construction. Create it with {@link ObjectPool#newThreadRing(int)}.
 *
 * @param <T> the message type.
 */
public final class SingleThreadMessageRing<T extends PooledMessage> extends MessageRingPadAfter<T>
    implements AutoCloseable
{
    private static final VarHandle TAKEN;

    static
    {
        try
        {
            TAKEN = MethodHandles.lookup().findVarHandle(MessageRingOwned.class, "taken", long.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    /**
     * Messages not yet back with the pool: all of them until close, then fewer with each reclaim. Written by the
     * closer, then by the pool's reclaimers under this ring's lock; past the padding, off the owner's hot line.
     */
    private int unreclaimed;

    SingleThreadMessageRing(final ObjectPool<T> pool, final PooledMessage[] slots)
    {
        super(pool, slots);
        unreclaimed = slots.length;
        for (int position = 0; position < slots.length; position++)
        {
            final PooledMessage message = slots[slotAt(position)];
            message.state.ringPosition = position;
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
     * back to its slot at its last release, where the pool reclaims it (see the class comment). Later acquires throw;
     * closing again does nothing.
     */
    @Override
    public void close()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        // No lock: until detach publishes this ring to the pool's reclaimers (a volatile write, which also publishes
        // what this reclaim wrote), the closing owner is still its only taker.
        reclaim();
        pool.detach(this);
    }

    /**
     * At close by the closer, then by the pool under this ring's lock (one taker at a time): return to the pool's free
     * list every message back in its slot, and let go of it.
     *
     * @return messages returned.
     */
    int reclaim()
    {
        int returned = 0;
        for (final PooledMessage message : slots)
        {
            // Taken back already, perhaps lent to another ring since: not this ring's any more.
            if (message.state.ring == this && message.takeFromRing())
            {
                message.state.ring = null;
                pool.returnUnused(message);
                returned++;
            }
        }
        unreclaimed -= returned;
        return returned;
    }

    /**
     * @return whether every message of this closed ring is back with the pool, so the pool can forget the ring.
     */
    boolean reclaimed()
    {
        return 0 == unreclaimed;
    }

    @Override
    public String toString()
    {
        return "SingleThreadMessageRing[pool=" + pool.name() + ", size=" + slots.length + ", free=" + free() +
            (closed ? ", closed" : "") + "]";
    }

    /**
     * The last release of one of this ring's messages, by {@link PooledMessage#release()}: reset it, then put it back
     * in its slot, and count it.
     */
    void giveBack(final PooledMessage message)
    {
        giveBackUncounted(message);
        returned.incrementAndGet();
    }

    /**
     * As {@link #giveBack(PooledMessage)}, for a release batch that counts its returns once per flush with
     * {@link #countReturned(int)}.
     *
     * @throws RuntimeException whatever the message's {@code reset()} threw; the message is back, and counted, all the
     *                          same.
     */
    void giveBackUncounted(final PooledMessage message)
    {
        boolean reset = false;
        try
        {
            pool.prepareReturn(message);
            reset = true;
        }
        finally
        {
            // Reset first (the taker takes the message as soon as it reads FREE), then back to the slot.
            message.returnToRing();
            if (!reset)
            {
                returned.incrementAndGet(); // the reset's exception leaves the caller before it could count
            }
        }
    }

    void countReturned(final int count)
    {
        returned.addAndGet(count);
    }

    /**
     * The hit path is kept to a few bytecodes so C2 inlines it into the caller's publish loop. A closed ring may still
     * hold messages released into it since, which are the pool's to take back, so the owner must not: it checks
     * {@code closed} first, a byte on the line it reads {@code next} from anyway, and the miss path then throws.
     */
    private T take()
    {
        if (closed)
        {
            return null;
        }
        final PooledMessage message = atPosition(next);
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

/**
 * The ring's fields that never change after construction, which every releasing thread reads. Kept off the cache lines
 * of the owner's counters below: a releasing agent reading this ring per message must not pull back the line the
 * producer writes per message.
 */
abstract class MessageRingShared<T extends PooledMessage>
{
    final ObjectPool<T> pool;
    final PooledMessage[] slots;
    final int mask;
    // Messages put back, ever: added by releasing threads (once per drain from an agent's release batch).
    final AtomicLong returned = new AtomicLong();

    MessageRingShared(final ObjectPool<T> pool, final PooledMessage[] slots)
    {
        this.pool = pool;
        this.slots = slots;
        this.mask = slots.length - 1;
    }

    /** The slot taken at {@code position} of a lap: three apart, so that neighbours in memory are taken far apart. */
    final int slotAt(final int position)
    {
        return (position * 3) & mask;
    }

    /** The message taken at {@code position} of a lap (any int: the lap wraps). */
    final PooledMessage atPosition(final int position)
    {
        return slots[slotAt(position)];
    }
}

/**
 * Two cache lines (the adjacent-line prefetcher fetches lines in pairs) between the shared fields and the owner's. Bytes,
 * not longs: the field layout fills a superclass's gaps with a subclass's small fields, and bytes leave no gap.
 */
abstract class MessageRingPadBefore<T extends PooledMessage> extends MessageRingShared<T>
{
    byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015;
    byte p016, p017, p018, p019, p020, p021, p022, p023, p024, p025, p026, p027, p028, p029, p030, p031;
    byte p032, p033, p034, p035, p036, p037, p038, p039, p040, p041, p042, p043, p044, p045, p046, p047;
    byte p048, p049, p050, p051, p052, p053, p054, p055, p056, p057, p058, p059, p060, p061, p062, p063;
    byte p064, p065, p066, p067, p068, p069, p070, p071, p072, p073, p074, p075, p076, p077, p078, p079;
    byte p080, p081, p082, p083, p084, p085, p086, p087, p088, p089, p090, p091, p092, p093, p094, p095;
    byte p096, p097, p098, p099, p100, p101, p102, p103, p104, p105, p106, p107, p108, p109, p110, p111;
    byte p112, p113, p114, p115, p116, p117, p118, p119, p120, p121, p122, p123, p124, p125, p126, p127;

    MessageRingPadBefore(final ObjectPool<T> pool, final PooledMessage[] slots)
    {
        super(pool, slots);
    }
}

/** The fields only the owning producer writes, per acquire. */
abstract class MessageRingOwned<T extends PooledMessage> extends MessageRingPadBefore<T>
{
    int next;
    boolean closed;
    // Messages taken from the ring, ever: written by the owner only (plain read, ordered write), read by stats.
    @SuppressWarnings("unused") // accessed through SingleThreadMessageRing.TAKEN
    volatile long taken;

    MessageRingOwned(final ObjectPool<T> pool, final PooledMessage[] slots)
    {
        super(pool, slots);
    }
}

/** Two cache lines between the owner's fields and whatever the heap puts after the ring. */
abstract class MessageRingPadAfter<T extends PooledMessage> extends MessageRingOwned<T>
{
    byte q000, q001, q002, q003, q004, q005, q006, q007, q008, q009, q010, q011, q012, q013, q014, q015;
    byte q016, q017, q018, q019, q020, q021, q022, q023, q024, q025, q026, q027, q028, q029, q030, q031;
    byte q032, q033, q034, q035, q036, q037, q038, q039, q040, q041, q042, q043, q044, q045, q046, q047;
    byte q048, q049, q050, q051, q052, q053, q054, q055, q056, q057, q058, q059, q060, q061, q062, q063;
    byte q064, q065, q066, q067, q068, q069, q070, q071, q072, q073, q074, q075, q076, q077, q078, q079;
    byte q080, q081, q082, q083, q084, q085, q086, q087, q088, q089, q090, q091, q092, q093, q094, q095;
    byte q096, q097, q098, q099, q100, q101, q102, q103, q104, q105, q106, q107, q108, q109, q110, q111;
    byte q112, q113, q114, q115, q116, q117, q118, q119, q120, q121, q122, q123, q124, q125, q126, q127;

    MessageRingPadAfter(final ObjectPool<T> pool, final PooledMessage[] slots)
    {
        super(pool, slots);
    }
}
