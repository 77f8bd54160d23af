package io.mongoose.server;

import io.mongoose.admin.Admin;
import io.mongoose.agent.AgentGroup;
import io.mongoose.config.ConfigValidator;
import io.mongoose.config.CountersConfig;
import io.mongoose.config.MongooseConfigException;
import io.mongoose.config.ProcessorConfig;
import io.mongoose.config.ServerConfig;
import io.mongoose.config.ThreadMode;
import io.mongoose.dispatch.DispatchErrorHandler;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.feed.FeedStats;
import io.mongoose.pool.LeakDetection;
import io.mongoose.pool.LeakReport;
import io.mongoose.pool.LeakSite;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.status.AgentGroupStats;
import io.mongoose.status.CounterType;
import io.mongoose.status.CountersSnapshot;
import io.mongoose.status.HealthReport;
import io.mongoose.status.HealthStatus;
import io.mongoose.status.LatencyMonitor;
import io.mongoose.status.ProcessorStats;
import io.mongoose.status.ServerState;
import io.mongoose.status.ServiceStats;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

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
 * <p>A pipe stage that acquires from the pool its input comes from would starve once every message of that pool is
 * parked in the queues in front of it, so the build has each {@link io.mongoose.service.MessageSource} register a pool
 * that covers those queues; a smaller one the application registered fails the build with a
 * {@link MongooseConfigException} naming it. A {@code GROW} pool is exempt.
 */
public final class MongooseServer implements AutoCloseable
{
    private static final System.Logger LOG = System.getLogger("io.mongoose.server");

    private final ServerConfig config;
    private final PoolRegistry pools;
    private final AtomicReference<ServerState> state = new AtomicReference<>(ServerState.NEW);
    private final CompletableFuture<ShutdownReport> stopped = new CompletableFuture<>();
    private final Admin admin;
    private final ServiceHost services;
    private final DataPath path;
    private final FeedPauses feedPauses;
    private final ServerMonitor monitor;
    private final PoolAudit audit;
    private final ServerShutdown shutdown;

    private MongooseServer(final ServerConfig config, final PoolRegistry pools, final DispatchErrorHandler errors)
    {
        this.config = config;
        this.pools = pools;
        this.admin = new Admin(new ServerAdminHost(config.name(), state, errors));
        this.services = new ServiceHost(config.name(), config.services(), pools, errors);
        final ServerAssembly assembly = new ServerAssembly(config, pools, errors, admin, services);
        this.path = assembly.dataPath;
        this.feedPauses = new FeedPauses(config.name(), state, assembly.inboundByGroup, path.groups);
        BuiltInCommands.register(this, feedPauses, admin);
        this.monitor = new ServerMonitor(config, path.feeds.values(), path.groups.values(), services, pools, state);
        this.audit = new PoolAudit(config.name(), pools);
        this.shutdown = new ServerShutdown(config, path, services, feedPauses, audit);
    }

    /** @return a builder with the global pool registry and the logging error handler. */
    public static MongooseServerBuilder builder()
    {
        return new MongooseServerBuilder();
    }

    /**
     * Build a server from a configuration model: {@link MongooseServerBuilder#build()} ends here, and so does the
     * {@code mongoose-yaml} module's {@code io.mongoose.yaml.MongooseYaml} with the model it reads from a file.
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
        ConfigValidator.validate(config);
        Objects.requireNonNull(pools, "pools: null; expected a PoolRegistry (PoolRegistry.global() by default)");
        Objects.requireNonNull(errorHandler, "errorHandler: null; expected a DispatchErrorHandler");
        PoolSizing.apply(config, pools);
        return new MongooseServer(config, pools, errorHandler);
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
            throw new IllegalStateException("server '" + name() + "' is " + state.get() + "; start() is allowed " +
                "once, on a NEW server");
        }
        try
        {
            audit.claim();
        }
        catch (final IllegalStateException ex)
        {
            state.set(ServerState.NEW);
            throw ex;
        }
        try
        {
            monitor.publish();
        }
        catch (final MongooseStartException ex)
        {
            failBeforeAgentsRan(0);
            throw ex;
        }
        final MongooseStartException serviceFailure = services.start();
        if (null != serviceFailure)
        {
            failBeforeAgentsRan(services.errors());
            throw serviceFailure;
        }
        for (final AgentGroup group : path.groups.values())
        {
            group.start();
        }
        final MongooseStartException failure = AgentStartWait.await(name(), path.groups.values(),
            config.startTimeout());
        if (null != failure)
        {
            finish(ServerState.FAILED, shutdown.run(false));
            throw failure;
        }
        path.openFeeds();
        services.startAgents();
        state.set(ServerState.RUNNING);
        monitor.onState(ServerState.RUNNING);
        monitor.startSampling();
        LOG.log(System.Logger.Level.INFO, "server '" + name() + "' started: " + path.feeds.size() + " feeds, " +
            path.groups.size() + " agent groups, " + path.processors.size() + " processors");
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
        shutdown.checkCaller();
        if (state.compareAndSet(ServerState.NEW, ServerState.STOPPED))
        {
            path.closeFeeds();
            // Never started: the ring feeds' messages go back to their pools, as after a failed start. Its registry
            // may be another server's, so its pools are not this server's to check.
            path.returnRings();
            return finish(ServerState.STOPPED, new ShutdownReport(true, Map.of(), Map.of(), 0, 0, 0, Map.of(),
                List.of()));
        }
        if (!state.compareAndSet(ServerState.RUNNING, ServerState.STOPPING))
        {
            return stopped.join();
        }
        monitor.onState(ServerState.STOPPING);
        return finish(ServerState.STOPPED, shutdown.run(true));
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
        return path.publisher(feedName);
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
        return path.processor(processorName, type);
    }

    /**
     * @param agentName an agent group configured with {@link ThreadMode#INVOKER}.
     * @return the handle the owning thread uses to run duty cycles.
     * @throws IllegalArgumentException if there is no such group or it has a dedicated thread.
     */
    public AgentGroupInvoker invoker(final String agentName)
    {
        return path.invoker(agentName);
    }

