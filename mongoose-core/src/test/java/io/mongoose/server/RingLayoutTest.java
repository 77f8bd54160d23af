package io.mongoose.server;

import io.mongoose.dispatch.EventProcessor;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.pool.PooledMessage;
import io.mongoose.pool.SpscMessageRing;
import io.mongoose.testing.CapturedLog;
import io.mongoose.testing.HeapLayout;
import io.mongoose.testing.SeqMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.logging.Level;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class RingLayoutTest
{
    private static final int SLOTS = 256;
    private static final EventProcessor NOOP = handlers -> handlers.on(SeqMessage.class, m -> { });

    private MongooseServer server;

    @AfterEach
    void stop()
    {
        if (null != server)
        {
            server.stop();
        }
    }

    /** A server with one ring feed whose pool lends its messages in descending address order. */
    private MongooseServer server(final RingLayout layout)
    {
        final PoolRegistry pools = new PoolRegistry("layout");
        pools.register(SeqMessage.class, HeapLayout.madeInReverse(SLOTS), PoolConfig.of(SLOTS));
        final MongooseServer.Builder builder = MongooseServer.builder().name("layout").poolRegistry(pools)
            .counters(CountersConfig.disabled())
            .feed(FeedConfig.named("ticks").queueCapacity(SLOTS).ring(SeqMessage.class))
            .agentGroup(AgentGroupConfig.named("agent").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("p", NOOP, "ticks"));
        server = (null == layout ? builder : builder.ringLayout(layout)).build();
        return server;
    }

    private static SpscMessageRing<?> ring(final MongooseServer server)
    {
        return server.publisher("ticks").ring;
    }

    private static PooledMessage[] slots(final SpscMessageRing<?> ring)
    {
        final PooledMessage[] slots = new PooledMessage[ring.capacity()];
        for (int i = 0; i < slots.length; i++)
        {
            slots[i] = ring.messageAt(i);
        }
        return slots;
    }

    @Test
    void byDefaultStartCollectsOnceThenPutsTheRingsSlotsInAddressOrderAndSaysSo()
    {
        final MongooseServer server = server(null);
        assertEquals(RingLayout.COMPACTED, server.config().ringLayout());
        final long before = HeapLayout.collections();
        try (CapturedLog log = CapturedLog.of("io.mongoose.server"))
        {
            server.start();
            final long afterStart = HeapLayout.collections();
            final boolean ordered = ring(server).isInAddressOrder();
            assumeTrue(afterStart == HeapLayout.collections(), "a collection after start may move the messages");

            assertTrue(afterStart > before, "System.gc() at start");
            assertTrue(ordered);
            final List<String> info = log.messagesAt(Level.INFO);
            final String said = "server 'layout': ring layout COMPACTED: System.gc\\(\\) in \\d+ ms \\(\\d+ " +
                "collections\\), 1 ring's 256 slots in address order";
            assertTrue(info.stream().anyMatch(m -> m.matches(said)), info.toString());
        }
    }

    @Test
    void orderedPutsTheSlotsInAddressOrderAtStart()
    {
        final MongooseServer server = server(RingLayout.ORDERED);
        final long before = HeapLayout.collections();
        final boolean lentInOrder = ring(server).isInAddressOrder();
        server.start();
        final boolean ordered = ring(server).isInAddressOrder();
        // Without a collection of its own, any collection in between may move the young messages anywhere.
        assumeTrue(before == HeapLayout.collections(), "a collection ran during the test");

        assertFalse(lentInOrder, "the pool lent them in descending order");
        assertTrue(ordered);
    }

    @Test
    void unchangedLeavesTheSlotsAsThePoolLentThem()
    {
        final MongooseServer server = server(RingLayout.UNCHANGED);
        final PooledMessage[] lent = slots(ring(server));

        server.start();

        assertArrayEquals(lent, slots(ring(server)));
    }

    @Test
    void onlyCompactedWithRingsCollectsAndUnchangedDoesNothingAtAll()
    {
        final Runnable mustNotCollect = () -> { throw new AssertionError("collected"); };
        final SpscMessageRing<?> ring = ring(server(RingLayout.UNCHANGED));

        assertNull(RingLayoutAtStart.apply(RingLayout.COMPACTED, List.of(), mustNotCollect));
        assertNull(RingLayoutAtStart.apply(RingLayout.UNCHANGED, List.of(ring), mustNotCollect));
        assertEquals("ring layout ORDERED: 1 ring's 256 slots in address order",
            RingLayoutAtStart.apply(RingLayout.ORDERED, List.of(ring), mustNotCollect));
        assertTrue(server.stop().clean(), "never started, and its ring's messages went back");
    }

    @Test
    void aCollectionThatDoesNothingIsSaidAndTheSlotsAreStillOrdered()
    {
        final SpscMessageRing<?> ring = ring(server(RingLayout.COMPACTED));
        final long before = HeapLayout.collections();

        final String done = RingLayoutAtStart.apply(RingLayout.COMPACTED, List.of(ring), () -> { });
        final boolean ordered = ring.isInAddressOrder();
        assumeTrue(before == HeapLayout.collections(), "a collection ran during the test");

        assertEquals("ring layout COMPACTED: System.gc() collected nothing (-XX:+DisableExplicitGC, or a collector " +
            "that ignores it), 1 ring's 256 slots in address order", done);
        assertTrue(ordered);
    }

    @Test
    void aLayoutThatCannotBeDoneIsAWarningAndTheServerStartsAndRunsWithTheRingAsLent()
    {
        final MongooseServer server = server(RingLayout.ORDERED);
        final SpscMessageRing<?> ring = ring(server);
        final PooledMessage first = ring.tryClaim();
        final PooledMessage[] lent = slots(ring);
        ring.publish(new PooledMessage[] {first}, 0, 1);

        try (CapturedLog log = CapturedLog.of("io.mongoose.server"))
        {
            server.start();

            assertEquals(ServerState.RUNNING, server.state());
            assertArrayEquals(lent, slots(ring));
            assertEquals(List.of("server 'layout': ring layout ORDERED not done, the ring feeds keep their messages in " +
                "the order the pool lent them: ring of pool 'SeqMessage': slots reordered after 1 claims; expected it " +
                "before the first claim"), log.messagesAt(Level.WARNING));
        }
    }
}
