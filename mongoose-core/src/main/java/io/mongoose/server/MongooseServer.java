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
 * <p>{@link #start()} and {@link #stop()} may be called from any thread except an agent thread of this server; with
 * {@link ThreadMode#INVOKER} groups, only from the thread that drives them.
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
     * Build a server from a configuration model (the builder and {@code mongoose-yaml} end here).
     *
     * @param config       the model; validated first.
     * @param pools        where message pools live; checked for leaks at stop.
     * @param errorHandler receives handler and lifecycle errors.
     * @return a server in state {@link ServerState#NEW}.
     * @throws MongooseConfigException listing every problem (pools too small for the queues in front of the pipe
     *                                 stages among them), before any thread starts.
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
     * @throws IllegalStateException  if the server is not {@link ServerState#NEW}, or another started server uses the
     *                                same {@link PoolRegistry}; the server stays NEW then.
     * @throws MongooseStartException if a processor or an agent failed to start in time; all started is stopped then.
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
        path.groups.values().forEach(AgentGroup::start);
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
     * Stop gracefully: close every feed, wait up to the shutdown timeout for queues to drain, stop processors on their
     * agent threads, join the threads, release anything left undelivered, and report messages still out of the
     * server's pools as leaks (with {@link LeakDetection} on, with where each was acquired). A second call returns the
     * same report.
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
            // Never started: its registry may be another server's, so its pools are not this server's to check.
            path.closeNeverRun();
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
     * The publisher of a feed (the same instance on every call): each feed has one producer thread, which keeps it.
     *
     * @throws IllegalArgumentException naming the known feeds, if there is no such feed; or if a service or processor
     *                                  publishes it.
     */
    public FeedPublisher publisher(final String feedName)
    {
        return path.publisher(feedName);
    }

    /**
     * A registered service of {@code type}, for the application that embeds the server (a source to feed, say).
     *
     * @throws IllegalArgumentException if there is no such service (naming the known ones) or it is of another type.
     */
    public <T> T service(final String serviceName, final Class<T> type)
    {
        return services.directory().service(serviceName, type);
    }

    /** @return the counters of a configured service; an unknown name throws IllegalArgumentException. */
    public ServiceStats serviceStats(final String serviceName)
    {
        return services.stats(serviceName);
    }

    /**
     * A configured processor of {@code type}, for the application that embeds the server (a sink a YAML factory made,
     * say). Only its agent thread may call into it while the server runs, unless the processor says otherwise.
     *
     * @throws IllegalArgumentException if there is no such processor (naming the known ones) or it is of another type.
     */
    public <T> T processor(final String processorName, final Class<T> type)
    {
        return path.processor(processorName, type);
    }

    /** @return the handle that runs the duty cycles of an {@link ThreadMode#INVOKER} agent group. */
    public AgentGroupInvoker invoker(final String agentName)
    {
        return path.invoker(agentName);
    }

    /** @return an agent group's thread while it runs on a dedicated one; empty for invoker groups or before start. */
    public Optional<Thread> agentThread(final String agentName)
    {
        return Optional.ofNullable(path.group(agentName).thread());
    }

    /** @return the counters of a configured feed. */
    public FeedStats feedStats(final String feedName)
    {
        return path.feed(feedName).stats();
    }

    /** @return the counters of a configured processor. */
    public ProcessorStats processorStats(final String processorName)
    {
        return path.processor(processorName).stats();
    }

    /**
     * The publish-to-handler latency recorder of a processor with {@link ProcessorConfig#latencyMonitoring(boolean)}
     * on; read it from any thread: {@code server.latency("vwap").interval().writeHgrm(path)}.
     *
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

    /** @return the counters and pinning outcome of an agent group. */
    public AgentGroupStats agentStats(final String agentName)
    {
        return path.group(agentName).stats();
    }

    /**
     * @return the server's admin commands: built-ins ({@code topology}, {@code counters}, {@code pause-feed}, …), the
     *         application's and its processors'; for code or an admin console ({@code io.mongoose.tools.AdminCli}).
     */
    public Admin admin()
    {
        return admin;
    }

    /**
     * Pause a feed: the agents stop draining its queues, so its messages wait there in order, and once a queue is full
     * its producer meets the feed's full-queue policy. Returns once every agent draining the feed has finished the
     * duty cycle it was in (within {@link Admin#timeout()}; one that does not is logged at WARNING). {@link #stop()}
     * resumes paused feeds so that it drains them.
     *
     * @return {@code true} if the feed was delivering and is now paused; {@code false} if it was already paused.
     * @throws IllegalArgumentException if there is no such feed.
     * @throws IllegalStateException    if the server is not {@link ServerState#RUNNING}.
     */
    public boolean pauseFeed(final String feedName)
    {
        return feedPauses.pauseLogged(feedName, admin.timeout());
    }

    /**
     * Resume a paused feed: its agents drain its queues again from their next duty cycle, in order.
     *
     * @return {@code true} if the feed was paused; {@code false} if it was delivering already.
     * @throws IllegalArgumentException if there is no such feed.
     * @throws IllegalStateException    if the server is not {@link ServerState#RUNNING}.
     */
    public boolean resumeFeed(final String feedName)
    {
        return feedPauses.resume(feedName);
    }

    /** @return whether a configured feed is paused now; an unknown name throws IllegalArgumentException. */
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
     * Messages of this server's pools in flight for at least {@code age}, with where each was acquired; from any
     * thread, allocating. Needs {@link LeakDetection} on, else the list is empty ({@link ObjectPool#inFlight()} still
     * counts). {@link LeakSite#group(List)} groups the answer by acquisition site.
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
     * @return every counter of this server now (feeds, agents, processors, services, pools, and the server's state,
     *         health and heartbeat), as {@code MongooseStat} reads them ({@link CounterType}); from any thread.
     */
    public CountersSnapshot counters()
    {
        return monitor.snapshot();
    }

    /**
     * @return the server's health now, from a fresh sample: each agent's liveness, each feed's queue saturation, the
     *         error rate, and an overall {@link HealthStatus} with its reasons ({@link ServerConfig#health()}).
     */
    public HealthReport health()
    {
        return monitor.health();
    }

    /** @return the counters file while the server publishes one ({@link CountersConfig#enabled()}, from start). */
    public Optional<Path> countersFile()
    {
        return Optional.ofNullable(monitor.file());
    }

    /** A start that failed before any agent ran: the rings' messages go home before the pools are checked. */
    private void failBeforeAgentsRan(final long errors)
    {
        path.closeNeverRun();
        state.set(ServerState.FAILED);
        monitor.close(ServerState.FAILED);
        stopped.complete(audit.report(true, Map.of(), errors, 0, Map.of()));
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
