package io.mongoose.server;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.config.ThreadMode;
import io.mongoose.dispatch.DispatchErrorHandler;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.status.ServerState;
import io.mongoose.testing.Await;
import io.mongoose.testing.SeqMessage;
import io.mongoose.testing.SequenceChecker;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeout;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Faults outside the handlers: a producer that dies holding a message, stop() racing live producers, and an agent
 * thread interrupted from outside. Each test accounts for every pooled message and checks no agent thread is left.
 */
class ProducerAndAgentFaultTest
{
    private static final int CAPACITY = 4096;
    /**
     * A drain timeout that a stop() with a dead agent must never sit out. It only has to exceed the hang guard
     * ({@link Await#GENEROUS}); no assertion depends on how fast stop() is otherwise.
     */
    private static final Duration UNREACHABLE_DRAIN = Await.GENEROUS.multipliedBy(5);

    private final PoolRegistry registry = new PoolRegistry("producer-agent-faults");
    private final ObjectPool<SeqMessage> pool = registry.register(
        SeqMessage.class, SeqMessage::new, PoolConfig.of(CAPACITY).waitOnExhaustion(Await.GENEROUS));
    private final ConcurrentLinkedQueue<String> reported = new ConcurrentLinkedQueue<>();
    private final DispatchErrorHandler recording = (source, message, error) ->
        reported.add(source + ": " + error.getMessage());

    // ------------------------------------------------------------------------------------------------- producers

    @Test
    void aProducerThatDiesHoldingAMessageLeavesExactlyThatOneLeakAndEverythingPublishedDelivered() throws Exception
    {
        final SequenceChecker checker = new SequenceChecker(1);
        final MongooseServer server = MongooseServer.builder().name("dying-producer").poolRegistry(registry)
            .errorHandler(recording)
            .feed(FeedConfig.named("in").queueCapacity(1024))
            .agentGroup(AgentGroupConfig.named("dying-producer-a").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("p", checker, "in"))
            .build();
        server.start();
        final FeedPublisher in = server.publisher("in");
        final long published = 10_000;
        final AtomicReference<SeqMessage> inHand = new AtomicReference<>();
        final AtomicReference<Throwable> died = new AtomicReference<>();
        final Thread producer = new Thread(() ->
        {
            for (long s = 0; s < published; s++)
            {
                final SeqMessage m = pool.acquire();
                m.producer = 0;
                m.sequence = s;
                in.publish(m);
            }
            final SeqMessage acquired = pool.acquire();
            acquired.producer = 0;
            acquired.sequence = published;
            inHand.set(acquired);
            throw new IllegalStateException("producer bug after " + published + " messages");
        }, "dying-producer");
        // The producer's failure is the point of the test: record it instead of letting the default handler print it.
        producer.setUncaughtExceptionHandler((t, e) -> died.set(e));
        producer.start();
        producer.join();
        assertEquals("producer bug after 10000 messages", died.get().getMessage());

        Await.until("everything published delivered", () -> checker.received(0) == published);
        final ShutdownReport report = server.stop();

        assertNull(checker.firstProblem());
        assertEquals(published, checker.received(0), "delivered exactly once each");
        assertEquals(published, server.feedStats("in").published());
        assertEquals(published, server.processorStats("p").handled());
        assertTrue(report.drained(), report::toString);
        assertEquals(Map.of(), report.undeliveredByFeed());
        assertEquals(Map.of("SeqMessage", 1L), report.leaksByType(), "the one message left in the dead producer's hand");
        assertFalse(report.clean(), "a leak makes the report unclean");
        assertEquals(0, report.handlerErrors());
        assertEquals(List.of(), List.copyOf(reported), "a producer's death is not an agent error");
        assertNoAgentThread("dying-producer-a");

        // The leak is exactly the message in hand: releasing it balances the pool.
        assertEquals(1, pool.inFlight());
        assertEquals(1, inHand.get().refCount());
        assertTrue(inHand.get().release());
        assertPoolBalanced();
    }

