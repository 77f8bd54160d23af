package io.mongoose.server;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.pool.LeakDetection;
import io.mongoose.pool.LeakReport;
import io.mongoose.pool.LeakSite;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.testing.Await;
import io.mongoose.testing.CapturedLog;
import io.mongoose.testing.SeqMessage;
import io.mongoose.testing.SequenceChecker;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The leak detector with its switch on. The switch is a static final per JVM, so mongoose-core's pom runs this class
 * alone in the surefire execution {@code leak-detection} with {@code -Dmongoose.leakDetection=true}, and keeps it out
 * of the default execution (where {@link LeakDetectionOffTest} and {@link ZeroAllocationTest} run with it off).
 * It is skipped in a JVM without the property, so {@code mvn test -pl mongoose-core -Dtest=LeakDetectionTest} runs it
 * once, in the leak-detection execution.
 */
@EnabledIfSystemProperty(named = LeakDetection.PROPERTY, matches = "true",
    disabledReason = "needs -Dmongoose.leakDetection=true: runs in mongoose-core's leak-detection surefire execution")
class LeakDetectionTest
{
    @BeforeAll
    static void switchIsOn()
    {
        assertTrue(LeakDetection.ENABLED, "this test needs -D" + LeakDetection.PROPERTY + "=true; mongoose-core's " +
            "pom sets it in the leak-detection surefire execution");
    }

    @Test
    void messageAcquiredAndNeverReleasedIsReportedAtStopWithTheAcquiringMethod()
    {
        final PoolRegistry registry = new PoolRegistry("leak-stop");
        final ObjectPool<SeqMessage> pool = registry.register(SeqMessage.class, SeqMessage::new, PoolConfig.of(128));
        final SequenceChecker checker = new SequenceChecker(1);
        final MongooseServer server = MongooseServer.builder().name("leak-stop").poolRegistry(registry)
            .feed(FeedConfig.named("in"))
            .agentGroup(AgentGroupConfig.named("leak-stop-agent").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("checker", checker, "in"))
            .build();
        server.start();
        final FeedPublisher publisher = server.publisher("in");
        for (int i = 0; i < 100; i++)
        {
            final SeqMessage published = pool.acquire();
            published.producer = 0;
            published.sequence = i;
            publisher.publish(published); // released by the framework after dispatch: must not be reported
        }
        final SeqMessage leaked = pool.acquire();
        final int leakLine = new Throwable().getStackTrace()[0].getLineNumber() - 1;

        final ShutdownReport report = server.stop();

        assertNull(checker.firstProblem());
        assertEquals(100, checker.receivedTotal());
        assertFalse(report.clean(), report::toString);
        assertEquals(1L, report.leaksByType().get("SeqMessage"), report::toString);
        assertEquals(1, report.leakSites().size(), report.leakSites()::toString);
        final LeakSite site = report.leakSites().get(0);
        assertEquals("SeqMessage", site.pool());
        assertEquals(SeqMessage.class.getName(), site.type());
        assertEquals(1, site.count());
        final StackTraceElement top = site.acquisitionStack().get(0);
        assertEquals(LeakDetectionTest.class.getName(), top.getClassName(), "the pool's own frames are left out");
        assertEquals("messageAcquiredAndNeverReleasedIsReportedAtStopWithTheAcquiringMethod", top.getMethodName());
        assertEquals(leakLine, top.getLineNumber());
        assertEquals("ShutdownReport[leaked {SeqMessage=1}, 1 leak sites]", report.toString());
        assertEquals(1, leaked.refCount());
    }

