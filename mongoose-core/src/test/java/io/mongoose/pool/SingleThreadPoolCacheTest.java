package io.mongoose.pool;

import io.mongoose.testing.SeqMessage;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SingleThreadPoolCacheTest
{
    private static ObjectPool<SeqMessage> pool(final int capacity)
    {
        return new ObjectPool<>("seq", SeqMessage.class, SeqMessage::new, PoolConfig.of(capacity).failOnExhaustion());
    }

    @Test
    void theFirstAcquireClaimsABatchAndTheCachedMessagesStillCountAsFree()
    {
        final ObjectPool<SeqMessage> pool = pool(8);
        final SingleThreadPoolCache<SeqMessage> cache = pool.newThreadCache(4);

        final SeqMessage m = cache.acquire();

        assertEquals(1, m.refCount());
        assertSame(pool, m.pool());
        assertEquals(3, cache.cached());
        assertEquals(7, pool.free(), "4 on the free list and 3 in the cache");
        assertEquals(1, pool.inFlight());
        assertEquals(new PoolStats("seq", 8, 8, 7, 1, 0, 0, 0), pool.stats());
        assertEquals(4, cache.batch());
        assertSame(pool, cache.pool());
    }

    @Test
    void acquiresEmptyTheCacheThenRefillItAndNeverHandOutAnInstanceTwice()
    {
        final ObjectPool<SeqMessage> pool = pool(8);
        final SingleThreadPoolCache<SeqMessage> cache = pool.newThreadCache(3);
        final Set<SeqMessage> seen = Collections.newSetFromMap(new IdentityHashMap<>());

        for (int i = 0; i < 8; i++)
        {
            assertTrue(seen.add(cache.acquire()), "acquire " + i + " handed out an instance twice");
        }

        assertEquals(0, cache.cached());
        assertEquals(0, pool.free());
        assertEquals(8, pool.inFlight());
        assertEquals(8, pool.created());
    }

    @Test
    void anEmptyPoolBehindTheCacheFollowsThePoolsPolicy()
    {
        final ObjectPool<SeqMessage> pool = pool(2);
        final SingleThreadPoolCache<SeqMessage> cache = pool.newThreadCache(2);
        cache.acquire();
        cache.acquire();

        assertNull(cache.tryAcquire());
        assertEquals(1, pool.exhaustedCount());
        final PoolExhaustedException ex = assertThrows(PoolExhaustedException.class, cache::acquire);
        assertTrue(ex.getMessage().startsWith("pool 'seq'"), ex.getMessage());
        assertEquals(2, pool.exhaustedCount());
    }

    @Test
    void aGrowingPoolGrowsBehindTheCache()
    {
        final ObjectPool<SeqMessage> pool = new ObjectPool<>("grow", SeqMessage.class, SeqMessage::new,
            PoolConfig.of(2).growOnExhaustion());
        final SingleThreadPoolCache<SeqMessage> cache = pool.newThreadCache(2);
        final List<SeqMessage> out = new ArrayList<>();
        for (int i = 0; i < 3; i++)
        {
            out.add(cache.acquire());
        }

        assertEquals(3, pool.created());
        assertEquals(3, pool.inFlight());
        out.forEach(SeqMessage::release);
        assertEquals(2, pool.free());
        assertEquals(1, pool.stats().retired());
    }

    @Test
    void releasedMessagesGoBackToThePoolAndLaterRefillsFindThem()
    {
        final ObjectPool<SeqMessage> pool = pool(4);
        final SingleThreadPoolCache<SeqMessage> cache = pool.newThreadCache(4);
        final List<SeqMessage> first = new ArrayList<>();
        for (int i = 0; i < 4; i++)
        {
            final SeqMessage m = cache.acquire();
            m.sequence = i;
            first.add(m);
        }
        first.forEach(SeqMessage::release);
        assertEquals(0, cache.cached(), "releases do not go to the cache");
        assertEquals(4, pool.free());

        final Set<SeqMessage> again = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int i = 0; i < 4; i++)
        {
            final SeqMessage m = cache.acquire();
            assertEquals(-1, m.sequence, "handed out reset");
            again.add(m);
        }
        assertEquals(Set.copyOf(first).size(), again.size());
        assertTrue(again.containsAll(first));
    }

    @Test
    void closeReturnsTheCachedMessagesAndLaterAcquiresFailClearly()
    {
        final ObjectPool<SeqMessage> pool = pool(8);
        final SingleThreadPoolCache<SeqMessage> cache = pool.newThreadCache(5);
        final SeqMessage held = cache.acquire();
        assertEquals(4, cache.cached());

        cache.close();
        cache.close();

        assertEquals(0, cache.cached());
        assertEquals(7, pool.free());
        assertEquals(1, pool.inFlight());
        final IllegalStateException ex = assertThrows(IllegalStateException.class, cache::acquire);
        assertEquals("cache of pool 'seq' is closed; acquire from the pool or a new cache", ex.getMessage());
        assertThrows(IllegalStateException.class, cache::tryAcquire);
        held.release();
        final Set<SeqMessage> all = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int i = 0; i < 8; i++)
        {
            all.add(pool.tryAcquire());
        }
        assertEquals(8, all.size());
        assertNull(pool.tryAcquire(), "the free list held a duplicate");
    }

    @Test
    void severalCachesShareOnePoolAndTheStatsAddThemUp()
    {
        final ObjectPool<SeqMessage> pool = pool(16);
        final SingleThreadPoolCache<SeqMessage> a = pool.newThreadCache(4);
        final SingleThreadPoolCache<SeqMessage> b = pool.newThreadCache(8);
        a.acquire();
        b.acquire();

        assertEquals(3 + 7 + 4, pool.free());
        assertEquals(2, pool.inFlight());
        a.close();
        assertEquals(3 + 7 + 4, pool.free(), "closing moves messages from the cache to the free list");
        b.close();
        assertEquals(14, pool.free());
        assertEquals(2, pool.inFlight());
    }

    @Test
    void aBatchOutsideOneToTheCapacityIsRefused()
    {
        final ObjectPool<SeqMessage> pool = pool(8);
        assertEquals("pool 'seq': batch 0; expected 1 to the pool's capacity (8)",
            assertThrows(IllegalArgumentException.class, () -> pool.newThreadCache(0)).getMessage());
        assertEquals("pool 'seq': batch 9; expected 1 to the pool's capacity (8)",
            assertThrows(IllegalArgumentException.class, () -> pool.newThreadCache(9)).getMessage());
    }
}
