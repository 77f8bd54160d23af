package io.mongoose.server;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.pool.LeakDetection;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.testing.SeqMessage;
import io.mongoose.testing.SequenceChecker;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * The leak detector's production position: off unless asked for. Runs in the default surefire execution, the one
 * {@link ZeroAllocationTest} proves allocation-free in; {@link LeakDetectionTest} runs in its own execution with the
 * switch on.
 */
class LeakDetectionOffTest
{
    @Test
    void offByDefaultSoLeaksAreCountedButNotLocated()
    {
        assertFalse(LeakDetection.ENABLED, "the default test execution must run with leak detection off");
        final PoolRegistry registry = new PoolRegistry("leak-off");
        final ObjectPool<SeqMessage> pool = registry.register(SeqMessage.class, SeqMessage::new, PoolConfig.of(8));
        final MongooseServer server = MongooseServer.builder().name("leak-off").poolRegistry(registry)
            .feed(FeedConfig.named("in"))
            .agentGroup(AgentGroupConfig.named("leak-off-agent").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("checker", new SequenceChecker(1), "in"))
            .build();
        server.start();
        final SeqMessage leaked = pool.acquire();

        assertEquals(List.of(), pool.inFlightOlderThan(Duration.ZERO), "nothing is recorded when off");
        assertEquals(List.of(), server.leakSuspects(Duration.ZERO));
        final ShutdownReport report = server.stop();

        assertEquals(1L, report.leaksByType().get("SeqMessage"), "the count does not need the detector");
        assertEquals(List.of(), report.leakSites());
        assertFalse(report.clean());
        leaked.release();
    }
}