    @Test
    void olderThanListsOnlyMessagesAtLeastThatOld()
    {
        final ObjectPool<SeqMessage> pool =
            new PoolRegistry("leak-age").register(SeqMessage.class, SeqMessage::new, PoolConfig.of(8));
        final SeqMessage first = pool.acquire();
        spinPast(System.nanoTime() + 1_000_000);
        final SeqMessage second = pool.acquire();

        // Ages are measured to an explicit instant, so the assertions do not depend on how fast this test runs.
        final long now = System.nanoTime();
        final List<LeakReport> both = pool.inFlightOlderThan(Duration.ZERO, now);
        assertEquals(2, both.size(), both::toString);
        final long firstAt = now - both.get(0).age().toNanos();
        final long secondAt = now - both.get(1).age().toNanos();
        final long gap = secondAt - firstAt;
        assertTrue(gap >= 1_000_000, "oldest first, acquired at least 1 ms apart: " + both);

        // At the second's acquire instant: the first is exactly gap old, the second 0.
        assertEquals(2, pool.inFlightOlderThan(Duration.ZERO, secondAt).size());
        assertEquals(1, pool.inFlightOlderThan(Duration.ofNanos(1), secondAt).size());
        assertEquals(1, pool.inFlightOlderThan(Duration.ofNanos(gap), secondAt).size());
        assertEquals(0, pool.inFlightOlderThan(Duration.ofNanos(gap + 1), secondAt).size());
        final LeakReport older = onlyReport(pool.inFlightOlderThan(Duration.ofNanos(gap), secondAt));
        assertEquals(Duration.ofNanos(gap), older.age());
        assertEquals(1, older.refCount());
        assertEquals(Thread.currentThread().getName(), older.acquiringThread());
        assertEquals("olderThanListsOnlyMessagesAtLeastThatOld", older.acquisitionStack().get(0).getMethodName());
        assertEquals(0, pool.inFlightOlderThan(Duration.ofDays(1)).size(), "nothing is a day old");

        second.release();
        first.release();
        assertEquals(List.of(), pool.inFlightOlderThan(Duration.ZERO));
    }

    @Test
    void releasedAndRetainedThenReleasedMessagesAreNotReported()
    {
        final ObjectPool<SeqMessage> pool =
            new PoolRegistry("leak-released").register(SeqMessage.class, SeqMessage::new, PoolConfig.of(4));
        final SeqMessage once = pool.acquire();
        once.release();
        final SeqMessage shared = pool.acquire();
        shared.retain(2);
        final LeakReport held = onlyReport(pool.inFlightOlderThan(Duration.ZERO));
        assertEquals(3, held.refCount(), "the report carries the count at the scan");
        shared.release();
        shared.release();
        assertEquals(1, pool.inFlightOlderThan(Duration.ZERO).size(), "one reference is still out");
        shared.release();
        assertEquals(List.of(), pool.inFlightOlderThan(Duration.ZERO));
        final SeqMessage tried = pool.tryAcquire();
        assertEquals(1, pool.inFlightOlderThan(Duration.ZERO).size(), "tryAcquire records too");
        tried.release();
        assertEquals(List.of(), pool.inFlightOlderThan(Duration.ZERO));
    }

    @Test
    void instancesCreatedByGrowthAreScannedToo()
    {
        final ObjectPool<SeqMessage> pool = new PoolRegistry("leak-grow").register(
            SeqMessage.class, SeqMessage::new, PoolConfig.of(2).growOnExhaustion());
        final List<SeqMessage> held = new ArrayList<>();
        for (int i = 0; i < 7; i++)
        {
            held.add(pool.acquire());
        }
        assertEquals(7, pool.created());
        assertEquals(7, pool.inFlightOlderThan(Duration.ZERO).size());
        for (final SeqMessage message : held)
        {
            message.release();
        }
        assertEquals(List.of(), pool.inFlightOlderThan(Duration.ZERO));
    }

