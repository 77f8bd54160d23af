package io.mongoose.pool;

import io.mongoose.internal.MessageTypes;
import io.mongoose.testing.OtherMessage;
import io.mongoose.testing.SeqMessage;
import org.junit.jupiter.api.Test;

import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PoolRegistryTest
{
    /** Seen by {@link MessageTypes} only in {@link #messageTypeIdsAreAssignedOnFirstSightAndCounted()}. */
    private static final class NeverSeenBefore extends PooledMessage
    {
    }

    @Test
    void registerCreatesThePoolAndPoolFindsIt()
    {
        final PoolRegistry registry = new PoolRegistry("reg");

        final ObjectPool<SeqMessage> pool = registry.register(SeqMessage.class, SeqMessage::new, PoolConfig.of(3));

        assertSame(pool, registry.pool(SeqMessage.class));
        assertEquals("SeqMessage", pool.name());
        assertSame(SeqMessage.class, pool.type());
        assertEquals(3, pool.created());
        assertEquals(3, pool.free());
        assertSame(pool, pool.acquire().pool());
    }

    @Test
    void eachTypeHasItsOwnPool()
    {
        final PoolRegistry registry = new PoolRegistry("reg");
        final ObjectPool<SeqMessage> seq = registry.register(SeqMessage.class, SeqMessage::new, PoolConfig.of(2));
        final ObjectPool<OtherMessage> other =
            registry.register(OtherMessage.class, OtherMessage::new, PoolConfig.of(5));

        assertSame(seq, registry.pool(SeqMessage.class));
        assertSame(other, registry.pool(OtherMessage.class));
        assertEquals(2, registry.pool(SeqMessage.class).created());
        assertEquals(5, registry.pool(OtherMessage.class).created());
    }

    @Test
    void registeringATypeTwiceThrowsNamingTheTypeAndKeepsTheFirstPool()
    {
        final PoolRegistry registry = new PoolRegistry("reg");
        final ObjectPool<SeqMessage> first = registry.register(SeqMessage.class, SeqMessage::new, PoolConfig.of(2));

        final IllegalStateException ex = assertThrows(IllegalStateException.class,
            () -> registry.register(SeqMessage.class, SeqMessage::new, PoolConfig.of(4)));

        assertEquals("registry 'reg': type " + SeqMessage.class.getName() + " already has pool 'SeqMessage'; " +
            "expected one pool per type (use pool(type) to look it up)", ex.getMessage());
        assertSame(first, registry.pool(SeqMessage.class));
        assertEquals(1, registry.pools().size());
    }

    @Test
    void lookingUpAnUnregisteredTypeThrowsNamingTheType()
    {
        final PoolRegistry registry = new PoolRegistry("reg");
        registry.register(SeqMessage.class, SeqMessage::new, PoolConfig.of(1));

        final IllegalArgumentException ex =
            assertThrows(IllegalArgumentException.class, () -> registry.pool(OtherMessage.class));

        assertEquals("registry 'reg': no pool for " + OtherMessage.class.getName() +
            "; expected register(OtherMessage.class, factory, config) first", ex.getMessage());
    }

    @Test
    void nullTypesAreRejected()
    {
        final PoolRegistry registry = new PoolRegistry("reg");

        assertEquals("type: null; expected a message class",
            assertThrows(NullPointerException.class, () -> registry.pool(null)).getMessage());
        assertEquals("type: null; expected a PooledMessage subclass", assertThrows(NullPointerException.class,
            () -> registry.register(null, SeqMessage::new, PoolConfig.of(1))).getMessage());
        assertEquals("type: null; expected a PooledMessage subclass", assertThrows(NullPointerException.class,
            () -> registry.poolFor(null, SeqMessage::new, PoolConfig.of(1))).getMessage());
        assertEquals("name: null; expected a registry name",
            assertThrows(NullPointerException.class, () -> new PoolRegistry(null)).getMessage());
    }

    @Test
    void poolForCreatesOnceAndReturnsTheSamePoolAfterwards()
    {
        final PoolRegistry registry = new PoolRegistry("reg");
        final AtomicInteger made = new AtomicInteger();

        final ObjectPool<SeqMessage> first = registry.poolFor(SeqMessage.class, () ->
        {
            made.incrementAndGet();
            return new SeqMessage();
        }, PoolConfig.of(4));
        final ObjectPool<SeqMessage> second = registry.poolFor(SeqMessage.class, () ->
        {
            made.incrementAndGet();
            return new SeqMessage();
        }, PoolConfig.of(8));

        assertSame(first, second);
        assertSame(first, registry.pool(SeqMessage.class));
        assertEquals(4, made.get(), "the second call must not create anything");
        assertEquals(4, second.config().capacity(), "the first config wins");
        assertEquals(1, registry.pools().size());
    }

    @Test
    void poolForReturnsAPoolCreatedByRegister()
    {
        final PoolRegistry registry = new PoolRegistry("reg");
        final ObjectPool<SeqMessage> registered = registry.register(SeqMessage.class, SeqMessage::new,
            PoolConfig.of(2));

        assertSame(registered, registry.poolFor(SeqMessage.class, SeqMessage::new, PoolConfig.of(9)));
    }

    @Test
    void poolsListsEveryPoolAndIsASnapshot()
    {
        final PoolRegistry registry = new PoolRegistry("reg");
        assertEquals(List.of(), registry.pools());
        final ObjectPool<SeqMessage> seq = registry.register(SeqMessage.class, SeqMessage::new, PoolConfig.of(1));
        final ObjectPool<OtherMessage> other = registry.poolFor(OtherMessage.class, OtherMessage::new,
            PoolConfig.of(1));

        final List<ObjectPool<?>> pools = registry.pools();

        final Set<ObjectPool<?>> expected = Collections.newSetFromMap(new IdentityHashMap<>());
        expected.add(seq);
        expected.add(other);
        final Set<ObjectPool<?>> actual = Collections.newSetFromMap(new IdentityHashMap<>());
        actual.addAll(pools);
        assertEquals(2, pools.size());
        assertEquals(expected, actual);
        assertThrows(UnsupportedOperationException.class, () -> pools.add(seq));
    }

    @Test
    void registriesAreIsolated()
    {
        final PoolRegistry a = new PoolRegistry("a");
        final PoolRegistry b = new PoolRegistry("b");
        final ObjectPool<SeqMessage> inA = a.register(SeqMessage.class, SeqMessage::new, PoolConfig.of(1));
        final ObjectPool<SeqMessage> inB = b.register(SeqMessage.class, SeqMessage::new, PoolConfig.of(1));

        assertSame(inA, a.pool(SeqMessage.class));
        assertSame(inB, b.pool(SeqMessage.class));
        assertEquals("a", a.name());
        assertEquals("b", b.name());
    }

    @Test
    void globalIsOneProcessWideRegistry()
    {
        assertSame(PoolRegistry.global(), PoolRegistry.global());
        assertEquals("global", PoolRegistry.global().name());
    }

    @Test
    void messageTypeIdsAreStableAndDistinctPerClass()
    {
        final int seq = MessageTypes.idOf(SeqMessage.class);
        final int other = MessageTypes.idOf(OtherMessage.class);

        assertNotEquals(seq, other);
        assertEquals(seq, MessageTypes.idOf(SeqMessage.class));
        assertEquals(other, MessageTypes.idOf(OtherMessage.class));
        assertEquals(seq, ((PooledMessage)new SeqMessage()).typeId);
        assertEquals(other, ((PooledMessage)new OtherMessage()).typeId);
        assertTrue(seq >= 0 && other >= 0);
        assertTrue(MessageTypes.count() > Math.max(seq, other));

        final Map<Integer, Class<?>> byId = new HashMap<>();
        for (final Class<?> type : List.of(SeqMessage.class, OtherMessage.class, PooledMessage.class, String.class,
            Object.class, PoolRegistryTest.class))
        {
            final Class<?> previous = byId.put(MessageTypes.idOf(type), type);
            assertNull(previous, "id shared by " + previous + " and " + type);
        }
    }

    @Test
    void messageTypeIdsAreAssignedOnFirstSightAndCounted()
    {
        final int before = MessageTypes.count();

        final int id = new NeverSeenBefore().typeId;

        assertTrue(id >= before, "a class seen for the first time gets a new id: " + id + " < " + before);
        assertTrue(MessageTypes.count() > id);
        assertEquals(id, MessageTypes.idOf(NeverSeenBefore.class));
        assertEquals(id, new NeverSeenBefore().typeId);
    }

    @Test
    void sizeCountsTheRegisteredPools()
    {
        final PoolRegistry registry = new PoolRegistry("size");
        assertEquals(0, registry.size());
        registry.register(SeqMessage.class, SeqMessage::new, PoolConfig.of(2));
        registry.poolFor(OtherMessage.class, OtherMessage::new, PoolConfig.of(2));
        registry.poolFor(OtherMessage.class, OtherMessage::new, PoolConfig.of(2));
        assertEquals(2, registry.size());
        assertEquals(registry.pools().size(), registry.size());
    }
}
