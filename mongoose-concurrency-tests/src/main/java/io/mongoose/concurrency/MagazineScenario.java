package io.mongoose.concurrency;

import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.SingleThreadPoolCache;
import io.mongoose.pool.SingleThreadReleaseBatch;

import java.lang.reflect.Field;

/**
 * The set-up the magazine scenarios share: a pool of whole magazines whose messages are all out and filled, released
 * through a {@link SingleThreadReleaseBatch} in runs of whole magazines, and acquirers that take until they find
 * nothing.
 */
final class MagazineScenario
{
    /**
     * Messages per magazine: {@code io.mongoose.pool.MagazineDepot.MAGAZINE}, which is package-private. Checked against
     * it when this class loads, because every scenario's outcomes are counted in magazines.
     */
    static final int MAGAZINE = 32;

    /** Two magazines: the smallest pool whose flush deposits more than one, which is what the scenarios race. */
    static final int CAPACITY = 2 * MAGAZINE;

    static
    {
        final int depotMagazine;
        try
        {
            final Field field = Class.forName("io.mongoose.pool.MagazineDepot").getDeclaredField("MAGAZINE");
            field.setAccessible(true);
            depotMagazine = field.getInt(null);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
        if (MAGAZINE != depotMagazine)
        {
            throw new ExceptionInInitializerError("MagazineScenario.MAGAZINE: " + MAGAZINE + "; expected " +
                "MagazineDepot.MAGAZINE (" + depotMagazine + "): the scenarios' outcomes are counted in magazines");
        }
    }

    private MagazineScenario()
    {
    }

    /**
     * @param pool a pool with every message free.
     * @return every message of {@code pool}, acquired and filled: its free list is empty and its depot holds nothing.
     */
    static ProbeMessage[] acquireAllFilled(final ObjectPool<ProbeMessage> pool)
    {
        final ProbeMessage[] messages = new ProbeMessage[(int)pool.free()];
        for (int i = 0; i < messages.length; i++)
        {
            messages[i] = pool.acquire();
            messages[i].fill();
        }
        return messages;
    }

    /**
     * Drop the last reference of {@code messages[from, to)} into {@code batch}, then flush it: the agent's end of a
     * drain. A run of whole magazines from a pool that has not grown goes to the pool's depot.
     */
    static void releaseAndFlush(final SingleThreadReleaseBatch batch, final ProbeMessage[] messages, final int from,
        final int to)
    {
        for (int i = from; i < to; i++)
        {
            batch.release(messages[i]);
        }
        batch.flush();
    }

    /**
     * Acquire through {@code cache} until it finds nothing, at most {@link #CAPACITY} times, into {@code tally}.
     */
    static void takeUntilEmpty(final SingleThreadPoolCache<ProbeMessage> cache, final HandOutTally tally)
    {
        int tries = 0;
        while (tries < CAPACITY && tally.record(cache.tryAcquire()))
        {
            tries++;
        }
    }

    /**
     * Acquire from {@code pool} itself, without a cache, until it finds nothing, at most {@link #CAPACITY} times, into
     * {@code tally}.
     */
    static void takeUntilEmpty(final ObjectPool<ProbeMessage> pool, final HandOutTally tally)
    {
        int tries = 0;
        while (tries < CAPACITY && tally.record(pool.tryAcquire()))
        {
            tries++;
        }
    }
}
