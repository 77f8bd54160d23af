package io.mongoose.server;

import io.mongoose.admin.Admin;
import io.mongoose.admin.AdminException;
import io.mongoose.admin.AdminResult;
import io.mongoose.agent.AgentCommandQueue;
import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.config.ProcessorConfig;
import io.mongoose.config.ThreadMode;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.dispatch.ProcessorContext;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.feed.FullQueuePolicy;
import io.mongoose.feed.PublishTimeoutException;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.status.ServerState;
import io.mongoose.testing.Await;
import io.mongoose.testing.GatedProcessor;
import io.mongoose.testing.SeqMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Admin commands against a real server: processor commands on their agent thread (dedicated and invoker), failures,
 * timeouts and a full command queue with a blocked agent, every built-in, pause and resume with exact counts and order,
 * and stop from a command.
 */
class AdminCommandsTest
{
    private final PoolRegistry registry = new PoolRegistry("admin");
    private final ObjectPool<SeqMessage> pool = registry.register(SeqMessage.class, SeqMessage::new, PoolConfig.of(512));
    private final List<String> errors = new CopyOnWriteArrayList<>();
    private final List<MongooseServer> servers = new ArrayList<>();

    /** Records the sequences it handles; registers {@code count-<name>} (how many, on which thread) in onInit. */
    static final class Recorder implements EventProcessor
    {
        final List<Long> sequences = new CopyOnWriteArrayList<>();
        volatile Thread commandThread;

        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
            handlers.on(SeqMessage.class, m -> sequences.add(m.sequence));
        }

