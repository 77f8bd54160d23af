package io.mongoose.server;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.CountersConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.HealthConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.status.CounterType;
import io.mongoose.status.HealthReport;
import io.mongoose.status.HealthStatus;
import io.mongoose.status.ServerState;
import io.mongoose.testing.Await;
import io.mongoose.testing.GatedProcessor;
import io.mongoose.testing.SeqMessage;
import io.mongoose.testing.SequenceChecker;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link MongooseServer#health()}: liveness from the duty-cycle counter, queue saturation, error rate, and the overall
 * verdict with its reasons. Blocking comes from gated handlers; every wait is for a condition.
 */
class HealthTest
{
    private static final Duration LONG = Duration.ofHours(1);
    private static final Duration LONGER = Duration.ofHours(2);

    private final PoolRegistry registry = new PoolRegistry("health");
    private final ObjectPool<SeqMessage> pool = registry.register(SeqMessage.class, SeqMessage::new,
        PoolConfig.of(256));

    private MongooseServer server(final String name, final EventProcessor processor, final HealthConfig health,
        final int queueCapacity)
    {
        return MongooseServer.builder().name(name).poolRegistry(registry)
            .counters(CountersConfig.disabled().sampleInterval(Duration.ofMillis(10)))
            .health(health)
            .feed(FeedConfig.named("in").queueCapacity(queueCapacity))
            .agentGroup(AgentGroupConfig.named(name + "-agent").idleStrategy(IdleStrategyKind.YIELD)
                .processor("p", processor, "in"))
            .build();
    }

    private void publish(final MongooseServer server, final int count)
    {
        final FeedPublisher feed = server.publisher("in");
        for (int i = 0; i < count; i++)
        {
            final SeqMessage m = pool.acquire();
            m.producer = 0;
            m.sequence = i;
            feed.publish(m);
        }
    }

    @Test
    void aRunningServerWithNothingWrongIsUp()
    {
        final SequenceChecker checker = new SequenceChecker(1);
        final MongooseServer server = server("h-up", checker, HealthConfig.defaults(), 64);
        server.start();
        try
        {
            publish(server, 10);
            Await.until("handled", () -> checker.receivedTotal() == 10);
            Await.until("UP", () -> HealthStatus.UP == server.health().status());
            final HealthReport report = server.health();
            assertEquals(ServerState.RUNNING, report.state());
            assertEquals(1, report.agents().size());
            final HealthReport.AgentHealth agent = report.agents().get(0);
            assertEquals("h-up-agent", agent.name());
            assertTrue(agent.dispatching());
            assertTrue(agent.dutyCycles() > 0);
            assertEquals(1, report.feeds().size());
            assertEquals(new HealthReport.FeedHealth("in", HealthStatus.UP, 0, 64, 0.0), report.feeds().get(0));
            assertEquals(0, report.errors());
            assertEquals(0.0, report.errorRate());
            Await.until("the health counter says UP", () ->
                server.counters().value(CounterType.SERVER_HEALTH, "h-up") == HealthStatus.UP.ordinal());
        }
        finally
        {
            server.stop();
        }
    }

    @Test
    void aServerThatIsNotRunningIsDown()
    {
        final MongooseServer server = server("h-down", new SequenceChecker(1), HealthConfig.defaults(), 64);
        final HealthReport fresh = server.health();
        assertEquals(HealthStatus.DOWN, fresh.status());
        assertEquals(ServerState.NEW, fresh.state());
        assertTrue(fresh.reasons().contains("server 'h-down' is NEW"), fresh.reasons()::toString);
        server.start();
        server.stop();
        final HealthReport stopped = server.health();
        assertEquals(HealthStatus.DOWN, stopped.status());
        assertTrue(stopped.reasons().contains("server 'h-down' is STOPPED"), stopped.reasons()::toString);
        assertEquals(HealthStatus.DOWN.ordinal(), server.counters().value(CounterType.SERVER_HEALTH, "h-down"));
    }

    @Test
    void anAgentStuckInAHandlerGoesStaleThenRecovers()
    {
        final GatedProcessor gated = new GatedProcessor();
        final MongooseServer server = server("h-stale", gated,
            HealthConfig.defaults().agentLiveness(Duration.ofMillis(100), LONG), 64);
        server.start();
        try
        {
            publish(server, 1);
            gated.awaitEntered();
            Await.until("DEGRADED", () -> HealthStatus.DEGRADED == server.health().status());
            final HealthReport report = server.health();
            final HealthReport.AgentHealth agent = report.agents().get(0);
            assertEquals(HealthStatus.DEGRADED, agent.status());
            assertTrue(agent.sinceLastDutyCycle().compareTo(Duration.ofMillis(100)) >= 0, agent::toString);
            assertTrue(agent.dispatching());
            assertEquals(1, report.reasons().size(), report.reasons()::toString);
            assertTrue(report.reasons().get(0).startsWith("agent 'h-stale-agent' has not completed a duty cycle " +
                "for "), report.reasons()::toString);
            gated.open();
            Await.until("UP again", () -> HealthStatus.UP == server.health().status());
        }
        finally
        {
            gated.open();
            server.stop();
        }
    }

