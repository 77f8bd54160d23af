package io.mongoose.server;

import io.mongoose.admin.AdminResult;
import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.ThreadMode;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.pool.LeakDetection;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.testing.SeqMessage;
import io.mongoose.testing.SequenceChecker;
import io.mongoose.testing.ThreadAllocation;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The admin additions to the duty cycle cost no allocation: with processor commands registered (and one already run,
 * so the command queue has been used), a paused feed holding messages and a live feed dispatching, a million duty
 * cycles allocate less than 8 KB in total. The group is an invoker group driven by this thread, so the bytes measured
 * are exactly those of the publishing and the duty cycles.
 */
class AdminZeroAllocationTest
{
    private static final int WARM_UP = 300_000;
    private static final int MEASURED = 1_000_000;
    private static final long BUDGET_BYTES = 8 * 1024;
    private static final int HELD = 8;

    @Test
    void dutyCyclesWithNoCommandPendingAllocateNothing()
    {
        assertFalse(LeakDetection.ENABLED, "measure with -D" + LeakDetection.PROPERTY + " off (the default)");
        final PoolRegistry registry = new PoolRegistry("admin-alloc");
        final ObjectPool<SeqMessage> pool = registry.register(SeqMessage.class, SeqMessage::new, PoolConfig.of(256));
        final SequenceChecker live = new SequenceChecker(1);
        final AdminCommandsTest.Recorder held = new AdminCommandsTest.Recorder();
        final MongooseServer server = MongooseServer.builder().name("admin-alloc").poolRegistry(registry)
            .feed(FeedConfig.named("live").queueCapacity(64))
            .feed(FeedConfig.named("held").queueCapacity(64))
            .agentGroup(AgentGroupConfig.named("owned").threadMode(ThreadMode.INVOKER).drainLimit(16)
                .processor("live", live, "live").processor("held", held, "held"))
            .build();
        server.start();
        final AgentGroupInvoker invoker = server.invoker("owned");
        final FeedPublisher liveFeed = server.publisher("live");
        final FeedPublisher heldFeed = server.publisher("held");
        server.pauseFeed("held");
        for (int i = 0; i < HELD; i++)
        {
            heldFeed.publish(pool.acquire());
        }
        final CompletableFuture<AdminResult> answer = server.admin().invokeAsync("count-held", List.of());
        invoker.invoke();
        assertEquals("held handled 0", answer.join().text());
        final long[] sequence = new long[1];

        cycle(pool, liveFeed, invoker, sequence, WARM_UP);
        final long before = ThreadAllocation.currentThreadAllocatedBytes();
        cycle(pool, liveFeed, invoker, sequence, MEASURED);
        final long bytes = ThreadAllocation.currentThreadAllocatedBytes() - before;

        assertEquals(sequence[0], live.received(0));
        assertEquals(0, held.sequences.size(), "the paused feed stayed paused");
        assertEquals(HELD, server.feedStats("held").queueDepth());
        final ShutdownReport report = server.stop();
        assertTrue(report.clean(), report::toString);
        assertEquals(HELD, held.sequences.size(), "stop drained the paused feed");
        System.out.printf("admin zero-allocation: %d duty cycles, %d B%n", 2 * MEASURED, bytes);
        assertTrue(bytes < BUDGET_BYTES, "allocated " + bytes + " bytes over " + 2 * MEASURED + " duty cycles; budget " +
            BUDGET_BYTES);
    }

    /** Per round, one duty cycle that dispatches a message and one that finds nothing: both paths measured. */
    private static void cycle(final ObjectPool<SeqMessage> pool, final FeedPublisher liveFeed,
        final AgentGroupInvoker invoker, final long[] sequence, final int rounds)
    {
        for (int i = 0; i < rounds; i++)
        {
            final SeqMessage m = pool.acquire();
            m.producer = 0;
            m.sequence = sequence[0]++;
            liveFeed.publish(m);
            invoker.invoke();
            invoker.invoke();
        }
    }
}