    /**
     * @param agentName an agent group.
     * @return its thread while it runs on a dedicated thread; empty for invoker groups or before start.
     */
    public Optional<Thread> agentThread(final String agentName)
    {
        return Optional.ofNullable(path.group(agentName).thread());
    }

    /**
     * @param feedName a configured feed.
     * @return its counters.
     */
    public FeedStats feedStats(final String feedName)
    {
        return path.feed(feedName).stats();
    }

    /**
     * @param processorName a configured processor.
     * @return its counters.
     */
    public ProcessorStats processorStats(final String processorName)
    {
        return path.processor(processorName).stats();
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
        return path.latency(processorName);
    }

    /** @return the latency monitors of every processor that has one, in configuration order. */
    public List<LatencyMonitor> latencyMonitors()
    {
        return path.latencyMonitors();
    }

    /**
     * @param agentName an agent group.
     * @return its counters and pinning outcome.
     */
    public AgentGroupStats agentStats(final String agentName)
    {
        return path.group(agentName).stats();
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
        return feedPauses.pauseLogged(feedName, admin.timeout());
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
        return feedPauses.resume(feedName);
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

    /** @return the server's state now. */
    public ServerState state()
    {
        return state.get();
    }

    /** @return the server's name. */
    public String name()
    {
        return config.name();
    }

    /** @return the configuration the server was built from. */
    public ServerConfig config()
    {
        return config;
    }

    /** @return the pool registry checked for leaks at stop. */
    public PoolRegistry pools()
    {
        return pools;
    }

    /**
     * Messages of this server's pools in flight for at least {@code age}, with where each was acquired: for a running
     * server that seems to lose messages. Callable at any time, from any thread. Needs {@link LeakDetection} on
     * ({@code -Dmongoose.leakDetection=true}); without it the list is empty ({@link ObjectPool#inFlight()} still
     * counts). Scans every instance of every pool and allocates. {@link LeakSite#group(List)} groups the answer by
     * acquisition site.
     *
     * @param age minimum time since acquire; {@link Duration#ZERO} lists every message in flight.
     * @return the messages found, oldest first, every age measured to the same instant.
     * @throws IllegalArgumentException if {@code age} is negative.
     */
    public List<LeakReport> leakSuspects(final Duration age)
    {
        return audit.suspects(age);
    }

    /**
     * Every counter of this server now: per feed published, dropped, rejected, publish timeouts and queue depth; per
     * agent duty cycles, dispatched, errors and idle cycles; per processor handled, unhandled and errors; per pool
     * created, free, in flight and exhausted; and the server's state, health and heartbeat. The same values, labels
     * and type ids ({@link CounterType}) that {@code io.mongoose.tools.MongooseStat} reads from the counters file in
     * another process. Callable at any time, from any thread; allocates (for monitoring, not a hot path).
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

    /** A start that failed before any agent ran: the rings' messages go home before the pools are checked. */
    private void failBeforeAgentsRan(final long errors)
    {
        path.closeFeeds();
        path.returnRings();
        state.set(ServerState.FAILED);
        monitor.close(ServerState.FAILED);
        stopped.complete(shutdown.beforeAgentsRan(errors));
    }

    /** The server ends in {@code end} with {@code report}: the counters take their final values. */
    private ShutdownReport finish(final ServerState end, final ShutdownReport report)
    {
        state.set(end);
        monitor.close(end);
        stopped.complete(report);
        return report;
    }
}