    @Test
    void stopWhileProducersPublishAccountsForEveryAcquiredMessage() throws Exception
    {
        final int producers = 3;
        final SequenceChecker g0 = new SequenceChecker(producers);
        final SequenceChecker g1 = new SequenceChecker(producers);
        // One subscriber queue per feed: a publish that throws has then reached nobody, so the accounting is exact.
        final MongooseServer server = MongooseServer.builder().name("racing-stop").poolRegistry(registry)
            .errorHandler(recording)
            .feed(FeedConfig.named("f0").queueCapacity(256))
            .feed(FeedConfig.named("f1").queueCapacity(256))
            .feed(FeedConfig.named("f2").queueCapacity(256))
            .agentGroup(AgentGroupConfig.named("racing-stop-g0").idleStrategy(IdleStrategyKind.YIELD)
                .processor("c0", g0, "f0", "f1"))
            .agentGroup(AgentGroupConfig.named("racing-stop-g1").idleStrategy(IdleStrategyKind.YIELD)
                .processor("c1", g1, "f2"))
            .shutdownTimeout(Await.GENEROUS)
            .build();
        server.start();

        final long[] acquired = new long[producers];
        final long[] publishedOk = new long[producers];
        final long[] releasedByClosedPublish = new long[producers];
        final AtomicLong anyPublished = new AtomicLong();
        final AtomicReference<Throwable> unexpected = new AtomicReference<>();
        final List<String> endings = new CopyOnWriteArrayList<>();
        final Thread[] threads = new Thread[producers];
        for (int k = 0; k < producers; k++)
        {
            final int feed = k;
            final FeedPublisher publisher = server.publisher("f" + k);
            threads[k] = new Thread(() ->
            {
                try
                {
                    for (long s = 0; ; s++)
                    {
                        final SeqMessage m = pool.acquire();
                        acquired[feed]++;
                        m.producer = feed;
                        m.sequence = s;
                        try
                        {
                            publisher.publish(m);
                        }
                        catch (final IllegalStateException closed)
                        {
                            // The only way out of the loop: the feed closed; publish released the message.
                            releasedByClosedPublish[feed]++;
                            endings.add(closed.getMessage());
                            return;
                        }
                        publishedOk[feed]++;
                        anyPublished.incrementAndGet();
                    }
                }
                catch (final Throwable t)
                {
                    unexpected.compareAndSet(null, t);
                }
            }, "racing-producer-" + k);
            threads[k].start();
        }
        // Stop while all three are in full flow: each has published a few thousand and keeps going.
        Await.until("producers in flow", () -> anyPublished.get() > 30_000);
        final ShutdownReport report = server.stop();
        for (final Thread thread : threads)
        {
            thread.join(Await.GENEROUS.toMillis());
            assertFalse(thread.isAlive(), thread.getName() + " ended by itself");
        }

        assertNull(unexpected.get(), () -> "producer failed otherwise: " + unexpected.get());
        assertEquals(producers, endings.size(), endings::toString);
        for (final String ending : endings)
        {
            assertTrue(ending.matches("feed 'f[0-2]' (is closed: server 'racing-stop' is stopped \\((message " +
                "released|nothing claimed)\\)|closed while waiting for room in the queue to 'racing-stop-g[01]': " +
                "server 'racing-stop' is stopping; offered to 0 of 1 subscribers|closed while this message was " +
                "offered: server 'racing-stop' swept its queues before 1 of its 1 offers landed, which were released " +
                "there undelivered)"), ending);
        }
        assertNull(g0.firstProblem(), "in order, exactly once");
        assertNull(g1.firstProblem(), "in order, exactly once");
        final long[] delivered = {g0.received(0), g0.received(1), g1.received(2)};
        long acquiredTotal = 0;
        long deliveredTotal = 0;
        long publishedTotal = 0;
        long closedTotal = 0;
        long undeliveredTotal = 0;
        for (int k = 0; k < producers; k++)
        {
            assertEquals(1, releasedByClosedPublish[k], "each producer ends on its first closed publish");
            assertEquals(acquired[k], publishedOk[k] + releasedByClosedPublish[k]);
            assertEquals(publishedOk[k], server.feedStats("f" + k).published());
            assertTrue(delivered[k] <= publishedOk[k]);
            undeliveredTotal += server.feedStats("f" + k).undeliveredAtStop();
            acquiredTotal += acquired[k];
            deliveredTotal += delivered[k];
            publishedTotal += publishedOk[k];
            closedTotal += releasedByClosedPublish[k];
        }
        assertEquals(0, g0.received(2) + g1.received(0) + g1.received(1), "no message reached a non-subscriber");
        final long leaked = report.leaksByType().getOrDefault("SeqMessage", 0L);
        final long undeliveredReported = report.undeliveredByFeed().values().stream().mapToLong(Long::longValue).sum();
        assertEquals(undeliveredTotal, undeliveredReported);
        // Every published message was delivered or counted undelivered: none stayed in a queue after stop.
        final String accounts = "published " + publishedTotal + ", delivered " + deliveredTotal + ", " + report;
        assertEquals(publishedTotal, deliveredTotal + undeliveredReported, accounts);
        assertEquals(acquiredTotal, publishedTotal + closedTotal, accounts);
        assertEquals(0, pool.inFlight(), accounts);
        // The report's leaks are what was out of the pool when stop() looked: a message a producer had acquired and
        // not yet published at that instant (or was still offering), which its publish then released on finding the
        // feed closed. At most one per producer.
        assertTrue(leaked <= producers, accounts);
        assertTrue(report.drained(), report::toString);
        assertEquals(0, report.handlerErrors() + report.unhandled());
        assertEquals(List.of(), List.copyOf(reported));
        assertNoAgentThread("racing-stop-g0");
        assertNoAgentThread("racing-stop-g1");
        System.out.println("stop while publishing: acquired " + acquiredTotal + ", delivered " + deliveredTotal +
            ", undelivered " + undeliveredReported + ", in hand at stop " + leaked + ", released by closed publish " +
            closedTotal);
    }

