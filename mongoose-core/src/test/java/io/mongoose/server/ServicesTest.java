package io.mongoose.server;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.config.MongooseConfigException;
import io.mongoose.config.Pinning;
import io.mongoose.config.ProcessorConfig;
import io.mongoose.config.ServiceConfig;
import io.mongoose.dispatch.DispatchErrorHandler;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.dispatch.ProcessorContext;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.service.AgentService;
import io.mongoose.service.MongooseService;
import io.mongoose.service.ServiceContext;
import io.mongoose.status.CounterType;
import io.mongoose.status.CounterValue;
import io.mongoose.status.CountersSnapshot;
import io.mongoose.status.ServerState;
import io.mongoose.status.ServiceStats;
import io.mongoose.testing.Await;
import io.mongoose.testing.SeqMessage;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Services: lifecycle ordered around the processors, injection by type and by name, start and stop failures, and
 * service agents publishing into feeds.
 */
class ServicesTest
{
    private final PoolRegistry registry = new PoolRegistry("services");
    private final ObjectPool<SeqMessage> pool = registry.register(
        SeqMessage.class, SeqMessage::new, PoolConfig.of(256).waitOnExhaustion(Duration.ofMinutes(1)));
    private final List<String> journal = new CopyOnWriteArrayList<>();
    private final List<String> errors = new CopyOnWriteArrayList<>();
    private final DispatchErrorHandler errorHandler =
        (source, message, error) -> errors.add(source + ": " + error.getMessage());

    /** A reference-data service: the kind of object processors look up. */
    interface RefData
    {
        long priceOf(long instrument);
    }

    private final class Recorded implements MongooseService, RefData
    {
        private final String name;
        private final boolean failStart;
        private final boolean failStop;

        Recorded(final String name, final boolean failStart, final boolean failStop)
        {
            this.name = name;
            this.failStart = failStart;
            this.failStop = failStop;
        }

        @Override
        public void onStart(final ServiceContext context)
        {
            journal.add(name + ":start@" + Thread.currentThread().getName() + " as " + context.serviceName() + " of " +
                context.serverName());
            if (failStart)
            {
                throw new IllegalStateException(name + " cannot start");
            }
        }

        @Override
        public void onStop()
        {
            journal.add(name + ":stop@" + Thread.currentThread().getName());
            if (failStop)
            {
                throw new IllegalStateException(name + " cannot stop");
            }
        }

        @Override
        public long priceOf(final long instrument)
        {
            return 100 + instrument;
        }
    }

    /** Journals its lifecycle; takes the services in onInit. */
    private final class UsesRefData implements EventProcessor
    {
        RefData byType;
        RefData byName;
        final AtomicLong priceSum = new AtomicLong();

        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
            handlers.on(SeqMessage.class, m -> priceSum.addAndGet(byName.priceOf(m.sequence)));
        }

        @Override
        public void onInit(final ProcessorContext context)
        {
            journal.add("processor:init@" + Thread.currentThread().getName());
            byName = context.service("refdata", RefData.class);
            byType = context.service(Recorded.class) instanceof RefData ? byName : null;
        }