        @Override
        public void onInit(final ProcessorContext context)
        {
            context.commands().register("count-" + context.processorName(), "", "messages handled", args ->
            {
                commandThread = Thread.currentThread();
                return AdminResult.of(context.processorName() + " handled " + sequences.size(),
                    Map.of("handled", (long)sequences.size(), "thread", Thread.currentThread().getName()));
            });
            context.commands().register("fail-" + context.processorName(), "", "throws", args ->
            {
                throw new IllegalStateException("broken " + context.processorName());
            });
        }
    }

    private final Recorder quotes = new Recorder();
    private final Recorder control = new Recorder();

    @AfterEach
    void stopAll()
    {
        for (final MongooseServer server : servers)
        {
            if (ServerState.RUNNING == server.state())
            {
                server.stop();
            }
        }
    }

    private MongooseServerBuilder builder(final String name)
    {
        return MongooseServer.builder().name(name).poolRegistry(registry)
            .errorHandler((source, message, error) -> errors.add(source + " " + error));
    }

    /** One agent draining two named feeds: quotes (the one paused in tests) and control (markers). */
    private MongooseServer recording(final FeedConfig quotesFeed)
    {
        final MongooseServer server = builder("rec")
            .feed(quotesFeed)
            .feed(FeedConfig.named("control").queueCapacity(16))
            .agentGroup(AgentGroupConfig.named("main").idleStrategy(IdleStrategyKind.BACKOFF).drainLimit(16)
                .processor("quotes", quotes, "quotes").processor("control", control, "control"))
            .build();
        servers.add(server);
        server.start();
        return server;
    }

    private SeqMessage message(final long sequence)
    {
        final SeqMessage m = pool.acquire();
        m.producer = 0;
        m.sequence = sequence;
        return m;
    }

    private void publish(final FeedPublisher feed, final long from, final long to)
    {
        for (long s = from; s < to; s++)
        {
            assertTrue(feed.publish(message(s)));
        }
    }

    /** A control message through the same agent, handled: the agent has passed the quotes queue since. */
    private void marker(final MongooseServer server, final long sequence)
    {
        server.publisher("control").publish(message(sequence));
        Await.until("marker " + sequence, () -> control.sequences.contains(sequence));
    }

    private static List<Long> range(final long from, final long to)
    {
        return LongStream.range(from, to).boxed().collect(Collectors.toList());
    }

    // ------------------------------------------------------------------------------- processor commands

    @Test
    void aProcessorCommandRunsOnItsAgentThreadAndItsAnswerComesBack()
    {
        final MongooseServer server = recording(FeedConfig.named("quotes"));
        publish(server.publisher("quotes"), 0, 3);
        Await.until("3 handled", () -> quotes.sequences.size() == 3);

        final AdminResult result = server.admin().invoke("count-quotes");

        final Thread agent = server.agentThread("main").orElseThrow();
        assertSame(agent, quotes.commandThread);
        assertEquals("quotes handled 3", result.text());
        assertEquals(Map.of("handled", 3L, "thread", agent.getName()), result.data());
        assertTrue(server.admin().commands().stream().anyMatch(c -> c.name().equals("count-quotes") &&
            c.runsOn().equals("processor 'quotes' on agent 'main'")));
    }

    @Test
    void anInvokerGroupsCommandRunsWhenItsOwnerInvokes()
    {
        final Recorder invoked = new Recorder();
        final MongooseServer server = builder("inv")
            .feed(FeedConfig.named("quotes"))
            .agentGroup(AgentGroupConfig.named("owned").threadMode(ThreadMode.INVOKER).processor("inv", invoked,
                "quotes"))
            .build();
        servers.add(server);
        server.start();
        server.admin().timeout(Await.GENEROUS);

        final CompletableFuture<AdminResult> answer = server.admin().invokeAsync("count-inv", List.of());
        assertFalse(answer.isDone(), "nothing runs it until the owner invokes");
        server.invoker("owned").invoke();

        assertEquals("inv handled 0", answer.join().text());
        assertSame(Thread.currentThread(), invoked.commandThread);
    }

    @Test
    void aFailingProcessorCommandReturnsTheFailureReportsItAndTheAgentGoesOn()
    {
        final MongooseServer server = recording(FeedConfig.named("quotes"));

        final AdminException ex = assertThrows(AdminException.class, () -> server.admin().invoke("fail-quotes"));

        assertEquals("fail-quotes: failed on processor 'quotes' on agent 'main': java.lang.IllegalStateException: " +
            "broken quotes", ex.getMessage());
        assertEquals(IllegalStateException.class, ex.getCause().getClass());
        assertEquals(List.of("admin:fail-quotes java.lang.IllegalStateException: broken quotes"), errors);
        publish(server.publisher("quotes"), 0, 5);
        Await.until("the agent still dispatches", () -> quotes.sequences.size() == 5);
        assertEquals("quotes handled 5", server.admin().invoke("count-quotes").text());
    }

    /** A gated processor that also registers a command, to block its agent at will. */
    static final class GatedWithCommand implements EventProcessor
    {
        final GatedProcessor gate = new GatedProcessor();
        final List<String> ran = new CopyOnWriteArrayList<>();

        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
            gate.registerHandlers(handlers);
        }

        @Override
        public void onInit(final ProcessorContext context)
        {
            context.commands().register("mark", "ID", "record an id", args ->
            {
                ran.add(args.get("ID"));
                return AdminResult.of("marked " + args.get("ID"));
            });
        }
    }

    private MongooseServer gated(final GatedWithCommand processor)
    {
        final MongooseServer server = builder("gated")
            .feed(FeedConfig.named("in"))
            .agentGroup(AgentGroupConfig.named("blocked").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("g", processor, "in"))
            .build();
        servers.add(server);
        server.start();
        server.publisher("in").publish(message(0));
        processor.gate.awaitEntered();
        return server;
    }

    @Test
    void aBlockedAgentTimesTheCommandOutAndItNeverRunsLate()
    {
        final GatedWithCommand processor = new GatedWithCommand();
        final MongooseServer server = gated(processor);
        server.admin().timeout(Duration.ofMillis(100));

        final AdminException ex = assertThrows(AdminException.class, () -> server.admin().invoke("mark", "late"));
        processor.gate.open();
        server.admin().timeout(Await.GENEROUS);

        assertEquals("mark: not run: processor 'g' on agent 'blocked' did not take it within 100 ms (the agent is " +
            "busy or blocked, or nobody invokes its group); cancelled", ex.getMessage());
        assertEquals("marked next", server.admin().invoke("mark", "next").text());
        assertEquals(List.of("next"), processor.ran, "the timed-out command was dropped, the next one ran");
    }

    @Test
    void aFullCommandQueueRefusesAtOnceAndTheQueuedCommandsRunOnceTheAgentIsFree()
    {
        final GatedWithCommand processor = new GatedWithCommand();
        final MongooseServer server = gated(processor);
        server.admin().timeout(Await.GENEROUS);
        final List<CompletableFuture<AdminResult>> queued = new ArrayList<>();
        for (int i = 0; i < AgentCommandQueue.CAPACITY; i++)
        {
            queued.add(server.admin().invokeAsync("mark", List.of(Integer.toString(i))));
        }

        final AdminException ex = assertThrows(AdminException.class, () -> server.admin().invoke("mark", "extra"));
        processor.gate.open();

        assertEquals("mark: refused: the command queue of agent 'blocked' is full (64 commands waiting; the agent " +
            "is busy or blocked)", ex.getMessage());
        for (int i = 0; i < queued.size(); i++)
        {
            assertEquals("marked " + i, queued.get(i).join().text());
        }
        assertEquals(range(0, 64).stream().map(Object::toString).toList(), processor.ran, "in order, the extra never");
    }

    @Test
    void aCommandStillQueuedAtStopRunsBeforeItsProcessorStops()
    {
        final List<String> journal = new CopyOnWriteArrayList<>();
        final EventProcessor processor = new EventProcessor()
        {
            @Override
            public void registerHandlers(final HandlerRegistry handlers)
            {
            }

            @Override
            public void onInit(final ProcessorContext context)
            {
                context.commands().register("note", "", "writes to the journal", args ->
                {
                    journal.add("command");
                    return AdminResult.of("noted");
                });
            }

            @Override
            public void onStop()
            {
                journal.add("onStop");
            }
        };
        final MongooseServer server = builder("late-stop").feed(FeedConfig.named("quotes"))
            .agentGroup(AgentGroupConfig.named("own").threadMode(ThreadMode.INVOKER).processor("n", processor,
                "quotes"))
            .build();
        servers.add(server);
        server.start();
        server.admin().timeout(Await.GENEROUS);
        // This thread owns the invoker group and has not invoked it: the command waits in the agent's queue.
        final CompletableFuture<AdminResult> answer = server.admin().invokeAsync("note", List.of());

        server.stop();

        assertEquals("noted", answer.join().text());
        assertEquals(List.of("command", "onStop"), journal);
    }

    @Test
    void processorCommandsAreRefusedOnceTheServerHasStopped()
    {
        final MongooseServer server = recording(FeedConfig.named("quotes"));
        server.stop();

        assertEquals("count-quotes: refused: server 'rec' is STOPPED; commands of processor 'quotes' on agent 'main' " +
            "run only while it is RUNNING",
            assertThrows(AdminException.class, () -> server.admin().invoke("count-quotes")).getMessage());
    }

    // ------------------------------------------------------------------------------------------ built-ins

    @Test
    void topologyShowsAgentsProcessorsFeedsAndSubscribers()
    {
        final MongooseServer server = builder("topo")
            .feed(FeedConfig.named("quotes").queueCapacity(128).fullQueuePolicy(FullQueuePolicy.DROP))
            .feed(FeedConfig.broadcast("all").publishTimeout(Duration.ofSeconds(2)))
            .agentGroup(AgentGroupConfig.named("pricing").idleStrategy(IdleStrategyKind.BACKOFF).drainLimit(32)
                .processor("vwap", new Recorder(), "quotes").processor("audit", new Recorder()))
            .agentGroup(AgentGroupConfig.named("owned").threadMode(ThreadMode.INVOKER).processor("risk",
                new Recorder()))
            .build();
        servers.add(server);

        final AdminResult before = server.admin().invoke("topology");

        assertEquals(String.join("\n",
            "server 'topo' NEW",
            "agents (2):",
            "  pricing: thread=dedicated idle=backoff drainLimit=32 pinning=none (not started)",
            "    processors: vwap, audit",
            "  owned: thread=invoker idle=busy-spin drainLimit=256 pinning=none (not started)",
            "    processors: risk",
            "feeds (2):",
            "  quotes: named capacity=128 policy=drop publishTimeout=10000ms",
            "    subscribers: pricing (vwap)",
            "  all: broadcast capacity=4096 policy=backoff publishTimeout=2000ms",
            "    subscribers: pricing (vwap, audit), owned (risk)"), before.text());
        server.start();
        server.pauseFeed("quotes");
        final AdminResult running = server.admin().invoke("topology");
        assertTrue(running.text().startsWith("server 'topo' RUNNING\n"), running.text());
        assertTrue(running.text().contains("pinning=none (not pinned: none requested)"), running.text());
        assertTrue(running.text().contains("  quotes: named capacity=128 policy=drop publishTimeout=10000ms PAUSED\n"),
            running.text());
        @SuppressWarnings("unchecked") final Map<String, Object> firstFeed =
            (Map<String, Object>)((List<?>)running.data().get("feeds")).get(0);
        assertEquals(Map.of("name", "quotes", "kind", "named", "queueCapacity", 128, "fullQueuePolicy", "drop",
            "publishTimeoutMillis", 10_000L, "paused", true,
            "subscribers", List.of(Map.of("agent", "pricing", "processors", List.of("vwap")))), firstFeed);
        @SuppressWarnings("unchecked") final Map<String, Object> secondAgent =
            (Map<String, Object>)((List<?>)running.data().get("agents")).get(1);
        assertEquals(256, secondAgent.get("drainLimit"));
        assertEquals("invoker", secondAgent.get("threadMode"));
        server.resumeFeed("quotes");
        server.stop();
    }

    @Test
    void poolsCountersAndStatsCommandsShowTheSnapshots()
    {
        final MongooseServer server = recording(FeedConfig.named("quotes"));
        publish(server.publisher("quotes"), 0, 7);
        Await.until("7 handled", () -> quotes.sequences.size() == 7 && pool.inFlight() == 0);
        final Admin admin = server.admin();

        assertEquals("pools of registry 'admin' (1):\n  SeqMessage: capacity=512 created=512 free=512 inFlight=0 " +
            "exhausted=0 retired=0 invalidReleases=0", admin.invoke("pools").text());
        assertEquals("quotes: published=7 dropped=0 rejected=0 timeouts=0 queueDepth=0 undeliveredAtStop=0 " +
            "paused=false", admin.invoke("feed-stats", "quotes").text());
        assertEquals(7L, admin.invoke("feed-stats", "quotes").data().get("published"));
        assertEquals("main: dispatched=7 errors=0", admin.invoke("agent-stats", "main").text());
        assertEquals("quotes: agent=main handled=7 unhandled=0 errors=0",
            admin.invoke("processor-stats", "quotes").text());
        assertEquals(String.join("\n",
            "feeds:",
            "  quotes: published=7 dropped=0 rejected=0 timeouts=0 queueDepth=0 undeliveredAtStop=0 paused=false",
            "  control: published=0 dropped=0 rejected=0 timeouts=0 queueDepth=0 undeliveredAtStop=0 paused=false",
            "agents:",
            "  main: dispatched=7 errors=0",
            "processors:",
            "  quotes: agent=main handled=7 unhandled=0 errors=0",
            "  control: agent=main handled=0 unhandled=0 errors=0",
            "pools:",
            "  SeqMessage: capacity=512 created=512 free=512 inFlight=0 exhausted=0 retired=0 invalidReleases=0"),
            admin.invoke("counters").text());
        assertEquals(List.of("feeds", "agents", "processors", "pools"),
            new ArrayList<>(admin.invoke("counters").data().keySet()));
    }

    @Test
    void latencyCommandsShowAndDumpTheMonitoredProcessors(@TempDir final Path dir) throws Exception
    {
        final Recorder watched = new Recorder();
        final MongooseServer server = builder("lat")
            .feed(FeedConfig.named("quotes"))
            .agentGroup(AgentGroupConfig.named("main").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor(ProcessorConfig.of("watched", watched, "quotes").latencyMonitoring(true))
                .processor("plain", quotes, "quotes"))
            .build();
        servers.add(server);
        server.start();
        publish(server.publisher("quotes"), 0, 25);
        Await.until("25 handled", () -> watched.sequences.size() == 25 && quotes.sequences.size() == 25);
        final Admin admin = server.admin();

        final AdminResult all = admin.invoke("latency");
        assertTrue(all.text().startsWith("watched: count=25 p50="), all.text());
        assertEquals(1, ((List<?>)all.data().get("processors")).size());
        final Map<?, ?> row = (Map<?, ?>)((List<?>)all.data().get("processors")).get(0);
        assertEquals(25L, row.get("count"));
        assertTrue((Long)row.get("maxNanos") > 0, row.toString());
        assertTrue(admin.invoke("latency", "watched").text().startsWith("watched: count=25 "));
        assertTrue(assertThrows(AdminException.class, () -> admin.invoke("latency", "plain")).getMessage()
            .startsWith("latency: processor 'plain' does not monitor latency"));

        final Path hgrm = dir.resolve("watched.hgrm");
        assertEquals("wrote 25 samples of 'watched' to " + hgrm, admin.invoke("latency-dump", "watched",
            hgrm.toString()).text());
        final String written = Files.readString(hgrm);
        assertTrue(written.contains("Value     Percentile TotalCount 1/(1-Percentile)"), written);
        assertTrue(written.contains("Total count    =           25]"), written);
        assertTrue(assertThrows(AdminException.class, () -> admin.invoke("latency-dump", "watched",
            dir.resolve("missing-dir").resolve("x.hgrm").toString())).getMessage()
            .startsWith("latency-dump: cannot write '" + dir.resolve("missing-dir").resolve("x.hgrm") + "'"));
    }

    @Test
    void healthShowsTheStatusTheAgentsAndTheFeeds()
    {
        final MongooseServer server = recording(FeedConfig.named("quotes"));
        final AdminResult health = server.admin().invoke("health");

        assertEquals("UP", health.data().get("status"), health.text());
        assertTrue(health.text().startsWith("status UP\nerrors: 0 (0.00/s)\nagents:\n  main: UP sinceLastDutyCycle="),
            health.text());
        assertTrue(health.text().endsWith("feeds:\n  quotes: UP queueDepth=0/4096 saturation=0.00\n" +
            "  control: UP queueDepth=0/16 saturation=0.00"), health.text());
        assertEquals(List.of("main"), ((List<?>)health.data().get("agents")).stream()
            .map(row -> ((Map<?, ?>)row).get("name")).collect(Collectors.toList()));

        server.stop();
        final AdminResult down = server.admin().invoke("health");
        assertEquals("DOWN", down.data().get("status"));
        assertTrue(down.text().startsWith("status DOWN\n  reason: "), down.text());
    }

    @Test
    void latencyWithoutMonitoredProcessorsSaysHowToTurnItOn()
    {
        final MongooseServer server = recording(FeedConfig.named("quotes"));
        assertEquals("no processor monitors latency; turn it on with latencyMonitoring: true on a processor or the " +
            "server", server.admin().invoke("latency").text());
    }

    @Test
    void unknownNamesAreRefusedWithTheKnownOnes()
    {
        final MongooseServer server = recording(FeedConfig.named("quotes"));
        final Admin admin = server.admin();

        assertEquals("feed-stats: unknown feed 'nope'; expected one of quotes, control",
            assertThrows(AdminException.class, () -> admin.invoke("feed-stats", "nope")).getMessage());
        assertEquals("agent-stats: unknown agent 'nope'; expected one of main",
            assertThrows(AdminException.class, () -> admin.invoke("agent-stats", "nope")).getMessage());
        assertEquals("processor-stats: unknown processor 'nope'; expected one of quotes, control",
            assertThrows(AdminException.class, () -> admin.invoke("processor-stats", "nope")).getMessage());
        assertEquals("pause-feed: unknown feed 'nope'; expected one of quotes, control",
            assertThrows(AdminException.class, () -> admin.invoke("pause-feed", "nope")).getMessage());
        assertEquals("resume-feed: missing argument FEED; usage: resume-feed FEED",
            assertThrows(AdminException.class, () -> admin.invoke("resume-feed")).getMessage());
    }

    // ----------------------------------------------------------------------------------- pause and resume

    @Test
    void aPausedFeedDeliversNothingAndResumeDeliversEverythingInOrder()
    {
        final MongooseServer server = recording(FeedConfig.named("quotes").queueCapacity(256));
        final FeedPublisher feed = server.publisher("quotes");
        publish(feed, 0, 10);
        Await.until("10 handled", () -> quotes.sequences.size() == 10);

        final AdminResult paused = server.admin().invoke("pause-feed", "quotes");
        publish(feed, 10, 110);
        marker(server, 1);

        assertEquals("feed 'quotes' paused: agents main no longer drain it; its messages wait and its producer " +
            "meets its policy backoff once a queue is full", paused.text());
        assertEquals(Map.of("feed", "quotes", "paused", true, "changed", true, "agents", List.of("main"),
            "unconfirmed", List.of()), paused.data());
        assertTrue(server.isFeedPaused("quotes"));
        assertEquals(range(0, 10), quotes.sequences, "nothing delivered while paused");
        assertEquals(100, server.feedStats("quotes").queueDepth(), "the messages wait in the queue");

        final AdminResult resumed = server.admin().invoke("resume-feed", "quotes");
        Await.until("110 handled", () -> quotes.sequences.size() == 110);

        assertEquals("feed 'quotes' resumed", resumed.text());
        assertFalse(server.isFeedPaused("quotes"));
        assertEquals(range(0, 110), quotes.sequences, "every message once, in publish order");
        final ShutdownReport report = server.stop();
        assertTrue(report.clean(), report::toString);
        assertEquals(110, server.feedStats("quotes").published());
    }

    @Test
    void pauseAndResumeAreIdempotentAndSaySo()
    {
        final MongooseServer server = recording(FeedConfig.named("quotes"));

        assertTrue(server.pauseFeed("quotes"));
        assertFalse(server.pauseFeed("quotes"));
        assertEquals("feed 'quotes' was already paused", server.admin().invoke("pause-feed", "quotes").text());
        assertEquals(false, server.admin().invoke("pause-feed", "quotes").data().get("changed"));
        assertTrue(server.resumeFeed("quotes"));
        assertFalse(server.resumeFeed("quotes"));
        assertEquals("feed 'quotes' was not paused", server.admin().invoke("resume-feed", "quotes").text());
    }

    @Test
    void aPausedLosslessFeedBacksItsProducerOffAndTimesOutAsItsPolicySays()
    {
        final MongooseServer server = recording(FeedConfig.named("quotes").queueCapacity(4)
            .publishTimeout(Duration.ofMillis(50)));
        final FeedPublisher feed = server.publisher("quotes");
        server.pauseFeed("quotes");
        publish(feed, 0, 4);

        assertThrows(PublishTimeoutException.class, () -> feed.publish(message(4)));
        server.resumeFeed("quotes");
        Await.until("4 handled", () -> quotes.sequences.size() == 4);

        assertEquals(range(0, 4), quotes.sequences);
        assertEquals(1, server.feedStats("quotes").timeouts());
        assertEquals(0, server.feedStats("quotes").dropped());
    }

    @Test
    void aPausedDroppingFeedDropsOnlyWhatItsPolicyDropsAndCountsIt()
    {
        final MongooseServer server = recording(FeedConfig.named("quotes").queueCapacity(4)
            .fullQueuePolicy(FullQueuePolicy.DROP));
        final FeedPublisher feed = server.publisher("quotes");
        server.pauseFeed("quotes");
        publish(feed, 0, 10);
        server.resumeFeed("quotes");
        Await.until("4 handled", () -> quotes.sequences.size() == 4);
        marker(server, 1);

        assertEquals(range(0, 4), quotes.sequences, "the first four waited; the other six found the queue full");
        assertEquals(6, server.feedStats("quotes").dropped());
    }

    @Test
    void stopDrainsAPausedFeed()
    {
        final MongooseServer server = recording(FeedConfig.named("quotes").queueCapacity(64));
        server.pauseFeed("quotes");
        publish(server.publisher("quotes"), 0, 50);

        final ShutdownReport report = server.stop();

        assertTrue(report.clean(), report::toString);
        assertEquals(range(0, 50), quotes.sequences);
        assertFalse(server.isFeedPaused("quotes"));
    }

    @Test
    void pausingIsRefusedUnlessTheServerRuns()
    {
        final MongooseServer server = builder("idle").feed(FeedConfig.named("quotes"))
            .agentGroup(AgentGroupConfig.named("main").processor("q", new Recorder(), "quotes")).build();
        servers.add(server);

        assertEquals("pause-feed: server 'idle' is NEW; pauseFeed needs it RUNNING",
            assertThrows(AdminException.class, () -> server.admin().invoke("pause-feed", "quotes")).getMessage());
        assertEquals("server 'idle' is NEW; resumeFeed needs it RUNNING",
            assertThrows(IllegalStateException.class, () -> server.resumeFeed("quotes")).getMessage());
    }

    @Test
    void aPauseTheAgentCannotConfirmStillHoldsAndSaysWhy()
    {
        final GatedWithCommand processor = new GatedWithCommand();
        final MongooseServer server = gated(processor);
        server.admin().timeout(Duration.ofMillis(50));
        server.publisher("in").publish(message(1));

        final AdminResult paused = server.admin().invoke("pause-feed", "in");
        processor.gate.open();
        Await.until("the drain under way finished", () -> processor.gate.handled().size() == 2);
        server.publisher("in").publish(message(2));
        server.admin().timeout(Await.GENEROUS);
        // Commands run at the start of a duty cycle: the second one runs after the first one's cycle has drained.
        server.admin().invoke("mark", "a");
        server.admin().invoke("mark", "b");

        assertEquals("feed 'in' paused: agents blocked no longer drain it; its messages wait and its producer meets " +
            "its policy backoff once a queue is full; agents blocked did not finish their duty cycle within 50 ms " +
            "(busy or blocked): a drain of 'in' under way there may still deliver messages", paused.text());
        assertEquals(List.of("blocked"), paused.data().get("unconfirmed"));
        assertEquals(List.of(0L, 1L), processor.gate.handled(), "the drain under way delivered 1, queued before");
        assertEquals(1, server.feedStats("in").queueDepth(), "message 2 waits");
        server.resumeFeed("in");
        Await.until("message 2 handled", () -> processor.gate.handled().size() == 3);
    }

    // ------------------------------------------------------------------------------------------------- stop

    @Test
    void stopFromACommandStopsTheServerAndShowsTheReport()
    {
        final MongooseServer server = recording(FeedConfig.named("quotes"));
        publish(server.publisher("quotes"), 0, 5);

        final AdminResult stopped = server.admin().invoke("stop");

        assertEquals(ServerState.STOPPED, server.state());
        assertEquals("server 'rec' stopped: ShutdownReport[clean]", stopped.text());
        assertEquals(true, stopped.data().get("clean"));
        assertEquals(range(0, 5), quotes.sequences);
        assertEquals(stopped.text(), server.admin().invoke("stop").text(), "a second stop shows the same report");
    }

    @Test
    void stopIsRefusedOnAnAgentThreadAndTheServerKeepsRunning()
    {
        final AtomicReference<MongooseServer> self = new AtomicReference<>();
        final EventProcessor stopper = new EventProcessor()
        {
            @Override
            public void registerHandlers(final HandlerRegistry handlers)
            {
            }

            @Override
            public void onInit(final ProcessorContext context)
            {
                context.commands().register("stop-from-agent", "", "invokes stop on the agent thread",
                    args -> self.get().admin().invoke("stop"));
            }
        };
        final MongooseServer server = builder("self-stop").feed(FeedConfig.named("quotes"))
            .agentGroup(AgentGroupConfig.named("main").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("s", stopper, "quotes"))
            .build();
        servers.add(server);
        self.set(server);
        server.start();

        final AdminException ex = assertThrows(AdminException.class,
            () -> server.admin().invoke("stop-from-agent"));

        assertEquals("stop: refused: stop() called on agent thread 'main' of server 'self-stop'; expected a thread " +
            "outside the server (stopping joins the agent threads)", ex.getMessage());
        assertEquals(ServerState.RUNNING, server.state());
        assertEquals(List.of(), errors, "a refusal is not an error");
    }

    @Test
    void stopFromAThreadThatDoesNotOwnTheInvokerGroupIsRefused() throws Exception
    {
        final MongooseServer server = builder("owned").feed(FeedConfig.named("quotes"))
            .agentGroup(AgentGroupConfig.named("own").threadMode(ThreadMode.INVOKER).processor("q", new Recorder(),
                "quotes"))
            .build();
        servers.add(server);
        server.start();
        final AtomicReference<Throwable> refused = new AtomicReference<>();
        final Thread console = new Thread(() ->
        {
            try
            {
                server.admin().invoke("stop");
            }
            catch (final Throwable t)
            {
                refused.set(t);
            }
        }, "console");
        console.start();
        console.join();

        assertEquals("stop: refused: agent 'own' runs on the caller's thread (INVOKER): stop() called from 'console'; " +
            "expected the thread that called start(), '" + Thread.currentThread().getName() + "'",
            refused.get().getMessage());
        assertEquals(ServerState.RUNNING, server.state());
    }
}