    // ----------------------------------------------------------------------------------------------- interrupts

    /**
     * Agrona's runner ends its loop when a duty cycle did no work and the thread is interrupted. Before the fix the
     * agent then ran onClose and its thread ended without a word, while the server still looked RUNNING.
     */
    @ParameterizedTest
    @EnumSource(IdleStrategyKind.class)
    void anAgentInterruptedWhileIdleSaysItStoppedAndStopReleasesWhatReachesItLater(final IdleStrategyKind idle)
        throws Exception
    {
        final String agent = "interrupted-idle-" + idle.yamlName();
        final Journal journal = new Journal();
        final MongooseServer server = MongooseServer.builder().name("interrupt-idle").poolRegistry(registry)
            .errorHandler(recording)
            .feed(FeedConfig.named("in").queueCapacity(64))
            .agentGroup(AgentGroupConfig.named(agent).idleStrategy(idle).processor("p", journal, "in"))
            // Longer than the hang guard on stop() below: stop() must not wait for a queue whose agent has ended.
            .shutdownTimeout(UNREACHABLE_DRAIN)
            .build();
        server.start();
        final FeedPublisher in = server.publisher("in");
        for (long s = 0; s < 10; s++)
        {
            publish(in, s);
        }
        Await.until("first ten handled", () -> journal.sequences.size() == 10);
        final Thread thread = server.agentThread(agent).orElseThrow();

        thread.interrupt();
        thread.join(Await.GENEROUS.toMillis());

        assertFalse(thread.isAlive(), "Agrona ends the agent's loop on interrupt");
        assertEquals(List.of("agent:" + agent + ": agent '" + agent + "' stopped before the server stopped it (its " +
                "thread was interrupted); its processors are stopped and its queues are no longer drained: messages " +
                "published to them are released as undelivered at stop()"), List.copyOf(reported),
            "the error handler hears about it");
        assertEquals(1, server.agentStats(agent).errors());
        assertEquals(List.of("stop", "teardown"), journal.lifecycle, "processors stopped on their own thread");
        assertEquals(ServerState.RUNNING, server.state(), "the server itself is still running");

        // The feed is still open: these wait in the queue, and stop() releases them as undelivered, not leaked.
        for (long s = 10; s < 15; s++)
        {
            publish(in, s);
        }
        final ShutdownReport report = assertTimeout(Await.GENEROUS, server::stop, "stop() waited for a dead agent");
        assertFalse(report.drained());
        assertEquals(Map.of("in", 5L), report.undeliveredByFeed());
        assertEquals(Map.of(), report.leaksByType());
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L), journal.sequences);
        assertEquals(List.of("stop", "teardown"), journal.lifecycle, "stop() does not stop the processors twice");
        assertEquals(1, reported.size(), "stop() itself reports nothing more");
        assertPoolBalanced();
        assertNoAgentThread(agent);
    }

    @Test
    void anAgentInterruptedInsideAHandlerFinishesWhatIsQueuedThenSaysItStopped() throws Exception
    {
        final String agent = "interrupted-busy";
        final Journal journal = new Journal();
        final MongooseServer server = MongooseServer.builder().name("interrupt-busy").poolRegistry(registry)
            .errorHandler(recording)
            .feed(FeedConfig.named("in").queueCapacity(64))
            .agentGroup(AgentGroupConfig.named(agent).idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("p", journal, "in"))
            .build();
        server.start();
        final FeedPublisher in = server.publisher("in");
        journal.blockOn = 3;
        for (long s = 0; s < 20; s++)
        {
            publish(in, s);
        }
        journal.awaitBlocked();
        final Thread thread = server.agentThread(agent).orElseThrow();

        // The handler sees the interrupt, keeps the flag set (as well-behaved code does) and returns normally.
        thread.interrupt();
        thread.join(Await.GENEROUS.toMillis());

        assertFalse(thread.isAlive());
        assertTrue(journal.sawInterrupt.get());
        final List<Long> all = new ArrayList<>();
        for (long s = 0; s < 20; s++)
        {
            all.add(s);
        }
        assertEquals(all, journal.sequences, "a pending interrupt does not cut a batch short: every queued one handled");
        assertEquals(1, reported.size(), reported::toString);
        assertTrue(reported.peek().startsWith("agent:" + agent + ": agent '" + agent + "' stopped before the server " +
            "stopped it (its thread was interrupted)"), reported::toString);

        final ShutdownReport report = server.stop();
        assertTrue(report.clean(), report::toString);
        assertEquals(20, server.processorStats("p").handled());
        assertEquals(0, report.handlerErrors());
        assertPoolBalanced();
        assertNoAgentThread(agent);
    }

    /**
     * Agrona's invoker has the same rule as its runner, but does not even close the agent: before the fix every later
     * invoke() silently returned 0 while the feeds kept accepting messages.
     */
    @Test
    void anInvokerWhoseThreadIsInterruptedSaysItStoppedAndStopReleasesWhatIsLeft()
    {
        final Journal journal = new Journal();
        final MongooseServer server = MongooseServer.builder().name("interrupt-invoker").poolRegistry(registry)
            .errorHandler(recording)
            .feed(FeedConfig.named("in").queueCapacity(64))
            .agentGroup(AgentGroupConfig.named("invoked").threadMode(ThreadMode.INVOKER).processor("p", journal, "in"))
            // Longer than the hang guard on stop() below: stop() must not wait for a queue nobody will drain.
            .shutdownTimeout(UNREACHABLE_DRAIN)
            .build();
        server.start();
        final AgentGroupInvoker invoker = server.invoker("invoked");
        final FeedPublisher in = server.publisher("in");
        for (long s = 0; s < 3; s++)
        {
            publish(in, s);
        }
        assertEquals(3, invoker.invoke());
        try
        {
            Thread.currentThread().interrupt();
            assertEquals(0, invoker.invoke(), "an idle cycle with the flag set ends the invoker");
        }
        finally
        {
            // This is the test's own thread: clear the flag so nothing after this test sees it.
            Thread.interrupted();
        }

        assertFalse(invoker.isRunning());
        assertEquals(List.of("agent:invoked: agent 'invoked' stopped before the server stopped it (its thread was " +
            "interrupted); invoke() no longer dispatches and its queues are no longer drained: messages published to " +
            "them are released as undelivered at stop()"), List.copyOf(reported));
        assertEquals(1, server.agentStats("invoked").errors());
        publish(in, 3);
        publish(in, 4);
        assertEquals(0, invoker.invoke());
        assertEquals(1, reported.size(), "said once, not on every invoke()");

        final ShutdownReport report = assertTimeout(Await.GENEROUS, server::stop, "stop() waited for a dead invoker");
        assertFalse(report.drained());
        assertEquals(Map.of("in", 2L), report.undeliveredByFeed());
        assertEquals(Map.of(), report.leaksByType());
        assertEquals(List.of(0L, 1L, 2L), journal.sequences);
        assertEquals(List.of("stop", "teardown"), journal.lifecycle, "stop() still stops the processors");
        assertEquals(1, reported.size());
        assertPoolBalanced();
    }

    @Test
    void aNormalStopReportsNoUnexpectedAgentEnd()
    {
        final Journal journal = new Journal();
        final MongooseServer server = MongooseServer.builder().name("normal-stop").poolRegistry(registry)
            .errorHandler(recording)
            .feed(FeedConfig.named("in"))
            .agentGroup(AgentGroupConfig.named("normal-stop-a").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("p", journal, "in"))
            .build();
        server.start();
        publish(server.publisher("in"), 0);
        Await.until("handled", () -> journal.sequences.size() == 1);
        assertTrue(server.stop().clean());
        assertEquals(List.of(), List.copyOf(reported), "stop() closing the agent is expected, not an error");
        assertEquals(0, server.agentStats("normal-stop-a").errors());
        assertNoAgentThread("normal-stop-a");
    }

    // ------------------------------------------------------------------------------------------------- helpers

    /** Records sequences and lifecycle; can hold the agent inside the handler of one sequence until interrupted. */
    private static final class Journal implements EventProcessor
    {
        final List<Long> sequences = new CopyOnWriteArrayList<>();
        final List<String> lifecycle = new CopyOnWriteArrayList<>();
        final AtomicBoolean sawInterrupt = new AtomicBoolean();
        final CountDownLatch blocked = new CountDownLatch(1);
        volatile long blockOn = -1;

        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
            handlers.on(SeqMessage.class, this::onSeq);
        }

        private void onSeq(final SeqMessage m)
        {
            if (m.sequence == blockOn)
            {
                blocked.countDown();
                try
                {
                    // Released only by the interrupt the test sends; the bound just stops a broken test hanging.
                    new CountDownLatch(1).await(Await.GENEROUS.toSeconds(), TimeUnit.SECONDS);
                }
                catch (final InterruptedException ex)
                {
                    sawInterrupt.set(true);
                    Thread.currentThread().interrupt();
                }
            }
            sequences.add(m.sequence);
        }

        void awaitBlocked() throws InterruptedException
        {
            assertTrue(blocked.await(Await.GENEROUS.toSeconds(), TimeUnit.SECONDS), "handler never blocked");
        }

        @Override
        public void onStop()
        {
            lifecycle.add("stop");
        }

        @Override
        public void onTearDown()
        {
            lifecycle.add("teardown");
        }
    }

    private void publish(final FeedPublisher feed, final long sequence)
    {
        final SeqMessage m = pool.acquire();
        m.producer = 0;
        m.sequence = sequence;
        feed.publish(m);
    }

    private void assertPoolBalanced()
    {
        assertEquals(0, pool.inFlight(), pool::toString);
        assertEquals(CAPACITY, pool.free(), pool::toString);
        assertEquals(CAPACITY, pool.created(), pool::toString);
        assertEquals(0, pool.stats().invalidReleases(), pool::toString);
    }

    private static void assertNoAgentThread(final String name)
    {
        final List<String> alive = Thread.getAllStackTraces().keySet().stream()
            .filter(t -> t.getName().equals(name) && t.isAlive()).map(Thread::getName).collect(Collectors.toList());
        assertEquals(List.of(), alive, "agent thread left running");
    }
}