        @Override
        public void onTearDown()
        {
            journal.add("processor:teardown@" + Thread.currentThread().getName());
        }
    }

    @Test
    void servicesStartBeforeTheAgentsInOrderAndStopAfterThemInReverse()
    {
        final UsesRefData processor = new UsesRefData();
        final Recorded refData = new Recorded("refdata", false, false);
        final MongooseServer server = MongooseServer.builder().name("svc").poolRegistry(registry)
            .errorHandler(errorHandler)
            .service(ServiceConfig.of("refdata", refData))
            .feed(FeedConfig.named("in"))
            .agentGroup(AgentGroupConfig.named("worker").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor(ProcessorConfig.of("user", processor, "in").services("refdata")))
            .build();
        final String main = Thread.currentThread().getName();

        server.start();
        for (int i = 0; i < 10; i++)
        {
            final SeqMessage m = pool.acquire();
            m.sequence = i;
            server.publisher("in").publish(m);
        }
        final ShutdownReport report = server.stop();

        assertTrue(report.clean(), report::toString);
        assertEquals(List.of("refdata:start@" + main + " as refdata of svc", "processor:init@worker",
            "processor:teardown@worker", "refdata:stop@" + main), journal);
        assertSame(refData, processor.byName);
        assertSame(refData, processor.byType);
        assertEquals(10 * 100 + 45, processor.priceSum.get());
        assertSame(refData, server.service("refdata", RefData.class));
        assertEquals(new ServiceStats("refdata", false, 0, 0, "no agent"), server.serviceStats("refdata"));
    }

    @Test
    void severalServicesStartInRegistrationOrderAndStopInReverse()
    {
        final MongooseServer server = MongooseServer.builder().poolRegistry(registry).errorHandler(errorHandler)
            .service(ServiceConfig.of("a", new Recorded("a", false, false)))
            .service(ServiceConfig.of("b", new Recorded("b", false, false)))
            .service(ServiceConfig.of("c", new Recorded("c", false, false)))
            .feed(FeedConfig.named("in"))
            .agentGroup(AgentGroupConfig.named("worker").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("p", new UsesNothing(), "in"))
            .build();
        server.start();
        server.stop();

        assertEquals(List.of("a:start", "b:start", "c:start", "c:stop", "b:stop", "a:stop"), callbacks());
    }

    @Test
    void aServiceThatFailsToStartFailsTheServerStopsTheStartedOnesAndStartsNoAgent()
    {
        final UsesNothing processor = new UsesNothing();
        final MongooseServer server = MongooseServer.builder().name("svc").poolRegistry(registry)
            .errorHandler(errorHandler)
            .service(ServiceConfig.of("a", new Recorded("a", false, false)))
            .service(ServiceConfig.of("b", new Recorded("b", false, false)))
            .service(ServiceConfig.of("broken", new Recorded("broken", true, false)))
            .service(ServiceConfig.of("never", new Recorded("never", false, false)))
            .feed(FeedConfig.named("in"))
            .agentGroup(AgentGroupConfig.named("worker").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("p", processor, "in"))
            .build();

        final MongooseStartException ex = assertThrows(MongooseStartException.class, server::start);

        assertEquals("service 'broken' of server 'svc' failed in onStart: java.lang.IllegalStateException: broken " +
            "cannot start; no agent was started", ex.getMessage());
        assertEquals(List.of("a:start", "b:start", "broken:start", "b:stop", "a:stop"), callbacks());
        assertFalse(processor.initialised, "no processor was initialised");
        assertTrue(server.agentThread("worker").isEmpty(), "no agent thread was started");
        assertEquals(ServerState.FAILED, server.state());
        assertEquals(List.of("service:broken: broken cannot start"), errors);
        assertEquals(1, server.stop().handlerErrors());
        assertThrows(IllegalStateException.class, () -> server.publisher("in").publish(pool.acquire()));
    }

    @Test
    void aProcessorThatFailsToStartStopsTheServicesToo()
    {
        final MongooseServer server = MongooseServer.builder().poolRegistry(registry).errorHandler(errorHandler)
            .service(ServiceConfig.of("a", new Recorded("a", false, false)))
            .feed(FeedConfig.named("in"))
            .agentGroup(AgentGroupConfig.named("worker").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("p", new UsesNothing()
            {
                @Override
                public void onStart()
                {
                    throw new IllegalStateException("processor cannot start");
                }
            }, "in"))
            .build();

        assertThrows(MongooseStartException.class, server::start);
        assertEquals(List.of("a:start", "a:stop"), callbacks());
    }

    @Test
    void stopErrorsAreReportedAndCountedAndTheOtherServicesStillStop()
    {
        final MongooseServer server = MongooseServer.builder().poolRegistry(registry).errorHandler(errorHandler)
            .service(ServiceConfig.of("a", new Recorded("a", false, false)))
            .service(ServiceConfig.of("b", new Recorded("b", false, true)))
            .service(ServiceConfig.of("c", new Recorded("c", false, true)))
            .feed(FeedConfig.named("in"))
            .agentGroup(AgentGroupConfig.named("worker").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("p", new UsesNothing(), "in"))
            .build();
        server.start();

        final ShutdownReport report = server.stop();

        assertEquals(List.of("a:start", "b:start", "c:start", "c:stop", "b:stop", "a:stop"), callbacks());
        assertEquals(List.of("service:c: c cannot stop", "service:b: b cannot stop"), errors);
        assertEquals(2, report.handlerErrors());
        assertEquals(1, server.serviceStats("b").errors());
        assertEquals(0, server.serviceStats("a").errors());
    }

    /** Publishes sequences from its duty cycle until the server stops it, at most a few per cycle. */
    private static final class Ticker implements AgentService
    {
        private final ObjectPool<SeqMessage> pool;
        private FeedPublisher ticks;
        volatile long published;
        volatile String thread;

        Ticker(final ObjectPool<SeqMessage> pool)
        {
            this.pool = pool;
        }

        @Override
        public void onStart(final ServiceContext context)
        {
            ticks = context.publisher("ticks");
        }

        @Override
        public int doWork()
        {
            if (null == thread)
            {
                thread = Thread.currentThread().getName();
            }
            for (int i = 0; i < 4; i++)
            {
                final SeqMessage m = pool.acquire();
                m.producer = 0;
                m.sequence = published;
                ticks.publish(m);
                published = published + 1;
            }
            return 4;
        }
    }

    @Test
    void aServiceAgentPublishesFromItsOwnThreadAndNothingItPublishedIsLostAtStop()
    {
        final Ticker ticker = new Ticker(pool);
        final io.mongoose.testing.SequenceChecker checker = new io.mongoose.testing.SequenceChecker(1);
        final MongooseServer server = MongooseServer.builder().poolRegistry(registry).errorHandler(errorHandler)
            .service(ServiceConfig.of("ticker", ticker).publishes("ticks").idleStrategy(IdleStrategyKind.YIELD))
            .feed(FeedConfig.named("ticks").queueCapacity(64))
            .agentGroup(AgentGroupConfig.named("worker").idleStrategy(IdleStrategyKind.YIELD)
                .processor("checker", checker, "ticks"))
            .build();
        server.start();
        Await.until("ticks flowing", () -> checker.received(0) > 10_000);

        final ShutdownReport report = server.stop();

        assertTrue(report.clean(), report::toString);
        assertEquals(ticker.published, checker.received(0), "every tick published was handled");
        assertEquals(null, checker.firstProblem());
        assertEquals("ticker", ticker.thread);
        final ServiceStats stats = server.serviceStats("ticker");
        assertTrue(stats.agent());
        assertEquals(ticker.published, stats.dutyWork());
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> server.publisher("ticks"));
        assertEquals("feed 'ticks' is published by service 'ticker', its single producer; expected a feed no " +
            "service or processor publishes", ex.getMessage());
    }

    @Test
    void servicesAppearInTheCountersTheTopologyAndTheCountersCommand()
    {
        final Ticker ticker = new Ticker(pool);
        final io.mongoose.testing.SequenceChecker checker = new io.mongoose.testing.SequenceChecker(1);
        final MongooseServer server = MongooseServer.builder().name("svc").poolRegistry(registry)
            .errorHandler(errorHandler)
            .service(ServiceConfig.of("ticker", ticker).publishes("ticks").idleStrategy(IdleStrategyKind.YIELD))
            .service(ServiceConfig.of("plain", new Recorded("plain", false, false)))
            .feed(FeedConfig.named("ticks").queueCapacity(64))
            .agentGroup(AgentGroupConfig.named("worker").idleStrategy(IdleStrategyKind.YIELD)
                .processor("checker", checker, "ticks"))
            .build();
        server.start();
        Await.until("ticks flowing", () -> checker.received(0) > 1_000);
        final String topology = server.admin().invoke("topology").text();
        server.stop();

        final CountersSnapshot counters = server.counters();
        assertEquals(ticker.published, counters.value(CounterType.SERVICE_WORK, "ticker"));
        assertEquals(0, counters.value(CounterType.SERVICE_ERRORS, "ticker"));
        assertEquals(0, counters.value(CounterType.SERVICE_ERRORS, "plain"));
        assertEquals(List.of("ticker"), counters.ofType(CounterType.SERVICE_WORK).stream().map(CounterValue::name)
            .collect(java.util.stream.Collectors.toList()), "only a service with an agent does work");
        assertTrue(topology.endsWith("\nservices (2):\n  ticker: agent idle=yield pinning=none (not pinned: none " +
            "requested) publishes: ticks\n  plain: no agent"), topology);
        assertTrue(server.admin().invoke("counters").text().contains("\nservices:\n  ticker: workDone=" +
            ticker.published + " errors=0\n  plain: workDone=0 errors=0\npools:"),
            () -> server.admin().invoke("counters").text());
    }

    /** Fails every third duty cycle. */
    private static final class Flaky implements AgentService
    {
        final AtomicLong cycles = new AtomicLong();

        @Override
        public int doWork()
        {
            if (cycles.incrementAndGet() % 3 == 0)
            {
                throw new IllegalStateException("cycle " + cycles.get());
            }
            return 0;
        }
    }

    @Test
    void dutyCycleErrorsAreReportedAndCountedAndTheAgentKeepsRunning()
    {
        final Flaky flaky = new Flaky();
        final MongooseServer server = MongooseServer.builder().poolRegistry(registry).errorHandler(errorHandler)
            .service(ServiceConfig.of("flaky", flaky))
            .feed(FeedConfig.named("in"))
            .agentGroup(AgentGroupConfig.named("worker").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("p", new UsesNothing(), "in"))
            .build();
        server.start();
        Await.until("three errors", () -> server.serviceStats("flaky").errors() >= 3);
        Await.until("more cycles after them", () -> flaky.cycles.get() > 10);
        final ShutdownReport report = server.stop();

        assertEquals("service:flaky: cycle 3", errors.get(0));
        assertEquals("service:flaky: cycle 6", errors.get(1));
        assertEquals(flaky.cycles.get() / 3, server.serviceStats("flaky").errors());
        assertEquals(flaky.cycles.get() / 3, report.handlerErrors());
    }

    @Test
    void aServiceSeesTheOtherServicesAndOnlyTheFeedsItDeclared()
    {
        final Recorded refData = new Recorded("refdata", false, false);
        final List<Object> seen = new CopyOnWriteArrayList<>();
        final AgentService looker = new AgentService()
        {
            @Override
            public void onStart(final ServiceContext context)
            {
                seen.add(context.service(RefData.class));
                seen.add(context.serviceNames());
                seen.add(context.pools());
                seen.add(assertThrows(IllegalArgumentException.class, () -> context.publisher("other")).getMessage());
            }

            @Override
            public int doWork()
            {
                return 0;
            }
        };
        final MongooseServer server = MongooseServer.builder().poolRegistry(registry).errorHandler(errorHandler)
            .service(ServiceConfig.of("refdata", refData))
            .service(ServiceConfig.of("looker", looker).publishes("mine"))
            .feed(FeedConfig.named("mine"))
            .feed(FeedConfig.named("other"))
            .agentGroup(AgentGroupConfig.named("worker").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("p", new UsesNothing(), "mine", "other"))
            .build();
        server.start();
        server.stop();

        assertEquals(List.of(refData, List.of("refdata", "looker"), registry,
            "service 'looker' does not publish feed 'other'; expected one of the feeds it declares in publishes " +
                "(mine)"), seen);
    }

    @Test
    void processorsGetClearErrorsForUnknownWrongAndAmbiguousServices()
    {
        final List<String> messages = new CopyOnWriteArrayList<>();
        final EventProcessor asking = new UsesNothing()
        {
            @Override
            public void onInit(final ProcessorContext context)
            {
                messages.add(assertThrows(IllegalArgumentException.class,
                    () -> context.service("refdta", RefData.class)).getMessage());
                messages.add(assertThrows(IllegalArgumentException.class,
                    () -> context.service("a", Runnable.class)).getMessage());
                messages.add(assertThrows(IllegalArgumentException.class,
                    () -> context.service(RefData.class)).getMessage());
                messages.add(assertThrows(IllegalArgumentException.class,
                    () -> context.service(Runnable.class)).getMessage());
                messages.add(assertThrows(IllegalArgumentException.class,
                    () -> context.publisher("in")).getMessage());
            }
        };
        final MongooseServer server = MongooseServer.builder().poolRegistry(registry).errorHandler(errorHandler)
            .service(ServiceConfig.of("a", new Recorded("a", false, false)))
            .service(ServiceConfig.of("b", new Recorded("b", false, false)))
            .feed(FeedConfig.named("in"))
            .agentGroup(AgentGroupConfig.named("worker").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("asking", asking, "in"))
            .build();
        server.start();
        server.stop();

        assertEquals(List.of(
            "unknown service 'refdta'; expected one of a (Recorded), b (Recorded)",
            "service 'a' is a io.mongoose.server.ServicesTest$Recorded; expected a java.lang.Runnable",
            "2 services are a io.mongoose.server.ServicesTest$RefData: a, b; expected exactly one (look one up by " +
                "name: service(\"a\", RefData.class))",
            "no service is a java.lang.Runnable; expected one of a (Recorded), b (Recorded)",
            "processor 'asking' does not publish feed 'in'; expected one of the feeds it declares in publishes (it " +
                "declares none)"), messages);
    }

    @Test
    void validationListsEveryServiceAndProducerProblemAtOnceAndStartsNothing()
    {
        final Recorded plain = new Recorded("plain", false, false);
        final MongooseServerBuilder builder = MongooseServer.builder().poolRegistry(registry)
            .service(ServiceConfig.of("refdata", new Recorded("refdata", false, false)))
            .service(ServiceConfig.of("refdata", new Flaky()).idleStrategy(null))
            .service(ServiceConfig.of("plain", plain).publishes("a"))
            .service(ServiceConfig.of("ticker", new Flaky()).publishes("a", "nope", "a"))
            .service(ServiceConfig.of("  ", null).pinning(Pinning.cpu(-1)))
            .feed(FeedConfig.named("a"))
            .feed(FeedConfig.named("b"))
            .agentGroup(AgentGroupConfig.named("g1")
                .processor(ProcessorConfig.of("p1", new UsesNothing(), "a").services("refdata", "refdta")
                    .publishes("a", "b"))
                .processor(ProcessorConfig.of("p2", new UsesNothing(), "b")));

        final MongooseConfigException ex = assertThrows(MongooseConfigException.class, builder::build);

        assertEquals(List.of(
            "services[1].name: duplicate 'refdata' (also at services[0]); expected a name no other service uses",
            "services[1].idleStrategy: null; expected one of BUSY_SPIN, YIELD, BACKOFF, SLEEP",
            "services[2].publishes: 1 feeds, but io.mongoose.server.ServicesTest$Recorded is not an AgentService; " +
                "expected an AgentService (a service publishes from its duty cycle, on its own agent thread)",
            "services[3].publishes[1]: unknown feed 'nope'; expected one of a, b",
            "services[3].publishes[2]: duplicate 'a'; expected each feed once",
            "services[4].name: '  '; expected a non-blank service name",
            "services[4].service: null; expected a MongooseService instance",
            "services[4].pinning: cpu -1; expected a CPU id of 0 or more",
            "agents[0].processors[0].services[1]: unknown service 'refdta'; expected one of refdata, plain, ticker",
            "agents[0].processors[0].publishes[0]: feed 'a' is already published by service 'ticker' " +
                "(services[3].publishes[0]); expected one producer per feed (add a feed per producer)",
            "agents[0].processors[0].publishes[1]: feed 'b' (fullQueuePolicy backoff) is received on agent 'g1', the " +
                "publisher's own agent; expected its subscribers on other agents, or fullQueuePolicy drop or fail " +
                "(a full queue would make the agent wait for itself)"), ex.errors());
    }

    /** A processor that handles SeqMessage and does nothing else. */
    private static class UsesNothing implements EventProcessor
    {
        volatile boolean initialised;

        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
            handlers.on(SeqMessage.class, m ->
            {
            });
        }

        @Override
        public void onInit(final ProcessorContext context)
        {
            initialised = true;
        }
    }

    /** The journal without threads and contexts. */
    private List<String> callbacks()
    {
        return journal.stream().map(e -> e.substring(0, e.indexOf('@'))).toList();
    }
}
