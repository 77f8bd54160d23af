package io.mongoose.server;

import io.mongoose.admin.Admin;
import io.mongoose.admin.AdminHost;
import io.mongoose.admin.CommandRegistrar;
import io.mongoose.agent.AgentGroup;
import io.mongoose.agent.AgentTimerWheel;
import io.mongoose.agent.DispatchAgent;
import io.mongoose.agent.Inbound;
import io.mongoose.agent.InboundQueue;
import io.mongoose.agent.InboundRing;
import io.mongoose.agent.LifecycleFailure;
import io.mongoose.agent.ProcessorScheduler;
import io.mongoose.agent.ProcessorSlot;
import io.mongoose.agent.RunnerClose;
import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.ConfigProblem;
import io.mongoose.config.ConfigValidator;
import io.mongoose.config.CountersConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.HealthConfig;
import io.mongoose.config.MongooseConfigException;
import io.mongoose.config.ProcessorConfig;
import io.mongoose.config.ServerConfig;
import io.mongoose.config.ServiceConfig;
import io.mongoose.config.ThreadMode;
import io.mongoose.dispatch.DispatchErrorHandler;
import io.mongoose.dispatch.DispatchTable;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.dispatch.LoggingErrorHandler;
import io.mongoose.dispatch.ProcessorContext;
import io.mongoose.feed.DeliveryQueue;
import io.mongoose.feed.Feed;
import io.mongoose.feed.FeedKind;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.feed.FeedStats;
import io.mongoose.feed.QueueFeed;
import io.mongoose.feed.RingFeed;
import io.mongoose.internal.MessageAccess;
import io.mongoose.internal.MessageRing;
import io.mongoose.pool.LeakDetection;
import io.mongoose.pool.LeakReport;
import io.mongoose.pool.LeakSite;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.pool.PooledMessage;
import io.mongoose.status.AgentGroupStats;
import io.mongoose.status.CounterType;
import io.mongoose.status.CountersFile;
import io.mongoose.status.CountersSnapshot;
import io.mongoose.status.HealthReport;
import io.mongoose.status.HealthStatus;
import io.mongoose.status.LatencyMonitor;
import io.mongoose.status.ProcessorStats;
import io.mongoose.status.ServerState;
import io.mongoose.status.ServiceStats;
import org.agrona.concurrent.NanoClock;
import org.agrona.concurrent.SystemNanoClock;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * An embedded event-dispatch server: feeds fan pooled messages out over SPSC queues to agent groups, whose threads
 * dispatch them to typed processor handlers and release them back to their pools.
 *
 * <pre>{@code
 * MongooseServer server = MongooseServer.builder()
 *     .feed(FeedConfig.named("prices"))
 *     .agentGroup(AgentGroupConfig.named("pricing").processor("vwap", new VwapProcessor(), "prices"))
 *     .build();
 * server.start();
 * FeedPublisher prices = server.publisher("prices");
 * Quote q = quotes.acquire(); q.set(...); prices.publish(q);   // the framework releases it
 * server.stop();
 * }</pre>
 *
 * <p>{@link #start()} and {@link #stop()} may be called from any thread except an agent thread of this server, with
 * one rule for {@link ThreadMode#INVOKER} groups: both must come from the thread that drives them.
 *
 * <p><b>Pools that cover their queues.</b> A pipe stage that acquires from the pool its input comes from starves once
 * every message of that pool is parked in the queues in front of it. So, for every message type a
 * {@link io.mongoose.service.MessageSource} publishes (the connectors' lines), the build works out what can park in
 * front of the pipe stages those messages reach: each of their queues full, plus the receiving group's drain limit per
 * queue, one message per feed for its producer, and the ring of any ring feed of the type. With no pool of the type in
 * the registry, the server has the
 * sources register one that large (the line pool: at least {@code LineMessage.POOL_CAPACITY}); a smaller one the
 * application registered fails the build with a {@link MongooseConfigException} naming the pool, its capacity, the
 * queues and the capacity needed. A {@code GROW} pool is exempt: it allocates rather than starves.
 */
public final class MongooseServer implements AutoCloseable
{
    private static final System.Logger LOG = System.getLogger("io.mongoose.server");
    /**
     * The pool registries of started servers, each with its server's name: a server's leak and in-flight counts are
     * its registry's, so two running servers never share one.
     */
    private static final Map<PoolRegistry, String> REGISTRIES_IN_USE = new IdentityHashMap<>();
    private static final long DRAIN_POLL_NANOS = 100_000;
    /** Longest exception text a configuration error repeats. */
    private static final int MAX_SHOWN_EXCEPTION = 300;

    private final ServerConfig config;
    private final PoolRegistry pools;
    private final Map<String, Feed> publishers = new LinkedHashMap<>();
    private final Map<String, AgentGroup> groups = new LinkedHashMap<>();
    /** The invoker of each INVOKER group, made once at build. */
    private final Map<String, AgentGroupInvoker> invokers = new LinkedHashMap<>();
    private final Map<String, ProcessorSlot> processors = new LinkedHashMap<>();
    private final AtomicReference<ServerState> state = new AtomicReference<>(ServerState.NEW);
    private final CompletableFuture<ShutdownReport> stopped = new CompletableFuture<>();
    private final Admin admin;
    private final FeedPauses feedPauses;
    private final ServerMonitor monitor;
    private final ServiceHost services;
    /** Feeds a service or a processor publishes, with that producer described; only they may publish there. */
    private final Map<String, String> producers = new LinkedHashMap<>();
    /** Feeds a processor publishes from its agent thread. */
    private final Set<String> pipeFeeds = new HashSet<>();
    /** Per pool, its invalid releases when the server started: the report counts those since. */
    private final Map<ObjectPool<?>, Long> invalidReleasesAtStart = new IdentityHashMap<>();
    /** Per processor, the publishers of the feeds it declared; filled once the feeds are wired. */
    private final Map<String, Map<String, FeedPublisher>> processorPublishers = new LinkedHashMap<>();

    private MongooseServer(
        final ServerConfig config, final PoolRegistry pools, final DispatchErrorHandler errors, final NanoClock clock)
    {
        this.config = config;
        this.pools = pools;
        this.admin = new Admin(new ServerAdminHost(errors));
        this.services = new ServiceHost(config.name(), config.services(), pools, errors);
        final List<String> problems = new ArrayList<>();
        final Map<String, ProcessorSlot[]> slotsByGroup = new LinkedHashMap<>();
        final Map<String, AgentTimerWheel> timersByGroup = new LinkedHashMap<>();
        for (int a = 0; a < config.agentGroups().size(); a++)
        {
            final AgentGroupConfig group = config.agentGroups().get(a);
            final AgentTimerWheel timers = new AgentTimerWheel(group.name(), group.timerTickResolution(),
                group.timerWheelSize(), clock, errors);
            timersByGroup.put(group.name(), timers);
            slotsByGroup.put(group.name(), buildSlots(a, group, timers, problems));
        }
        if (!problems.isEmpty())
        {
            throw new MongooseConfigException(problems);
        }
        final Map<String, List<Inbound>> inboundByGroup = new LinkedHashMap<>();
        for (int f = 0; f < config.feeds().size(); f++)
        {
            wireFeed(f, config.feeds().get(f), inboundByGroup, problems);
        }
        if (!problems.isEmpty())
        {
            returnRings();
            throw new MongooseConfigException(problems);
        }
        bindProducers();
        for (final AgentGroupConfig group : config.agentGroups())
        {
            final ProcessorSlot[] slots = slotsByGroup.get(group.name());
            final Inbound[] inbound = inboundByGroup.getOrDefault(group.name(), List.of()).toArray(new Inbound[0]);
            final AgentGroup built = new AgentGroup(group, new DispatchAgent(group.name(), inbound, slots,
                group.drainLimit(), group.pinning(), errors, timersByGroup.get(group.name())), slots);
            groups.put(group.name(), built);
            if (null != built.invoker())
            {
                invokers.put(group.name(), new AgentGroupInvoker(built.invoker()));
            }
        }
        this.feedPauses = new FeedPauses(inboundByGroup, groups);
        BuiltInCommands.register(this, admin);
        monitor = new ServerMonitor(config, publishers.values(), groups.values(), services, pools, state);
    }

    /**
     * @return a builder with the global pool registry and the logging error handler.
     */
    public static Builder builder()
    {
        return new Builder();
    }

    /**
     * Build a server from a configuration model. The builder ends here, and so does a model read from elsewhere: the
     * {@code mongoose-yaml} module's {@code io.mongoose.yaml.MongooseYaml} reads a YAML file into a
     * {@link ServerConfig} and builds its server with this method.
     *
     * @param config       the model; validated first.
     * @param pools        where message pools live; checked for leaks at stop.
     * @param errorHandler receives handler and lifecycle errors.
     * @return a server in state {@link ServerState#NEW}.
     * @throws MongooseConfigException listing every problem, before any thread starts.
     */
    public static MongooseServer create(
        final ServerConfig config, final PoolRegistry pools, final DispatchErrorHandler errorHandler)
    {
        return create(config, pools, errorHandler, SystemNanoClock.INSTANCE);
    }

    /**
     * {@link #create(ServerConfig, PoolRegistry, DispatchErrorHandler)} on another clock than the system's: for tests
     * of what the agents time (their timers).
     */
    static MongooseServer create(
        final ServerConfig config, final PoolRegistry pools, final DispatchErrorHandler errorHandler,
        final NanoClock clock)
    {
        ConfigValidator.validate(config);
        Objects.requireNonNull(pools, "pools: null; expected a PoolRegistry (PoolRegistry.global() by default)");
        Objects.requireNonNull(errorHandler, "errorHandler: null; expected a DispatchErrorHandler");
        Objects.requireNonNull(clock, "clock: null; expected a NanoClock");
        PoolSizing.apply(config, pools);
        return new MongooseServer(config, pools, errorHandler, clock);
    }

    /**
     * Start every agent group and run each processor's {@code onInit} and {@code onStart} on its agent thread; returns
     * once all have started, then feeds accept publishes.
     *
     * @throws IllegalStateException   if the server is not {@link ServerState#NEW}, or if another started server uses
     *                                 the same {@link PoolRegistry} (each server counts leaks over its registry's
     *                                 pools); the server stays NEW then.
     * @throws MongooseStartException if a processor failed to start or an agent did not start in time; everything
     *                                 started has been stopped and joined by then.
     */
    public void start()
    {
        if (!state.compareAndSet(ServerState.NEW, ServerState.STARTING))
        {
            throw new IllegalStateException("server '" + name() + "' is " + state.get() + "; start() is allowed once, " +
                "on a NEW server");
        }
        claimRegistry();
        for (final ObjectPool<?> pool : pools.pools())
        {
            invalidReleasesAtStart.put(pool, pool.stats().invalidReleases());
        }
        publishCounters();
        final MongooseStartException serviceFailure = services.start();
        if (null != serviceFailure)
        {
            closeFeeds();
            // No agent ever ran: the ring feeds' messages go back to their pools before the pools are checked.
            returnRings();
            state.set(ServerState.FAILED);
            monitor.close(ServerState.FAILED);
            stopped.complete(reportBeforeAgentsRan(services.errors()));
            throw serviceFailure;
        }
        for (final AgentGroup group : groups.values())
        {
            group.start();
        }
        final MongooseStartException failure = awaitStarted();
        if (null != failure)
        {
            final ShutdownReport report = shutDown(false);
            state.set(ServerState.FAILED);
            monitor.close(ServerState.FAILED);
            stopped.complete(report);
            throw failure;
        }
        for (final Feed publisher : publishers.values())
        {
            publisher.open();
        }
        services.startAgents();
        state.set(ServerState.RUNNING);
        monitor.onState(ServerState.RUNNING);
        monitor.startSampling();
        LOG.log(System.Logger.Level.INFO, "server '" + name() + "' started: " + publishers.size() + " feeds, " +
            groups.size() + " agent groups, " + processors.size() + " processors");
    }

    /**
     * Stop gracefully: close every feed, wait up to the shutdown timeout for queues to drain, stop and tear down
     * processors on their agent threads, join the threads, release anything left undelivered, and report messages
     * still in flight in the server's pools as leaks. With {@link LeakDetection} on, the report also says where each
     * leaked message was acquired ({@link ShutdownReport#leakSites()}), and one WARNING per acquisition site is logged
     * with its count and stack. A second call returns the same report without doing anything.
     *
     * @return what the shutdown found.
     * @throws IllegalStateException if called from an agent thread of this server, or from a thread other than the
     *                               owner of an {@link ThreadMode#INVOKER} group.
     */
    public ShutdownReport stop()
    {
        final Thread current = Thread.currentThread();
        if (services.isAgentThread(current))
        {
            throw new IllegalStateException("stop() called on service agent thread '" + current.getName() +
                "' of server '" + name() + "'; expected a thread outside the server (stopping joins it)");
        }
        for (final AgentGroup group : groups.values())
        {
            if (group.isAgentThread(current))
            {
                throw new IllegalStateException("stop() called on agent thread '" + current.getName() + "' of server '" +
                    name() + "'; expected a thread outside the server (stopping joins the agent threads)");
            }
            if (null != group.invoker())
            {
                group.invoker().checkOwner("stop()");
            }
        }
        if (state.compareAndSet(ServerState.NEW, ServerState.STOPPED))
        {
            closeFeeds();
            // Never started: the ring feeds' messages go back to their pools, as after a failed start. Its registry
            // may be another server's, so its pools are not this server's to check.
            returnRings();
            monitor.close(ServerState.STOPPED);
            stopped.complete(new ShutdownReport(true, Map.of(), Map.of(), 0, 0, 0, Map.of(), List.of()));
            return stopped.join();
        }
        if (!state.compareAndSet(ServerState.RUNNING, ServerState.STOPPING))
        {
            return stopped.join();
        }
        monitor.onState(ServerState.STOPPING);
        final ShutdownReport report = shutDown(true);
        state.set(ServerState.STOPPED);
        monitor.close(ServerState.STOPPED);
        stopped.complete(report);
        return report;
    }

    /** Same as {@link #stop()}, for try-with-resources. */
    @Override
    public void close()
    {
        stop();
    }

    /**
     * The publisher of a feed. Each feed has exactly one producer thread; obtain the publisher once and keep it.
     *
     * @param feedName a configured feed.
     * @return its publisher (the same instance on every call).
     * @throws IllegalArgumentException naming the feed and the known feeds, if there is no such feed.
     */
    public FeedPublisher publisher(final String feedName)
    {
        final FeedPublisher publisher = publishers.get(feedName);
        if (null == publisher)
        {
            throw new IllegalArgumentException("unknown feed '" + feedName + "'; expected one of " +
                String.join(", ", publishers.keySet()));
        }
        final String producer = producers.get(feedName);
        if (null != producer)
        {
            throw new IllegalArgumentException("feed '" + feedName + "' is published by " + producer + ", its single " +
                "producer; expected a feed no service or processor publishes");
        }
        return publisher;
    }

    /**
     * A registered service, for the application that embeds the server (an in-memory source to feed, a sink to read).
     *
     * @param serviceName a configured service.
     * @param type        what the caller expects it to be.
     * @param <T>         the type.
     * @return the service.
     * @throws IllegalArgumentException if there is no such service (naming the known ones) or it is of another type.
     */
    public <T> T service(final String serviceName, final Class<T> type)
    {
        return services.directory().service(serviceName, type);
    }

    /**
     * @param serviceName a configured service.
     * @return its counters.
     * @throws IllegalArgumentException if there is no such service, naming the known ones.
     */
    public ServiceStats serviceStats(final String serviceName)
    {
        return services.stats(serviceName);
    }

    /**
     * A configured processor instance, for the application that embeds the server: one made by a YAML type's factory
     * (an in-memory sink to read, say). Only its agent thread may call into it while the server runs, unless the
     * processor says otherwise.
     *
     * @param processorName a configured processor.
     * @param type          what the caller expects it to be.
     * @param <T>           the type.
     * @return the processor.
     * @throws IllegalArgumentException if there is no such processor (naming the known ones) or it is of another type.
     */
    public <T> T processor(final String processorName, final Class<T> type)
    {
        final ProcessorSlot slot = processors.get(processorName);
        if (null == slot)
        {
            throw new IllegalArgumentException("unknown processor '" + processorName + "'; expected one of " +
                String.join(", ", processors.keySet()));
        }
        if (!type.isInstance(slot.processor))
        {
            throw new IllegalArgumentException("processor '" + processorName + "' is a " +
                slot.processor.getClass().getName() + "; expected a " + type.getName());
        }
        return type.cast(slot.processor);
    }

    /**
     * @param agentName an agent group configured with {@link ThreadMode#INVOKER}.
     * @return the handle the owning thread uses to run duty cycles.
     * @throws IllegalArgumentException if there is no such group or it has a dedicated thread.
     */
    public AgentGroupInvoker invoker(final String agentName)
    {
        final AgentGroupInvoker invoker = invokers.get(agentName);
        if (null == invoker)
        {
            group(agentName); // an unknown name says so
            throw new IllegalArgumentException("agent '" + agentName + "' has a dedicated thread; expected an agent " +
                "configured with threadMode INVOKER");
        }
        return invoker;
    }

    /**
     * @param agentName an agent group.
     * @return its thread while it runs on a dedicated thread; empty for invoker groups or before start.
     */
    public Optional<Thread> agentThread(final String agentName)
    {
        return Optional.ofNullable(group(agentName).thread());
    }

    /**
     * @param feedName a configured feed.
     * @return its counters.
     */
    public FeedStats feedStats(final String feedName)
    {
        final FeedPublisher publisher = publishers.get(feedName);
        if (null == publisher)
        {
            throw new IllegalArgumentException("unknown feed '" + feedName + "'; expected one of " +
                String.join(", ", publishers.keySet()));
        }
        return publisher.stats();
    }

    /**
     * @param processorName a configured processor.
     * @return its counters.
     */
    public ProcessorStats processorStats(final String processorName)
    {
        final ProcessorSlot slot = processors.get(processorName);
        if (null == slot)
        {
            throw new IllegalArgumentException("unknown processor '" + processorName + "'; expected one of " +
                String.join(", ", processors.keySet()));
        }
        return slot.stats();
    }

    /**
     * The publish-to-handler latency recorder of a processor with latency monitoring on
     * ({@link ProcessorConfig#latencyMonitoring(boolean)}, or the server's default). Read it from any thread:
     * {@code server.latency("vwap").interval().writeHgrm(path)}.
     *
     * @param processorName a configured processor.
     * @return its monitor (the same instance on every call).
     * @throws IllegalArgumentException naming the processor, if it does not exist or does not monitor latency.
     */
    public LatencyMonitor latency(final String processorName)
    {
        final ProcessorSlot slot = processors.get(processorName);
        if (null == slot || null == slot.latency)
        {
            final List<String> monitored = new ArrayList<>();
            for (final LatencyMonitor monitor : latencyMonitors())
            {
                monitored.add(monitor.processorName());
            }
            throw new IllegalArgumentException((null == slot
                ? "unknown processor '" + processorName + "'"
                : "processor '" + processorName + "' does not monitor latency (enable it with " +
                "ProcessorConfig.latencyMonitoring(true) or latencyMonitoring: true in YAML)") +
                "; expected one of the processors with latency monitoring: " +
                (monitored.isEmpty() ? "(none)" : String.join(", ", monitored)));
        }
        return slot.latency;
    }

    /**
     * @return the latency monitors of every processor that has one, in configuration order.
     */
    public List<LatencyMonitor> latencyMonitors()
    {
        final List<LatencyMonitor> monitors = new ArrayList<>();
        for (final ProcessorSlot slot : processors.values())
        {
            if (null != slot.latency)
            {
                monitors.add(slot.latency);
            }
        }
        return monitors;
    }

    /**
     * @param agentName an agent group.
     * @return its counters and pinning outcome.
     */
    public AgentGroupStats agentStats(final String agentName)
    {
        return group(agentName).stats();
    }

    /**
     * The server's admin commands: built-ins ({@code help}, {@code topology}, {@code counters}, {@code pause-feed},
     * {@code stop}, …), the application's, and those its processors register in {@code onInit}. Invoke them from code
     * or from an admin console ({@code io.mongoose.tools.AdminCli} in mongoose-tools).
     *
     * @return the registry (the same instance on every call).
     */
    public Admin admin()
    {
        return admin;
    }

    /**
     * Pause a feed: the agents stop draining its queues, so its messages wait there in order, and once a queue is full
     * its producer meets the feed's own full-queue policy (back off up to the publish timeout, drop and count, or
     * refuse). Nothing is dropped that the policy would not drop. Returns once every agent draining the feed has
     * finished the duty cycle it was in (bounded by {@link Admin#timeout()}; an agent that does not, because it is
     * busy or blocked, is logged at WARNING and may still finish one drain of the feed). Called from a handler on an
     * agent, the drain in progress there finishes. {@link #stop()} resumes paused feeds so that it drains them.
     *
     * @param feedName a configured feed.
     * @return {@code true} if the feed was delivering and is now paused; {@code false} if it was already paused.
     * @throws IllegalArgumentException if there is no such feed.
     * @throws IllegalStateException    if the server is not {@link ServerState#RUNNING}.
     */
    public boolean pauseFeed(final String feedName)
    {
        final FeedPauses.Outcome outcome = pauseFeedConfirmed(feedName);
        if (!outcome.unconfirmed().isEmpty())
        {
            LOG.log(System.Logger.Level.WARNING, "server '" + name() + "': feed '" + feedName + "' paused, but " +
                "agents " + outcome.unconfirmed() + " did not finish their duty cycle within " +
                admin.timeout().toMillis() + " ms: a drain of it under way there may still deliver messages");
        }
        return outcome.changed();
    }

    /**
     * Resume a paused feed: its agents drain its queues again from their next duty cycle, in publish order.
     *
     * @param feedName a configured feed.
     * @return {@code true} if the feed was paused; {@code false} if it was delivering already.
     * @throws IllegalArgumentException if there is no such feed.
     * @throws IllegalStateException    if the server is not {@link ServerState#RUNNING}.
     */
    public boolean resumeFeed(final String feedName)
    {
        checkRunning("resumeFeed");
        return feedPauses.resume(feedName).changed();
    }

    /**
     * @param feedName a configured feed.
     * @return whether it is paused now.
     * @throws IllegalArgumentException if there is no such feed.
     */
    public boolean isFeedPaused(final String feedName)
    {
        return feedPauses.isPaused(feedName);
    }

    FeedPauses.Outcome pauseFeedConfirmed(final String feedName)
    {
        checkRunning("pauseFeed");
        return feedPauses.pause(feedName, admin.timeout());
    }

    private void checkRunning(final String operation)
    {
        final ServerState now = state.get();
        if (ServerState.RUNNING != now)
        {
            throw new IllegalStateException("server '" + name() + "' is " + now + "; " + operation + " needs it RUNNING");
        }
    }

    /**
     * @return the server's state now.
     */
    public ServerState state()
    {
        return state.get();
    }

    /**
     * @return the server's name.
     */
    public String name()
    {
        return config.name();
    }

    /**
     * @return the configuration the server was built from.
     */
    public ServerConfig config()
    {
        return config;
    }

    /**
     * @return the pool registry checked for leaks at stop.
     */
    public PoolRegistry pools()
    {
        return pools;
    }

    /**
     * Messages of this server's pools that have been in flight for at least {@code age}, with where each was
     * acquired: the question to ask of a running server that seems to be losing messages. Callable at any time, from
     * any thread, in any state. Needs {@link LeakDetection} on ({@code -Dmongoose.leakDetection=true}); without it
     * nothing is recorded and the list is always empty ({@link ObjectPool#inFlight()} still counts). Scans every
     * instance of every pool and allocates: for monitoring, not for a hot path. Group the answer by acquisition site
     * with {@link LeakSite#group(List)}.
     *
     * @param age minimum time since acquire; {@link Duration#ZERO} lists every message in flight.
     * @return the messages found, oldest first, every age measured to the same instant.
     * @throws IllegalArgumentException if {@code age} is negative.
     */
    public List<LeakReport> leakSuspects(final Duration age)
    {
        final long now = System.nanoTime();
        final List<LeakReport> suspects = new ArrayList<>();
        for (final ObjectPool<?> pool : pools.pools())
        {
            suspects.addAll(pool.inFlightOlderThan(age, now));
        }
        suspects.sort((a, b) -> b.age().compareTo(a.age()));
        return suspects;
    }

    /**
     * Every counter of this server now: per feed published, dropped, rejected, publish timeouts and queue depth; per
     * agent duty cycles, dispatched, errors and idle cycles; per processor handled, unhandled and errors; per pool
     * created, free, in flight and exhausted; and the server's state, health and heartbeat. The same values, with the
     * same labels and type ids ({@link CounterType}), that {@code io.mongoose.tools.MongooseStat} reads from the counters file in another
     * process. Callable at any time, from any thread; allocates (for monitoring, not a hot path).
     *
     * @return a snapshot.
     */
    public CountersSnapshot counters()
    {
        return monitor.snapshot();
    }

    /**
     * The server's health now: each agent's liveness (time since its duty-cycle counter last moved), each feed's queue
     * saturation, the error rate, and an overall {@link HealthStatus} with its reasons, judged against
     * {@link ServerConfig#health()}. Callable at any time, from any thread; takes a fresh sample and allocates.
     *
     * @return an immutable report.
     */
    public HealthReport health()
    {
        return monitor.health();
    }

    /**
     * @return the counters file while the server publishes one ({@link CountersConfig#enabled()}, from start); empty
     *         before start, when disabled, and after a stop that removed it.
     */
    public Optional<Path> countersFile()
    {
        return Optional.ofNullable(monitor.file());
    }

    /** Create the counters file before any thread writes a counter; a failure fails start() before anything runs. */
    private void publishCounters()
    {
        try
        {
            monitor.publish();
            monitor.onState(ServerState.STARTING);
            if (null != monitor.file())
            {
                LOG.log(System.Logger.Level.INFO, "server '" + name() + "': live counters in " + monitor.file() +
                    " (scripts/mongoose-stat.sh --server=" + name() + ")");
            }
        }
        catch (final IOException | RuntimeException ex)
        {
            closeFeeds();
            returnRings();
            state.set(ServerState.FAILED);
            monitor.close(ServerState.FAILED);
            stopped.complete(reportBeforeAgentsRan(0));
            throw new MongooseStartException("server '" + name() + "': cannot create its counters file in " +
                (null == config.counters().dir() ? CountersFile.defaultDirectory() : config.counters().dir()) +
                ": " + ex + "; expected a writable directory (set counters.dir, or counters.enabled: false)", ex);
        }
    }

    private ProcessorSlot[] buildSlots(
        final int index, final AgentGroupConfig group, final AgentTimerWheel timers, final List<String> problems)
    {
        final List<ProcessorSlot> slots = new ArrayList<>();
        for (int p = 0; p < group.processors().size(); p++)
        {
            final ProcessorConfig pc = group.processors().get(p);
            final HandlerRegistry handlers = new HandlerRegistry(pc.name());
            try
            {
                pc.processor().registerHandlers(handlers);
            }
            catch (final RuntimeException ex)
            {
                problems.add("agents[" + index + "].processors[" + p + "]: registerHandlers threw " +
                    ConfigProblem.escape(ex.toString(), MAX_SHOWN_EXCEPTION) +
                    "; expected it to register handlers and return");
                continue;
            }
            final DispatchTable table = handlers.build();
            final ProcessorScheduler scheduler = new ProcessorScheduler(timers, pc.name());
            final LatencyMonitor latency =
                pc.monitorsLatency(config.latencyMonitoring()) ? new LatencyMonitor(pc.name()) : null;
            final Map<String, FeedPublisher> declared = new LinkedHashMap<>();
            processorPublishers.put(pc.name(), declared);
            final ProcessorSlot slot = new ProcessorSlot(new ProcessorContext(pc.name(), group.name(), name(),
                processorCommands(pc.name(), group.name()), scheduler, services.directory(),
                Collections.unmodifiableMap(declared)), pc.processor(), table, latency);
            scheduler.bind(slot);
            slots.add(slot);
            processors.put(pc.name(), slot);
        }
        return slots.toArray(new ProcessorSlot[0]);
    }

    /**
     * One queue per agent group that has a processor receiving the feed; that group's receivers share it. A ring feed
     * instead gets its ring, filled from its type's pool, which its one receiving group reads.
     */
    private void wireFeed(
        final int index, final FeedConfig feed, final Map<String, List<Inbound>> inboundByGroup,
        final List<String> problems)
    {
        final List<DeliveryQueue> queues = new ArrayList<>();
        final List<String> subscriberNames = new ArrayList<>();
        final List<ProcessorSlot[]> receiversByGroup = new ArrayList<>();
        boolean monitored = false;
        for (final AgentGroupConfig group : config.agentGroups())
        {
            final List<ProcessorSlot> receivers = new ArrayList<>();
            for (final ProcessorConfig pc : group.processors())
            {
                if (feed.kind() == FeedKind.BROADCAST || pc.subscriptions().contains(feed.name()))
                {
                    receivers.add(processors.get(pc.name()));
                    monitored |= null != processors.get(pc.name()).latency;
                }
            }
            if (!receivers.isEmpty())
            {
                subscriberNames.add(group.name());
                receiversByGroup.add(receivers.toArray(new ProcessorSlot[0]));
            }
        }
        if (feed.isRing())
        {
            // The validator let through one receiving group only.
            final MessageRing<PooledMessage> ring = newRing(index, feed, problems);
            if (null != ring)
            {
                inboundByGroup.computeIfAbsent(subscriberNames.get(0), g -> new ArrayList<>())
                    .add(new InboundRing(feed.name(), ring, receiversByGroup.get(0)));
                publishers.put(feed.name(), new RingFeed(name(), feed.settings(), ring, subscriberNames.get(0), monitored));
            }
            return;
        }
        for (int g = 0; g < subscriberNames.size(); g++)
        {
            final InboundQueue inbound = new InboundQueue(feed.name(), feed.queueCapacity(), receiversByGroup.get(g));
            inboundByGroup.computeIfAbsent(subscriberNames.get(g), n -> new ArrayList<>()).add(inbound);
            queues.add(inbound.queue);
        }
        final DeliveryQueue[] queueArray = queues.toArray(new DeliveryQueue[0]);
        publishers.put(feed.name(),
            new QueueFeed(name(), feed.settings(), queueArray, subscriberNames.toArray(new String[0]), monitored));
    }

    /** A ring feed's ring from its type's pool, or {@code null} with the reason added to {@code problems}. */
    private MessageRing<PooledMessage> newRing(final int index, final FeedConfig feed, final List<String> problems)
    {
        try
        {
            return MessageAccess.<PooledMessage>get().newRing(pools.pool(feed.ringType()), feed.queueCapacity());
        }
        catch (final IllegalArgumentException | IllegalStateException e)
        {
            problems.add("feeds[" + index + "].ring: ring feed '" + feed.name() + "' of " + feed.ringType().getName() +
                " cannot take its " + feed.queueCapacity() + " messages: " + e.getMessage());
            return null;
        }
    }

    /** A server that failed to build or to start gives its rings' messages back to their pools. */
    private void returnRings()
    {
        for (final Feed publisher : publishers.values())
        {
            if (publisher.isRing())
            {
                publisher.releaseUndelivered();
            }
        }
    }

    /** Hands each service and processor the publishers of the feeds it declared, and records who produces what. */
    private void bindProducers()
    {
        for (final ServiceConfig service : config.services())
        {
            for (final String feed : service.publishes())
            {
                producers.put(feed, "service '" + service.name() + "'");
            }
        }
        services.bindPublishers(publishers);
        for (final AgentGroupConfig group : config.agentGroups())
        {
            for (final ProcessorConfig pc : group.processors())
            {
                final Map<String, FeedPublisher> declared = processorPublishers.get(pc.name());
                for (final String feed : pc.publishes())
                {
                    producers.put(feed, "processor '" + pc.name() + "'");
                    pipeFeeds.add(feed);
                    if (null != declared)
                    {
                        declared.put(feed, publishers.get(feed));
                    }
                }
            }
        }
    }

    /** For tests in this package: the duty cycle of an agent group. */
    DispatchAgent agentOf(final String agentName)
    {
        return group(agentName).agent;
    }

    private AgentGroup group(final String agentName)
    {
        final AgentGroup group = groups.get(agentName);
        if (null == group)
        {
            throw new IllegalArgumentException("unknown agent '" + agentName + "'; expected one of " +
                String.join(", ", groups.keySet()));
        }
        return group;
    }

    private MongooseStartException awaitStarted()
    {
        final long deadline = System.nanoTime() + config.startTimeout().toNanos();
        MongooseStartException first = null;
        for (final AgentGroup group : groups.values())
        {
            Throwable failure = null;
            try
            {
                group.agent.startOutcome().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            }
            catch (final ExecutionException ex)
            {
                failure = ex.getCause();
            }
            catch (final TimeoutException ex)
            {
                failure = new MongooseStartException("agent '" + group.config.name() + "' did not start within " +
                    config.startTimeout().toMillis() + " ms (a processor's onInit/onStart may be blocking)", ex);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                failure = new MongooseStartException("interrupted while starting agent '" + group.config.name() + "'",
                    ex);
            }
            if (null != failure)
            {
                if (null == first)
                {
                    first = failure instanceof MongooseStartException ? (MongooseStartException)failure :
                        failure instanceof LifecycleFailure ? new MongooseStartException(failure.getMessage(),
                        failure.getCause()) :
                        new MongooseStartException("agent '" + group.config.name() + "' failed to start", failure);
                }
                else
                {
                    first.addSuppressed(failure);
                }
            }
        }
        if (null != first)
        {
            LOG.log(System.Logger.Level.ERROR, "server '" + name() + "' failed to start; stopping what started", first);
        }
        return first;
    }

    /**
     * Within the shutdown timeout for the drain, and {@link RunnerClose#INTERRUPT_GRACE_NANOS} more for threads that do
     * not end by then: those are interrupted, left running and named in the report, and their queues left alone.
     */
    private ShutdownReport shutDown(final boolean drain)
    {
        final long drainDeadline = System.nanoTime() + config.shutdownTimeout().toNanos();
        final long graceDeadline = drainDeadline + RunnerClose.INTERRUPT_GRACE_NANOS;
        // Service agents first: once joined, nothing publishes into their feeds, so closing those loses nothing.
        final Map<String, String> notEnded = new TreeMap<>(services.stopAgents(drainDeadline, graceDeadline));
        closeEntryFeeds();
        // A paused feed would never drain, and its agents would never be quiet.
        feedPauses.resumeAllForStop(name());
        // Processors keep publishing into pipes while they handle what is queued; pipes close once all is quiet.
        final boolean pipesQuiet = !drain || awaitPipesQuiet(drainDeadline);
        closeFeeds();
        final boolean drained = (!drain || awaitDrained(drainDeadline)) && pipesQuiet;
        final Set<String> stillRunning = new HashSet<>();
        for (final AgentGroup group : groups.values())
        {
            final String why = group.close(drainDeadline, graceDeadline);
            if (null != why)
            {
                notEnded.put(group.config.name(), why);
                stillRunning.add(group.config.name());
            }
        }
        for (final Map.Entry<String, String> agent : notEnded.entrySet())
        {
            LOG.log(System.Logger.Level.ERROR, "server '" + name() + "': agent " + agent.getKey() + " did not stop " +
                "within the " + config.shutdownTimeout().toMillis() + " ms shutdown timeout: " + agent.getValue());
        }
        // Services stop last, after every agent thread has been joined, in reverse registration order.
        services.stop();
        final Map<String, Long> undelivered = new TreeMap<>();
        for (final Feed publisher : publishers.values())
        {
            final long left = publisher.releaseUndelivered(stillRunning);
            if (left > 0)
            {
                undelivered.put(publisher.feedName(), left);
                LOG.log(System.Logger.Level.WARNING, "server '" + name() + "': feed '" + publisher.feedName() + "' had " +
                    left + " messages undelivered after the " + config.shutdownTimeout().toMillis() +
                    " ms drain timeout; released without handling");
            }
        }
        long errors = 0;
        long unhandled = 0;
        for (final ProcessorSlot slot : processors.values())
        {
            errors += slot.errors.get();
            unhandled += slot.unhandled.get();
        }
        errors += services.errors();
        final Leaks leaks = leaks();
        final ShutdownReport report = new ShutdownReport(drained, undelivered, leaks.byType, errors, unhandled,
            invalidReleasesSinceStart(), notEnded, leaks.sites);
        releaseRegistry();
        LOG.log(report.clean() ? System.Logger.Level.INFO : System.Logger.Level.WARNING,
            "server '" + name() + "' stopped: " + report);
        return report;
    }

    /** A start that failed before any agent ran: what its pools hold, then the registry is free again. */
    private ShutdownReport reportBeforeAgentsRan(final long errors)
    {
        final Leaks leaks = leaks();
        final ShutdownReport report = new ShutdownReport(true, Map.of(), leaks.byType, errors, 0,
            invalidReleasesSinceStart(), Map.of(), leaks.sites);
        releaseRegistry();
        return report;
    }

    private long invalidReleasesSinceStart()
    {
        long count = 0;
        for (final ObjectPool<?> pool : pools.pools())
        {
            count += pool.stats().invalidReleases() - invalidReleasesAtStart.getOrDefault(pool, 0L);
        }
        return count;
    }

    private void claimRegistry()
    {
        synchronized (REGISTRIES_IN_USE)
        {
            final String user = REGISTRIES_IN_USE.putIfAbsent(pools, name());
            if (null != user)
            {
                state.set(ServerState.NEW);
                throw new IllegalStateException("server '" + name() + "': pool registry '" + pools.name() + "' is in " +
                    "use by started server '" + user + "'; each server counts leaks and messages in flight over its " +
                    "registry's pools, so two started servers cannot share one. Give each its own: " +
                    "MongooseServer.builder().poolRegistry(new PoolRegistry(\"" + name() + "\"))");
            }
        }
    }

    private void releaseRegistry()
    {
        synchronized (REGISTRIES_IN_USE)
        {
            REGISTRIES_IN_USE.remove(pools, name());
        }
    }

    /** Commands a processor registers run on its agent thread, through the agent's command queue. */
    private CommandRegistrar processorCommands(final String processorName, final String agentName)
    {
        return admin.registrarOn("processor '" + processorName + "' on agent '" + agentName + "'",
            task -> groups.get(agentName).agent.commands.execute(task));
    }

    /** Close the feeds no processor publishes: those of the application and of the (already joined) services. */
    private void closeEntryFeeds()
    {
        for (final Feed publisher : publishers.values())
        {
            if (!pipeFeeds.contains(publisher.feedName()))
            {
                publisher.close();
            }
        }
    }

    /**
     * Wait until no queue holds a message and no handler is running, so no processor will publish into a pipe any
     * more; bounded by the shutdown timeout. Two passes over every live agent's counters (messages offered, messages
     * whose handlers returned), which only grow, that read the same balanced values show one instant at which
     * everything was quiet: with the entry feeds closed and the service agents joined, nothing can start work again.
     */
    private boolean awaitPipesQuiet(final long deadline)
    {
        if (pipeFeeds.isEmpty())
        {
            return true;
        }
        long previous = -1;
        while (true)
        {
            long progress = 0;
            for (final AgentGroup group : groups.values())
            {
                if (group.dispatching())
                {
                    final long p = group.agent.progressIfBalanced();
                    if (p < 0)
                    {
                        progress = -1;
                        break;
                    }
                    progress += p;
                }
            }
            if (progress >= 0 && progress == previous)
            {
                return true;
            }
            previous = progress;
            if (System.nanoTime() - deadline >= 0)
            {
                return false;
            }
            for (final AgentGroup group : groups.values())
            {
                group.driveIfInvoker();
            }
            LockSupport.parkNanos(DRAIN_POLL_NANOS);
        }
    }

    private void closeFeeds()
    {
        for (final Feed publisher : publishers.values())
        {
            publisher.close();
        }
    }

    private boolean awaitDrained(final long deadline)
    {
        while (true)
        {
            boolean liveEmpty = true;
            boolean deadEmpty = true;
            for (final AgentGroup group : groups.values())
            {
                // A group that stopped dispatching on its own (interrupted) will never empty its queues: waiting for
                // it would only make stop() take the whole timeout. What it holds is released as undelivered.
                if (group.dispatching())
                {
                    liveEmpty &= group.agent.inboundEmpty();
                }
                else
                {
                    deadEmpty &= group.agent.inboundEmpty();
                }
            }
            if (liveEmpty)
            {
                return deadEmpty;
            }
            if (System.nanoTime() - deadline >= 0)
            {
                return false;
            }
            for (final AgentGroup group : groups.values())
            {
                group.driveIfInvoker();
            }
            LockSupport.parkNanos(DRAIN_POLL_NANOS);
        }
    }

    /**
     * Counts every pool's messages in flight; with leak detection on, also groups them by acquisition site and logs
     * one WARNING per site (not per message: a loop that leaks ten thousand messages is one entry with its count).
     */
    private Leaks leaks()
    {
        final Map<String, Long> byType = new TreeMap<>();
        for (final ObjectPool<?> pool : pools.pools())
        {
            final long inFlight = pool.inFlight();
            if (inFlight > 0)
            {
                byType.put(pool.name(), inFlight);
                LOG.log(System.Logger.Level.WARNING, "server '" + name() + "': pool '" + pool.name() + "' (" +
                    pool.type().getName() + ") has " + inFlight + " messages in flight after stop: leaked" +
                    (LeakDetection.ENABLED ? "" : " (run with -D" + LeakDetection.PROPERTY +
                        "=true to see where they were acquired)"));
            }
        }
        if (!LeakDetection.ENABLED || byType.isEmpty())
        {
            return new Leaks(byType, List.of());
        }
        final List<LeakSite> sites = LeakSite.group(leakSuspects(Duration.ZERO));
        for (final LeakSite site : sites)
        {
            LOG.log(System.Logger.Level.WARNING, "server '" + name() + "': leaked " + site.describe());
        }
        return new Leaks(byType, sites);
    }

    /** The server as its {@link Admin} sees it; failures of commands go to the server's error handler. */
    private final class ServerAdminHost implements AdminHost
    {
        private final DispatchErrorHandler errors;

        ServerAdminHost(final DispatchErrorHandler errors)
        {
            this.errors = errors;
        }

        @Override
        public String name()
        {
            return MongooseServer.this.name();
        }

        @Override
        public String state()
        {
            return state.get().name();
        }

        @Override
        public boolean isRunning()
        {
            return ServerState.RUNNING == state.get();
        }

        @Override
        public boolean isFinished()
        {
            final ServerState now = state.get();
            return ServerState.STOPPED == now || ServerState.FAILED == now;
        }

        @Override
        public void reportError(final String source, final Throwable error)
        {
            try
            {
                errors.onError(source, null, error);
            }
            catch (final Throwable handlerFailure)
            {
                handlerFailure.addSuppressed(error);
                LOG.log(System.Logger.Level.ERROR, "error handler failed while reporting an error from " + source,
                    handlerFailure);
            }
        }
    }

    /** What the leak check at stop found: counts per pool, and acquisition sites when detection is on. */
    private record Leaks(Map<String, Long> byType, List<LeakSite> sites)
    {
    }

    /**
     * Assembles a {@link ServerConfig} and builds the server from it.
     */
    public static final class Builder
    {
        private String name = ServerConfig.DEFAULT_NAME;
        private PoolRegistry pools = PoolRegistry.global();
        private DispatchErrorHandler errorHandler;
        private final List<FeedConfig> feeds = new ArrayList<>();
        private final List<AgentGroupConfig> agentGroups = new ArrayList<>();
        private final List<ServiceConfig> services = new ArrayList<>();
        private Duration startTimeout = ServerConfig.DEFAULT_START_TIMEOUT;
        private Duration shutdownTimeout = ServerConfig.DEFAULT_SHUTDOWN_TIMEOUT;
        private boolean latencyMonitoring;
        private CountersConfig counters = CountersConfig.defaults();
        private HealthConfig health = HealthConfig.defaults();
        private NanoClock clock = SystemNanoClock.INSTANCE;

        private Builder()
        {
        }

        /**
         * @param serverName used in logs and errors.
         * @return this builder.
         */
        public Builder name(final String serverName)
        {
            this.name = serverName;
            return this;
        }

        /**
         * @param registry pools to check for leaks at stop; {@link PoolRegistry#global()} by default.
         * @return this builder.
         * @throws NullPointerException if {@code registry} is null.
         */
        public Builder poolRegistry(final PoolRegistry registry)
        {
            // Refused here rather than at build(), so the failure points at the call that passed it.
            this.pools = Objects.requireNonNull(
                registry, "registry: null; expected a PoolRegistry (PoolRegistry.global() is the default)");
            return this;
        }

        /**
         * @param handler receives handler and lifecycle errors; a {@link LoggingErrorHandler} by default.
         * @return this builder.
         */
        public Builder errorHandler(final DispatchErrorHandler handler)
        {
            this.errorHandler = handler;
            return this;
        }

        /**
         * @param feed one more feed.
         * @return this builder.
         */
        public Builder feed(final FeedConfig feed)
        {
            feeds.add(feed);
            return this;
        }

        /**
         * @param group one more agent group.
         * @return this builder.
         */
        public Builder agentGroup(final AgentGroupConfig group)
        {
            agentGroups.add(group);
            return this;
        }

        /**
         * @param service one more service; services start in the order added, before the agents, and stop in reverse
         *                order after them.
         * @return this builder.
         */
        public Builder service(final ServiceConfig service)
        {
            services.add(service);
            return this;
        }

        /**
         * @param timeout how long start() waits for processors to start: {@link ServerConfig#START_TIMEOUT_RANGE}.
         * @return this builder.
         * @throws IllegalArgumentException naming the value and the range.
         * @throws NullPointerException     if {@code timeout} is null.
         */
        public Builder startTimeout(final Duration timeout)
        {
            this.startTimeout = ServerConfig.START_TIMEOUT_RANGE.require("server", timeout);
            return this;
        }

        /**
         * @param timeout how long stop() waits for queues to drain: {@link ServerConfig#SHUTDOWN_TIMEOUT_RANGE}.
         * @return this builder.
         * @throws IllegalArgumentException naming the value and the range.
         * @throws NullPointerException     if {@code timeout} is null.
         */
        public Builder shutdownTimeout(final Duration timeout)
        {
            this.shutdownTimeout = ServerConfig.SHUTDOWN_TIMEOUT_RANGE.require("server", timeout);
            return this;
        }

        /**
         * @param on whether every processor records its publish-to-handler latency unless its own
         *           {@link ProcessorConfig#latencyMonitoring(boolean)} says otherwise; off by default.
         * @return this builder.
         */
        public Builder latencyMonitoring(final boolean on)
        {
            this.latencyMonitoring = on;
            return this;
        }

        /**
         * @param countersConfig the live counters file: on in the default directory unless changed, e.g.
         *                       {@code CountersConfig.disabled()} or {@code CountersConfig.defaults().dir(path)}.
         * @return this builder.
         */
        public Builder counters(final CountersConfig countersConfig)
        {
            this.counters = countersConfig;
            return this;
        }

        /**
         * @param thresholds the thresholds of {@link MongooseServer#health()}; {@link HealthConfig#defaults()} unless
         *                   changed.
         * @return this builder.
         */
        public Builder health(final HealthConfig thresholds)
        {
            this.health = thresholds;
            return this;
        }

        /**
         * For tests in this package: the clock the agents read for their timers.
         *
         * @param nanoClock the clock; the system's unless changed.
         * @return this builder.
         */
        Builder nanoClock(final NanoClock nanoClock)
        {
            this.clock = nanoClock;
            return this;
        }

        /**
         * @return the configuration model this builder describes (not yet validated).
         */
        public ServerConfig toConfig()
        {
            return ServerConfig.named(name).feeds(feeds).agentGroups(agentGroups).startTimeout(startTimeout)
                .shutdownTimeout(shutdownTimeout).services(services).latencyMonitoring(latencyMonitoring)
                .counters(counters).health(health);
        }

        /**
         * @return a validated server in state {@link ServerState#NEW}.
         * @throws MongooseConfigException listing every problem.
         */
        public MongooseServer build()
        {
            return create(toConfig(), pools, null == errorHandler ? new LoggingErrorHandler() : errorHandler, clock);
        }
    }
}