    @Test
    void identicalLeaksAreGroupedIntoOneSiteAndOneWarning()
    {
        try (CapturedLog log = CapturedLog.of("io.mongoose.server"))
        {
            final PoolRegistry registry = new PoolRegistry("leak-group");
            final ObjectPool<SeqMessage> pool =
                registry.register(SeqMessage.class, SeqMessage::new, PoolConfig.of(10_100));
            final MongooseServer server = MongooseServer.builder().name("leak-group").poolRegistry(registry)
                .feed(FeedConfig.named("in"))
                .agentGroup(AgentGroupConfig.named("leak-group-agent").idleStrategy(IdleStrategyKind.BACKOFF)
                    .processor("checker", new SequenceChecker(1), "in"))
                .build();
            server.start();
            final List<SeqMessage> kept = new ArrayList<>();
            for (int i = 0; i < 10_000; i++)
            {
                kept.add(pool.acquire()); // one site, ten thousand leaks
            }
            leakThree(pool, kept);

            final List<LeakSite> whileRunning = LeakSite.group(server.leakSuspects(Duration.ZERO));
            assertEquals(2, whileRunning.size(), "leakSuspects answers while the server runs");
            final ShutdownReport report = server.stop();

            assertEquals(10_003L, report.leaksByType().get("SeqMessage"));
            assertEquals(2, report.leakSites().size(), report.leakSites()::toString);
            final LeakSite many = report.leakSites().get(0);
            final LeakSite few = report.leakSites().get(1);
            assertEquals(10_000, many.count());
            assertEquals("identicalLeaksAreGroupedIntoOneSiteAndOneWarning",
                many.acquisitionStack().get(0).getMethodName());
            assertEquals(3, few.count());
            assertEquals("leakThree", few.acquisitionStack().get(0).getMethodName());
            assertTrue(many.oldest().compareTo(Duration.ZERO) > 0);

            final List<String> siteWarnings = new ArrayList<>();
            for (final String warning : log.messagesAt(Level.WARNING))
            {
                if (warning.startsWith("server 'leak-group': leaked "))
                {
                    siteWarnings.add(warning);
                }
            }
            assertEquals(2, siteWarnings.size(), siteWarnings::toString);
            assertTrue(siteWarnings.get(0).startsWith("server 'leak-group': leaked 10000 messages of pool " +
                "'SeqMessage' (" + SeqMessage.class.getName() + ") in flight, oldest acquired "), siteWarnings.get(0));
            assertTrue(siteWarnings.get(0).contains("\n\tat " + LeakDetectionTest.class.getName() +
                ".identicalLeaksAreGroupedIntoOneSiteAndOneWarning("), siteWarnings.get(0));
            assertTrue(siteWarnings.get(1).startsWith("server 'leak-group': leaked 3 messages of pool "),
                siteWarnings.get(1));
            kept.forEach(SeqMessage::release);
            assertSame(report, server.stop(), "a second stop reports the same, without scanning again");
        }
    }

    @Test
    void leakSuspectsOfARunningServerNamesMessagesHeldTooLong()
    {
        final PoolRegistry registry = new PoolRegistry("leak-suspects");
        final ObjectPool<SeqMessage> pool = registry.register(SeqMessage.class, SeqMessage::new, PoolConfig.of(16));
        final MongooseServer server = MongooseServer.builder().name("leak-suspects").poolRegistry(registry)
            .feed(FeedConfig.named("in"))
            .agentGroup(AgentGroupConfig.named("leak-suspects-agent").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("checker", new SequenceChecker(1), "in"))
            .build();
        server.start();
        final SeqMessage held = pool.acquire();
        // Half a second apart, so a loaded machine's pauses cannot bring the fresh one past the threshold.
        spinPast(System.nanoTime() + 500_000_000);
        final SeqMessage fresh = pool.acquire();

        final LeakReport suspect = onlyReport(server.leakSuspects(Duration.ofMillis(250)));
        assertEquals("SeqMessage", suspect.pool());
        assertEquals("leakSuspectsOfARunningServerNamesMessagesHeldTooLong",
            suspect.acquisitionStack().get(0).getMethodName());
        assertEquals(2, server.leakSuspects(Duration.ZERO).size());

        held.release();
        fresh.release();
        assertEquals(List.of(), server.leakSuspects(Duration.ZERO));
        final ShutdownReport report = server.stop();
        assertTrue(report.clean(), report::toString);
        assertEquals(List.of(), report.leakSites());
    }

    private static void leakThree(final ObjectPool<SeqMessage> pool, final List<SeqMessage> kept)
    {
        for (int i = 0; i < 3; i++)
        {
            kept.add(pool.acquire());
        }
    }

    private static LeakReport onlyReport(final List<LeakReport> reports)
    {
        assertEquals(1, reports.size(), reports::toString);
        return reports.get(0);
    }

    private static void spinPast(final long nanoTime)
    {
        Await.until("nanoTime passes " + nanoTime, () -> System.nanoTime() - nanoTime > 0);
    }
}