    @Test
    void anAgentStuckPastTheDownThresholdIsDown()
    {
        final GatedProcessor gated = new GatedProcessor();
        final MongooseServer server = server("h-dead", gated,
            HealthConfig.defaults().agentLiveness(Duration.ofMillis(50), Duration.ofMillis(200)), 64);
        server.start();
        try
        {
            publish(server, 1);
            gated.awaitEntered();
            Await.until("DOWN", () -> HealthStatus.DOWN == server.health().status());
            final HealthReport report = server.health();
            assertEquals(HealthStatus.DOWN, report.agents().get(0).status());
            assertTrue(report.reasons().get(0).contains("(down after 200 ms)"), report.reasons()::toString);
            Await.until("the health counter says DOWN", () ->
                server.counters().value(CounterType.SERVER_HEALTH, "h-dead") == HealthStatus.DOWN.ordinal());
        }
        finally
        {
            gated.open();
            server.stop();
        }
    }

    @Test
    void aFullQueueIsSaturated()
    {
        final GatedProcessor gated = new GatedProcessor();
        final MongooseServer server = server("h-full", gated,
            HealthConfig.defaults().agentLiveness(LONG, LONGER).queueSaturation(0.5), 8);
        server.start();
        try
        {
            publish(server, 1);
            gated.awaitEntered();
            publish(server, 3);
            // 3 of 8: below the threshold.
            final HealthReport below = server.health();
            assertEquals(new HealthReport.FeedHealth("in", HealthStatus.UP, 3, 8, 3 / 8.0), below.feeds().get(0));
            assertEquals(HealthStatus.UP, below.status(), below.reasons()::toString);
            publish(server, 5);
            final HealthReport full = server.health();
            assertEquals(new HealthReport.FeedHealth("in", HealthStatus.DEGRADED, 8, 8, 1.0), full.feeds().get(0));
            assertEquals(HealthStatus.DEGRADED, full.status());
            assertEquals(java.util.List.of("feed 'in': its fullest queue holds 8 of 8 (100%, threshold 50%)"),
                full.reasons());
            gated.open();
            Await.until("drained and UP", () -> HealthStatus.UP == server.health().status());
        }
        finally
        {
            gated.open();
            server.stop();
        }
    }

    @Test
    void handlerErrorsAboveTheRateDegradeTheServer()
    {
        final EventProcessor failing = handlers -> handlers.on(SeqMessage.class, m ->
        {
            throw new IllegalStateException("health test: handler fails on purpose");
        });
        // A window far longer than the test, so the rate is exactly errors / 600 s however slow the machine is.
        final MongooseServer server = server("h-errors", failing,
            HealthConfig.defaults().errorRate(0.01, Duration.ofMinutes(10)), 64);
        server.start();
        try
        {
            publish(server, 3);
            Await.until("3 errors", () -> server.processorStats("p").errors() == 3);
            final HealthReport few = server.health();
            assertEquals(3, few.errors());
            assertEquals(3 / 600.0, few.errorRate(), 1e-9);
            assertEquals(HealthStatus.UP, few.status(), few.reasons()::toString);

            publish(server, 10);
            Await.until("13 errors", () -> server.processorStats("p").errors() == 13);
            final HealthReport many = server.health();
            assertEquals(13 / 600.0, many.errorRate(), 1e-9);
            assertEquals(HealthStatus.DEGRADED, many.status());
            assertEquals(1, many.reasons().size());
            assertTrue(many.reasons().get(0).startsWith("error rate 0.02/s over the last 600000 ms (threshold " +
                "0.01/s); 13 errors in all"), many.reasons()::toString);
        }
        finally
        {
            server.stop();
        }
    }

    @Test
    void errorsThatStopLeaveTheWindowAndTheServerRecovers()
    {
        final EventProcessor failing = handlers -> handlers.on(SeqMessage.class, m ->
        {
            throw new IllegalStateException("health test: handler fails on purpose");
        });
        final MongooseServer server = server("h-recover", failing,
            HealthConfig.defaults().errorRate(0, Duration.ofSeconds(2)), 64);
        server.start();
        try
        {
            publish(server, 2);
            Await.until("2 errors", () -> server.processorStats("p").errors() == 2);
            // Checked within the 2 s window of the errors (only a stall of 2 s here could age them out first).
            assertEquals(HealthStatus.DEGRADED, server.health().status(), "any error degrades at threshold 0");
            Await.until("the errors leave the window", () -> HealthStatus.UP == server.health().status());
            assertEquals(0.0, server.health().errorRate());
            assertEquals(2, server.health().errors());
        }
        finally
        {
            server.stop();
        }
    }
}
