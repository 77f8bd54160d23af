package io.mongoose.pool;

import org.jctools.queues.MpmcArrayQueue;

/**
 * Free messages of one pool moved between threads a magazine at a time: a fixed array of {@link #MAGAZINE} messages.
 * A release batch that frees a run of messages deposits whole magazines here; a thread cache that runs dry takes whole
 * magazines back. Each side then pays one claim on a shared queue and one array copy per magazine, where the pool's
 * free list costs a claim, a sequence store and a cache-line hand-over per message. This is the magazine layer of
 * Bonwick's slab allocator, built on two JCTools MPMC queues: full magazines and empty ones.
 *
 * <p>Every magazine is created with the pool, {@code capacity / MAGAZINE} of them, so the depot never allocates; when
 * no empty magazine is left, a deposit is refused and the caller returns the messages one by one to the free list.
 * Messages in full magazines are free: {@link #messages()} counts them for {@link ObjectPool#free()}.
 *
 * <p>Threading: any thread may deposit, take or spill; the MPMC queues order the copy into a magazine before the copy
 * out of it.
 */
final class MagazineDepot
{
    /** Messages per magazine. A full drain (256 by default) deposits eight; a producer cache of 64 takes two. */
    static final int MAGAZINE = 32;

    private final MpmcArrayQueue<PooledMessage[]> full;
    private final MpmcArrayQueue<PooledMessage[]> empty;

    /**
     * @param capacity the pool's capacity; a pool smaller than one magazine gets a depot that refuses every deposit.
     */
    MagazineDepot(final int capacity)
    {
        final int magazines = capacity / MAGAZINE;
        // Both queues hold every magazine at once if need be, so an offer of a magazine taken from the other never fails.
        full = new MpmcArrayQueue<>(Math.max(2, magazines));
        empty = new MpmcArrayQueue<>(Math.max(2, magazines));
        for (int i = 0; i < magazines; i++)
        {
            empty.offer(new PooledMessage[MAGAZINE]);
        }
    }

    /**
     * Deposit {@code held[from, from + MAGAZINE)}, free and prepared messages, as one full magazine.
     *
     * @return {@code false} if no empty magazine was free: nothing was deposited.
     */
    boolean deposit(final PooledMessage[] held, final int from)
    {
        final PooledMessage[] magazine = empty.poll();
        if (null == magazine)
        {
            return false;
        }
        System.arraycopy(held, from, magazine, 0, MAGAZINE);
        offer(full, magazine);
        return true;
    }

    /**
     * Copy one full magazine's messages into {@code into[at, at + MAGAZINE)}.
     *
     * @return {@code false} if the depot holds no full magazine: nothing was copied.
     */
    boolean take(final PooledMessage[] into, final int at)
    {
        final PooledMessage[] magazine = full.poll();
        if (null == magazine)
        {
            return false;
        }
        System.arraycopy(magazine, 0, into, at, MAGAZINE);
        offer(empty, magazine);
        return true;
    }

    /**
     * Empty one full magazine for an acquirer without a thread cache: every message but the first goes to
     * {@code spillTo} (the pool's free list, or its retirement when that is full), the first is returned.
     *
     * @return a free message, or {@code null} if the depot holds no full magazine.
     */
    PooledMessage spill(final Spill spillTo)
    {
        final PooledMessage[] magazine = full.poll();
        if (null == magazine)
        {
            return null;
        }
        for (int i = 1; i < MAGAZINE; i++)
        {
            spillTo.accept(magazine[i]);
        }
        final PooledMessage first = magazine[0];
        offer(empty, magazine);
        return first;
    }

    /**
     * @return free messages held in full magazines (exact when no magazine is moving): counted from the queue's size
     *         rather than kept in a counter, which would put two contended atomic operations on every magazine.
     */
    long messages()
    {
        return (long)full.size() * MAGAZINE;
    }

    private static void offer(final MpmcArrayQueue<PooledMessage[]> queue, final PooledMessage[] magazine)
    {
        if (!queue.offer(magazine))
        {
            // Cannot happen: each queue has room for every magazine there is. Losing a magazine would lose messages.
            throw new IllegalStateException("magazine depot: a queue sized for every magazine refused one");
        }
    }

    /** Where {@link #spill} puts the messages it does not hand out. */
    interface Spill
    {
        void accept(PooledMessage message);
    }
}
