package io.mongoose.server;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.dispatch.DispatchErrorHandler;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.dispatch.LoggingErrorHandler;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolExhaustedException;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.pool.PooledMessage;
import io.mongoose.status.ProcessorStats;
import io.mongoose.status.ServerState;
import io.mongoose.testing.Await;
import io.mongoose.testing.GatedProcessor;
import io.mongoose.testing.SeqMessage;
import io.mongoose.testing.SequenceChecker;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Handler failures, pool exhaustion through the whole path, and stop with messages in flight.
 */
class FaultToleranceTest
{
    private final PoolRegistry registry = new PoolRegistry("faults");

    /** Throws on every 1000th sequence; handles the rest. */
    private static final class EveryThousandthThrows implements EventProcessor
    {
        final AtomicLong handled = new AtomicLong();

        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
            handlers.on(SeqMessage.class, m ->
            {
                if (m.sequence % 1000 == 999)
                {
                    throw new IllegalArgumentException("bad sequence " + m.sequence);
                }
                handled.lazySet(handled.get() + 1);
            });
        }
    }

    @Test
    void aHandlerThatThrowsEveryThousandthMessageIsIsolatedCountedAndLeaksNothing()
    {
        final ObjectPool<SeqMessage> pool = registry.register(
            SeqMessage.class, SeqMessage::new, PoolConfig.of(1024).waitOnExhaustion(Duration.ofMinutes(2)));
        final EveryThousandthThrows throwing = new EveryThousandthThrows();
        final ConcurrentLinkedQueue<String> reported = new ConcurrentLinkedQueue<>();
        final LoggingErrorHandler logging = new LoggingErrorHandler();
        final DispatchErrorHandler errors = (source, message, error) ->
        {
            reported.add(source + ":" + ((SeqMessage)message).sequence + ":" + error.getMessage());
            logging.onError(source, message, error);
        };
        final MongooseServer server = MongooseServer.builder().name("throwing").poolRegistry(registry)
            .errorHandler(errors)
            .feed(FeedConfig.named("in"))
            .agentGroup(AgentGroupConfig.named("a").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("thrower", throwing, "in"))
            .build();
        server.start();
        final FeedPublisher in = server.publisher("in");
        final int total = 100_000;
        for (long s = 0; s < total; s++)
        {
            final SeqMessage m = pool.acquire();
            m.sequence = s;
            in.publish(m);
        }
        Await.until("all dispatched", () -> server.agentStats("a").dispatched() == total);
        final ShutdownReport report = server.stop();

        assertEquals(total - total / 1000, throwing.handled.get(), "every message but the failing ones handled");
        final ProcessorStats stats = server.processorStats("thrower");
        assertEquals(total / 1000, stats.errors());
        assertEquals(total - total / 1000, stats.handled());
        assertEquals(total / 1000, reported.size());
        assertTrue(reported.contains("thrower:999:bad sequence 999"), reported::toString);
        assertTrue(reported.contains("thrower:99999:bad sequence 99999"), reported::toString);
        assertEquals(total / 1000, logging.errorCount());
        assertEquals(1, logging.distinctErrorCount(), "one log line for one repeated error");
        assertEquals(total / 1000, report.handlerErrors());
        assertFalse(report.clean(), "messages a handler failed on were not handled");
        assertEquals("ShutdownReport[" + total / 1000 + " handler errors]", report.toString());
        assertEquals(0, pool.inFlight(), "failed messages were released too");
    }

    /** A message whose reset fails for every 100th sequence: user code the agent runs when it returns messages. */
    public static final class FlakyReset extends PooledMessage
    {
        long sequence;

        @Override
        protected void reset()
        {
            if (sequence % 100 == 99)
            {
                final long failed = sequence;
                sequence = -1;
                throw new IllegalStateException("reset failed at " + failed);
            }
            sequence = -1;
        }
    }

    @Test
    void aResetThatThrowsOnTheAgentIsReportedAndEveryMessageStillGoesBackToItsPool()
    {
        final ObjectPool<FlakyReset> pool = registry.register(
            FlakyReset.class, FlakyReset::new, PoolConfig.of(256).waitOnExhaustion(Duration.ofMinutes(2)));
        final AtomicLong handled = new AtomicLong();
        final ConcurrentLinkedQueue<String> reported = new ConcurrentLinkedQueue<>();
        final AtomicLong failures = new AtomicLong();
        final EventProcessor counting = handlers -> handlers.on(FlakyReset.class,
            m -> handled.lazySet(handled.get() + 1));
        final MongooseServer server = MongooseServer.builder().name("flaky-reset").poolRegistry(registry)
            .errorHandler((source, message, error) ->
            {
                reported.add(source + ":" + error.getMessage());
                failures.addAndGet(1 + error.getSuppressed().length);
            })
            .feed(FeedConfig.named("in"))
            .agentGroup(AgentGroupConfig.named("a").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("counter", counting, "in"))
            .build();
        server.start();
        final FeedPublisher in = server.publisher("in");
        final int total = 10_000;
        for (long s = 0; s < total; s++)
        {
            final FlakyReset m = pool.acquire();
            m.sequence = s;
            in.publish(m);
        }
        Await.until("all dispatched", () -> server.agentStats("a").dispatched() == total);
        Await.until("all returned", () -> pool.free() == 256);
        final ShutdownReport report = server.stop();

        assertEquals(total, handled.get());
        assertTrue(report.leaksByType().isEmpty(), report::toString);
        assertEquals(0, pool.inFlight());
        assertEquals(256, pool.free());
        assertEquals(256, pool.created(), "no message was lost and replaced");
        assertEquals(total / 100, server.agentStats("a").errors(), "one agent error per failed reset");
        assertEquals(total / 100, reported.size());
        assertTrue(reported.contains("agent:a:reset failed at 99"), reported::toString);
        assertTrue(reported.contains("agent:a:reset failed at " + (total - 1)), reported::toString);
        assertTrue(reported.stream().allMatch(r -> r.startsWith("agent:a:reset failed at ")), reported::toString);
        assertEquals(total / 100, failures.get(), "nothing suppressed: each failure is reported on its own");
    }

    @Test
    void failFastPoolExhaustionReachesTheProducerAndRecovers()
    {
        final ObjectPool<SeqMessage> pool = registry.register(SeqMessage.class, SeqMessage::new, PoolConfig.of(8)
            .failOnExhaustion());
        final GatedProcessor gated = new GatedProcessor();
        final MongooseServer server = gatedServer(gated);
        final FeedPublisher in = server.publisher("in");
        for (long s = 0; s < 8; s++)
        {
            publish(pool, in, s);
        }
        gated.awaitEntered();
        final PoolExhaustedException exhausted = assertThrows(PoolExhaustedException.class, pool::acquire);
        assertTrue(exhausted.getMessage().startsWith("pool 'SeqMessage'"), exhausted::getMessage);
        assertEquals(1, pool.exhaustedCount());
        assertEquals(8, pool.inFlight());

        gated.open();
        Await.until("pool refilled", () -> pool.free() == 8);
        publish(pool, in, 8);
        Await.until("ninth handled", () -> gated.handled().size() == 9);
        assertTrue(server.stop().clean());
        assertEquals(8, pool.created());
    }

    @Test
    void growingPoolCreatesBeyondCapacityThenRetiresTheSurplus()
    {
        final ObjectPool<SeqMessage> pool = registry.register(
            SeqMessage.class, SeqMessage::new, PoolConfig.of(8).growOnExhaustion());
        final GatedProcessor gated = new GatedProcessor();
        final MongooseServer server = gatedServer(gated);
        final FeedPublisher in = server.publisher("in");
        for (long s = 0; s < 20; s++)
        {
            publish(pool, in, s);
        }
        assertEquals(20, pool.created());
        assertEquals(12, pool.exhaustedCount());

        gated.open();
        Await.until("all handled", () -> gated.handled().size() == 20);
        final ShutdownReport report = server.stop();
        assertTrue(report.clean(), report::toString);
        assertEquals(8, pool.free(), "the free list keeps only its capacity");
        assertEquals(12, pool.stats().retired());
        assertEquals(0, pool.inFlight());
    }

    @Test
    void waitingPoolHandsOutTheNextReleasedMessage() throws Exception
    {
        final ObjectPool<SeqMessage> pool = registry.register(
            SeqMessage.class, SeqMessage::new, PoolConfig.of(8).waitOnExhaustion(Duration.ofMinutes(2)));
        final GatedProcessor gated = new GatedProcessor();
        final MongooseServer server = gatedServer(gated);
        final FeedPublisher in = server.publisher("in");
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread producer = new Thread(() ->
        {
            try
            {
                for (long s = 0; s < 100; s++)
                {
                    publish(pool, in, s);
                }
            }
            catch (final Throwable t)
            {
                failure.set(t);
            }
        }, "waiting-producer");
        producer.start();
        Await.until("producer waiting on the empty pool", () -> pool.exhaustedCount() >= 1);
        assertTrue(producer.isAlive());
        gated.open();
        producer.join();
        assertNull(failure.get());
        Await.until("all handled", () -> gated.handled().size() == 100);
        assertTrue(server.stop().clean());
        assertEquals(8, pool.created(), "waiting never grows the pool");
    }

    @Test
    void stopWhileMessagesAreInFlightDeliversEveryOne()
    {
        final ObjectPool<SeqMessage> pool = registry.register(
            SeqMessage.class, SeqMessage::new, PoolConfig.of(4096).waitOnExhaustion(Duration.ofMinutes(2)));
        final SequenceChecker checker = new SequenceChecker(1);
        final MongooseServer server = MongooseServer.builder().name("drain").poolRegistry(registry)
            .feed(FeedConfig.named("in").queueCapacity(4096))
            .agentGroup(AgentGroupConfig.named("a").idleStrategy(IdleStrategyKind.SLEEP)
                .drainLimit(1).processor("p", checker, "in"))
            .shutdownTimeout(Duration.ofMinutes(2))
            .build();
        server.start();
        final FeedPublisher in = server.publisher("in");
        for (long s = 0; s < 4000; s++)
        {
            final SeqMessage m = pool.acquire();
            m.producer = 0;
            m.sequence = s;
            in.publish(m);
        }
        final ShutdownReport report = server.stop();
        assertEquals(4000, checker.received(0), "stop drained the queue before stopping processors");
        assertNull(checker.firstProblem());
        assertTrue(report.drained());
        assertTrue(report.clean(), report::toString);
    }

    @Test
    void stopThatCannotDrainReportsAndReleasesWhatIsLeft()
    {
        final ObjectPool<SeqMessage> pool = registry.register(SeqMessage.class, SeqMessage::new, PoolConfig.of(64));
        final GatedProcessor gated = new GatedProcessor();
        final AtomicLong errors = new AtomicLong();
        final MongooseServer server = MongooseServer.builder().name("stuck").poolRegistry(registry)
            .errorHandler((source, message, error) -> errors.incrementAndGet())
            .feed(FeedConfig.named("in").queueCapacity(64))
            .agentGroup(AgentGroupConfig.named("a").idleStrategy(IdleStrategyKind.BACKOFF).drainLimit(1)
                .processor("gated", gated, "in"))
            .shutdownTimeout(Duration.ofMillis(50))
            .build();
        server.start();
        final FeedPublisher in = server.publisher("in");
        for (long s = 0; s < 10; s++)
        {
            publish(pool, in, s);
        }
        gated.awaitEntered();

        // The handler never returns on its own: the drain times out and closing the agent interrupts it.
        final ShutdownReport report = server.stop();

        assertFalse(report.drained());
        assertEquals(Map.of("in", 9L), report.undeliveredByFeed(), "the 9 queued behind the stuck one");
        assertEquals(Map.of(), report.leaksByType(), "undelivered messages were released, not leaked");
        assertEquals(1, errors.get(), "the interrupted handler's failure was reported");
        assertEquals(9, server.feedStats("in").undeliveredAtStop());
        assertEquals(0, pool.inFlight());
        assertTrue(server.agentThread("a").isEmpty(), "agent thread joined");
    }

    @Test
    void aMessageNobodyHandlesIsCountedAndReleased()
    {
        final ObjectPool<SeqMessage> seqPool = registry.register(SeqMessage.class, SeqMessage::new, PoolConfig.of(8));
        final ObjectPool<Other> otherPool = registry.register(Other.class, Other::new, PoolConfig.of(8));
        final SequenceChecker checker = new SequenceChecker(1);
        final MongooseServer server = MongooseServer.builder().name("unhandled").poolRegistry(registry)
            .feed(FeedConfig.named("in"))
            .agentGroup(AgentGroupConfig.named("a").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("p", checker, "in"))
            .build();
        server.start();
        final FeedPublisher in = server.publisher("in");
        publish(seqPool, in, 0);
        in.publish(otherPool.acquire());
        in.publish(otherPool.acquire());
        Await.until("dispatched", () -> server.agentStats("a").dispatched() == 3);
        final ShutdownReport report = server.stop();
        assertEquals(2, server.processorStats("p").unhandled());
        assertEquals(1, server.processorStats("p").handled());
        assertEquals(2, report.unhandled());
        assertFalse(report.clean(), "messages no handler covered were not handled");
        assertEquals("ShutdownReport[2 unhandled]", report.toString());
        assertEquals(8, otherPool.free());
    }

    @Test
    void publishErrorsAreClearAndReleaseTheMessage()
    {
        final ObjectPool<SeqMessage> pool = registry.register(SeqMessage.class, SeqMessage::new, PoolConfig.of(8));
        final MongooseServer server = MongooseServer.builder().name("errors").poolRegistry(registry)
            .feed(FeedConfig.named("in"))
            .agentGroup(AgentGroupConfig.named("a").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("p", new SequenceChecker(1), "in"))
            .build();
        final FeedPublisher in = server.publisher("in");

        final IllegalStateException early = assertThrows(IllegalStateException.class, () -> in.publish(pool.acquire()));
        assertEquals("feed 'in' is closed: server 'errors' has not started; publish after start() (message released)",
            early.getMessage());
        assertEquals(8, pool.free());

        final IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
            () -> server.publisher("nope"));
        assertEquals("unknown feed 'nope'; expected one of in", unknown.getMessage());

        server.start();
        final SeqMessage published = pool.acquire();
        published.sequence = 0;
        published.producer = 0;
        in.publish(published);
        Await.until("returned", () -> pool.free() == 8);
        final IllegalArgumentException twice = assertThrows(IllegalArgumentException.class, () -> in.publish(published));
        assertTrue(twice.getMessage().contains("holds no reference of the caller's (it is free in its pool)"),
            twice::getMessage);
        assertThrows(NullPointerException.class, () -> in.publish(null));

        final ShutdownReport first = server.stop();
        final IllegalStateException late = assertThrows(IllegalStateException.class, () -> in.publish(pool.acquire()));
        assertEquals("feed 'in' is closed: server 'errors' is stopped (message released)", late.getMessage());
        assertEquals(8, pool.free());
        assertSame(first, server.stop(), "a second stop is a no-op returning the same report");
        assertEquals(ServerState.STOPPED, server.state());
    }

    @Test
    void aSecondProducerThreadOnOneFeedIsDetected() throws Exception
    {
        final ObjectPool<SeqMessage> pool = registry.register(SeqMessage.class, SeqMessage::new, PoolConfig.of(8));
        final MongooseServer server = MongooseServer.builder().name("spsc").poolRegistry(registry)
            .feed(FeedConfig.named("in"))
            .agentGroup(AgentGroupConfig.named("a").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("p", new SequenceChecker(1), "in"))
            .build();
        server.start();
        final FeedPublisher in = server.publisher("in");
        publish(pool, in, 0);
        final AtomicReference<Throwable> second = new AtomicReference<>();
        final Thread intruder = new Thread(() ->
        {
            final SeqMessage m = pool.acquire();
            try
            {
                in.publish(m);
            }
            catch (final Throwable t)
            {
                m.release();
                second.set(t);
            }
        }, "intruder");
        intruder.start();
        intruder.join();
        assertTrue(second.get() instanceof IllegalStateException, String.valueOf(second.get()));
        assertTrue(second.get().getMessage().contains("published from thread 'intruder'"), second.get()::getMessage);
        assertTrue(server.stop().clean());
    }

    private MongooseServer gatedServer(final GatedProcessor gated)
    {
        final MongooseServer server = MongooseServer.builder().name("gated").poolRegistry(registry)
            .feed(FeedConfig.named("in").queueCapacity(64))
            .agentGroup(AgentGroupConfig.named("a").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("gated", gated, "in"))
            .build();
        server.start();
        return server;
    }

    private static void publish(final ObjectPool<SeqMessage> pool, final FeedPublisher feed, final long sequence)
    {
        final SeqMessage m = pool.acquire();
        m.producer = 0;
        m.sequence = sequence;
        feed.publish(m);
    }

    /** A message type no processor handles. */
    static final class Other extends PooledMessage
    {
    }
}
