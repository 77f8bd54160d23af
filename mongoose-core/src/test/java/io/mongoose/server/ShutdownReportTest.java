package io.mongoose.server;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.ThreadMode;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.pool.LeakSite;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.testing.SeqMessage;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link ShutdownReport#clean()} means every message was handled and came home, and the report's line names every
 * figure that says otherwise.
 */
class ShutdownReportTest
{
    private static ShutdownReport report(
        final boolean drained, final Map<String, Long> undelivered, final Map<String, Long> leaks, final long errors,
        final long unhandled, final long invalidReleases, final Map<String, String> unstopped)
    {
        return new ShutdownReport(drained, undelivered, leaks, errors, unhandled, invalidReleases, unstopped, List.of());
    }

    @Test
    void cleanOnlyWithNothingToReportAndThenSaysSo()
    {
        final ShutdownReport clean = report(true, Map.of(), Map.of(), 0, 0, 0, Map.of());
        assertTrue(clean.clean());
        assertEquals("ShutdownReport[clean]", clean.toString());
    }

    @Test
    void eachFigureAloneMakesTheReportUncleanAndIsNamed()
    {
        final Map<ShutdownReport, String> cases = Map.of(
            report(false, Map.of(), Map.of(), 0, 0, 0, Map.of()), "not drained within the shutdown timeout",
            report(true, Map.of("in", 3L), Map.of(), 0, 0, 0, Map.of()), "undelivered {in=3}",
            report(true, Map.of(), Map.of("Quote", 2L), 0, 0, 0, Map.of()), "leaked {Quote=2}",
            report(true, Map.of(), Map.of(), 1000, 0, 0, Map.of()), "1000 handler errors",
            report(true, Map.of(), Map.of(), 0, 5, 0, Map.of()), "5 unhandled",
            report(true, Map.of(), Map.of(), 0, 0, 1, Map.of()), "1 invalid releases",
            report(true, Map.of(), Map.of(), 0, 0, 0, Map.of("g", "thread 'g' (RUNNABLE)")),
            "agents not stopped {g=thread 'g' (RUNNABLE)}",
            new ShutdownReport(true, Map.of(), Map.of(), 0, 0, 0, Map.of(),
                List.of(new LeakSite("Quote", "Quote", 1, Duration.ZERO, List.of()))), "1 leak sites");
        cases.forEach((report, named) ->
        {
            assertFalse(report.clean(), named);
            assertEquals("ShutdownReport[" + named + "]", report.toString());
        });
        final ShutdownReport all = report(false, Map.of("in", 3L), Map.of(), 7, 2, 0, Map.of());
        assertEquals("ShutdownReport[not drained within the shutdown timeout, undelivered {in=3}, 7 handler errors, " +
            "2 unhandled]", all.toString());
    }

    @Test
    void aServerWhoseHandlerThrowsOnEveryMessageDoesNotStopClean()
    {
        final PoolRegistry registry = new PoolRegistry("report");
        final ObjectPool<SeqMessage> pool = registry.register(SeqMessage.class, SeqMessage::new, PoolConfig.of(64));
        final MongooseServer server = MongooseServer.builder().name("report").poolRegistry(registry)
            .errorHandler((source, message, error) -> { })
            .feed(FeedConfig.named("in"))
            .agentGroup(AgentGroupConfig.named("a").threadMode(ThreadMode.INVOKER)
                .processor("p", new EventProcessor()
                {
                    @Override
                    public void registerHandlers(final HandlerRegistry handlers)
                    {
                        handlers.on(SeqMessage.class, m ->
                        {
                            throw new IllegalStateException("bad " + m.sequence);
                        });
                    }
                }, "in"))
            .build();
        server.start();
        final FeedPublisher in = server.publisher("in");
        for (int i = 0; i < 1_000; i++)
        {
            in.publish(pool.acquire());
            server.invoker("a").invoke();
        }
        // A release without a reference, by code outside any handler: counted against the server that owns the pool.
        final SeqMessage stray = pool.acquire();
        stray.release();
        assertThrows(IllegalStateException.class, stray::release);

        final ShutdownReport report = server.stop();

        assertFalse(report.clean());
        assertEquals(1_000, report.handlerErrors());
        assertEquals(1, report.invalidReleases());
        assertEquals("ShutdownReport[1000 handler errors, 1 invalid releases]", report.toString());
        assertEquals(64, pool.free());
    }
}
