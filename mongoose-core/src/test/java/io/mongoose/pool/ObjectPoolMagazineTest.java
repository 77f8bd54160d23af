package io.mongoose.pool;

import io.mongoose.testing.SeqMessage;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

import static io.mongoose.pool.MagazineDepot.MAGAZINE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The pool's magazine layer seen from its users: what a release batch flushes in whole magazines is free, counted,
 * and reaches every kind of acquirer, and a thread cache takes whole magazines for the room its free-list refill left.
 */
class ObjectPoolMagazineTest
{
    private static ObjectPool<SeqMessage> pool(final int capacity, final PoolConfig config)
    {
        return new ObjectPool<>("seq", SeqMessage.class, SeqMessage::new, config);
    }

    private static List<SeqMessage> acquire(final ObjectPool<SeqMessage> pool, final int n)
    {
        final List<SeqMessage> out = new ArrayList<>();
        for (int i = 0; i < n; i++)
        {
            out.add(pool.acquire());
        }
        return out;
    }

    private static void releaseAndFlush(final List<SeqMessage> messages)
    {
        final SingleThreadReleaseBatch batch = new SingleThreadReleaseBatch(messages.size());
        for (final SeqMessage m : messages)
        {
            batch.release(m);
        }
        batch.flush();
    }

    @Test
    void aPoolWithoutAThreadCacheGetsNoMagazines()
    {
        final ObjectPool<SeqMessage> pool = pool(4 * MAGAZINE, PoolConfig.of(4 * MAGAZINE));
        releaseAndFlush(acquire(pool, 2 * MAGAZINE));
        assertEquals(0, pool.freeInMagazines(), "all on the free list");

        final SingleThreadPoolCache<SeqMessage> cache = pool.newThreadCache(MAGAZINE);
        releaseAndFlush(acquire(pool, 2 * MAGAZINE + 3));
        assertEquals(2 * MAGAZINE, pool.freeInMagazines(), "with a cache attached, whole magazines");

        cache.close();
        // Every message: the free list's, then both magazines spilled; back they go one by one.
        releaseAndFlush(acquire(pool, 4 * MAGAZINE));
        assertEquals(0, pool.freeInMagazines(), "the cache is gone again: no magazine came back");
        assertEquals(4 * MAGAZINE, pool.free());
    }

    @Test
    void messagesFlushedInWholeMagazinesAreFreeAndReachAnAcquirerWithoutACacheOnceEach()
    {
        final ObjectPool<SeqMessage> pool = pool(2 * MAGAZINE, PoolConfig.of(2 * MAGAZINE));
        // Another thread's cache makes the pool deposit magazines; this acquirer has none.
        final SingleThreadPoolCache<SeqMessage> otherThreadsCache = pool.newThreadCache(MAGAZINE);
        final List<SeqMessage> all = acquire(pool, 2 * MAGAZINE);
        releaseAndFlush(all);

        assertEquals(2 * MAGAZINE, pool.freeInMagazines());
        assertEquals(2 * MAGAZINE, pool.free());
        assertEquals(0, pool.inFlight());

        // The free list is empty: every one of these comes out of a magazine, by spilling it to the free list.
        final Set<SeqMessage> got = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int i = 0; i < 2 * MAGAZINE; i++)
        {
            final SeqMessage m = pool.tryAcquire();
            assertNotNull(m, "message " + i);
            assertEquals(1, m.refCount());
            assertEquals(-1, m.sequence, "reset before it was deposited");
            got.add(m);
        }
        assertEquals(2 * MAGAZINE, got.size(), "distinct");
        assertNull(pool.tryAcquire());
        assertEquals(1, pool.exhaustedCount(), "only the last try found the pool empty");
        assertEquals(0, pool.free());
        otherThreadsCache.close();
    }

    @Test
    void failFastAcquireFindsMessagesInMagazinesBeforeCallingThePoolExhausted()
    {
        final ObjectPool<SeqMessage> pool = pool(MAGAZINE, PoolConfig.of(MAGAZINE).withExhaustionPolicy(ExhaustionPolicy.FAIL));
        final SingleThreadPoolCache<SeqMessage> otherThreadsCache = pool.newThreadCache(MAGAZINE);
        releaseAndFlush(acquire(pool, MAGAZINE));
        assertEquals(MAGAZINE, pool.freeInMagazines());

        for (int i = 0; i < MAGAZINE; i++)
        {
            assertNotNull(pool.acquire(), "message " + i);
        }
        assertEquals(0, pool.exhaustedCount());
    }

    @Test
    void aCacheTakesTheFreeListFirstThenWholeMagazinesForTheRoomLeft()
    {
        final ObjectPool<SeqMessage> pool = pool(4 * MAGAZINE, PoolConfig.of(4 * MAGAZINE));
        final SingleThreadPoolCache<SeqMessage> cache = pool.newThreadCache(2 * MAGAZINE);
        final List<SeqMessage> all = acquire(pool, 4 * MAGAZINE);
        // Three magazines and six left over, which go to the free list one by one.
        releaseAndFlush(all.subList(0, 3 * MAGAZINE + 6));
        assertEquals(3 * MAGAZINE, pool.freeInMagazines());

        final SeqMessage first = cache.acquire();

        // The six, then one magazine: a second would not fit in the 58 places left.
        assertEquals(6 + MAGAZINE - 1, cache.cached());
        assertEquals(4 * MAGAZINE - (MAGAZINE - 6) - 1, pool.free(), "free counts the cache and the depot");
        assertEquals(MAGAZINE - 6 + 1, pool.inFlight());

        first.release();
        for (final SeqMessage m : all.subList(3 * MAGAZINE + 6, 4 * MAGAZINE))
        {
            m.release();
        }
        cache.close();
        assertEquals(4 * MAGAZINE, pool.free());
        assertEquals(0, pool.inFlight());
    }

    @Test
    void aGrownPoolReturnsOneByOneAndRetiresWhatIsBeyondItsCapacity()
    {
        final ObjectPool<SeqMessage> pool = pool(MAGAZINE, PoolConfig.of(MAGAZINE).withExhaustionPolicy(ExhaustionPolicy.GROW));
        final SingleThreadPoolCache<SeqMessage> otherThreadsCache = pool.newThreadCache(MAGAZINE);
        final List<SeqMessage> all = acquire(pool, MAGAZINE + 8);
        assertEquals(MAGAZINE + 8, pool.created());

        releaseAndFlush(all);

        assertEquals(MAGAZINE, pool.free(), "a grown pool keeps no more than its capacity");
        assertEquals(8, pool.stats().retired());
        assertEquals(0, pool.inFlight());
        assertEquals(0, pool.freeInMagazines(), "one by one");
        otherThreadsCache.close();
    }
}
