package io.mongoose.server;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.CountersConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.status.CounterType;
import io.mongoose.testing.Await;
import io.mongoose.testing.SeqMessage;
import io.mongoose.testing.SequenceChecker;
import io.mongoose.testing.ThreadAllocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sampler thread allocates nothing per sample in steady state: queue depths, agent liveness, pools, the error
 * window and the health counter are all refreshed from preallocated state. (The producer and agent threads, with the
 * counters file on, are {@link ZeroAllocationTest}'s.)
 */
class SamplerAllocationTest
{
    private static final long WARM_UP_SAMPLES = 500;
    private static final long MEASURED_SAMPLES = 5_000;
    /** Any allocation per sample would be at least 16 B x 5,000; this leaves room for a one-off JIT event only. */
    private static final long BUDGET_BYTES = 8 * 1024;

    @Test
    void aSampleAllocatesNothingInSteadyState(@TempDir final Path dir)
    {
        final PoolRegistry registry = new PoolRegistry("sampler-alloc");
        final ObjectPool<SeqMessage> pool = registry.register(SeqMessage.class, SeqMessage::new, PoolConfig.of(64));
        final String name = "sampler-alloc";
        final MongooseServer server = MongooseServer.builder().name(name).poolRegistry(registry)
            .counters(CountersConfig.defaults().dir(dir).sampleInterval(Duration.ofMillis(1)))
            .feed(FeedConfig.named("a")).feed(FeedConfig.broadcast("b"))
            .agentGroup(AgentGroupConfig.named("sa-1").idleStrategy(IdleStrategyKind.SLEEP)
                .processor("p1", new SequenceChecker(2), "a"))
            .agentGroup(AgentGroupConfig.named("sa-2").idleStrategy(IdleStrategyKind.SLEEP)
                .processor("p2", new SequenceChecker(2)))
            .build();
        server.start();
        try
        {
            final SeqMessage m = pool.acquire();
            m.producer = 0;
            m.sequence = 0;
            server.publisher("a").publish(m);
            final Thread sampler = samplerThread(name);
            awaitSamples(server, name, WARM_UP_SAMPLES);

            final long before = ThreadAllocation.allocatedBytes(sampler);
            final long samplesBefore = server.counters().value(CounterType.SERVER_SAMPLES, name);
            awaitSamples(server, name, samplesBefore + MEASURED_SAMPLES);
            final long bytes = ThreadAllocation.allocatedBytes(sampler) - before;
            System.out.println("sampler allocation: " + bytes + " B over at least " + MEASURED_SAMPLES + " samples");
            assertTrue(bytes < BUDGET_BYTES, () -> "the sampler allocated " + bytes + " B over " + MEASURED_SAMPLES +
                " samples; expected none in steady state");
        }
        finally
        {
            server.stop();
        }
    }

    private static void awaitSamples(final MongooseServer server, final String name, final long samples)
    {
        Await.until(samples + " samples", () -> server.counters().value(CounterType.SERVER_SAMPLES, name) >= samples);
    }

    private static Thread samplerThread(final String serverName)
    {
        for (final Thread t : Thread.getAllStackTraces().keySet())
        {
            if (t.getName().equals("mongoose-sampler-" + serverName))
            {
                return t;
            }
        }
        throw new AssertionError("no sampler thread for server '" + serverName + "'");
    }
}
