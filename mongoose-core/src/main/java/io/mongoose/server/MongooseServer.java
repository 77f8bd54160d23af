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
import io.mongoose.feed.Feed;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.feed.FeedStats;
import io.mongoose.internal.AgronaAccess;
import io.mongoose.pool.LeakDetection;
import io.mongoose.pool.LeakReport;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.status.AgentGroupStats;
import io.mongoose.status.CounterType;
import io.mongoose.status.CountersSnapshot;
import io.mongoose.status.HealthReport;
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
     * @return a NEW server built from {@code config}; a {@link MongooseConfigException} lists every problem first.
     * @throws IllegalStateException naming the JVM flag to add, if the JVM does not open {@code jdk.internal.misc} to
     *                               Agrona.
     */
    public static MongooseServer create(
        final ServerConfig config, final PoolRegistry pools, final DispatchErrorHandler errorHandler)
    {
        AgronaAccess.require();
        ConfigValidator.validate(config);
        Objects.requireNonNull(pools, "pools: null; expected a PoolRegistry (PoolRegistry.global() by default)");
        Objects.requireNonNull(errorHandler, "errorHandler: null; expected a DispatchErrorHandler");
        PoolSizing.apply(config, pools);
        return new MongooseServer(config, pools, errorHandler);
    }

    /**
     * Start the services, agent groups and feeds; throws {@link IllegalStateException} unless NEW and alone on its
     * {@link PoolRegistry}, and {@link MongooseStartException}, having stopped what started, if anything failed.
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
        path.feeds.values().forEach(Feed::open);
        services.startAgents();
        state.set(ServerState.RUNNING);
        monitor.onState(ServerState.RUNNING);
        monitor.startSampling();
        LOG.log(System.Logger.Level.INFO, "server '" + name() + "' started: " + path.feeds.size() + " feeds, " +
            path.groups.size() + " agent groups, " + path.processors.size() + " processors");
    }

    /**
     * Stop gracefully, draining the queues within the shutdown timeout, and report what was undelivered or leaked (the
     * same report on a second call); refused on an agent thread of this server or one not driving its INVOKER groups.
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

    /** @return the one publisher of a feed no service or processor publishes, for its one producer thread. */
    public FeedPublisher publisher(final String feedName)
    {
        return path.publisher(feedName);
    }

    /** @return a registered service of {@code type}, for the application that embeds the server. */
    public <T> T service(final String serviceName, final Class<T> type)
    {
        return services.directory.service(serviceName, type);
    }

    /** @return the counters of a configured service; an unknown name throws IllegalArgumentException. */
    public ServiceStats serviceStats(final String serviceName)
    {
        return services.stats(serviceName);
    }

    /** @return a processor of {@code type}, which only its agent thread may call while the server runs. */
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

    /** @return the latency recorder of a processor with {@link ProcessorConfig#latencyMonitoring(boolean)} on. */
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

    /** @return the server's admin commands: built-ins ({@code topology}, {@code pause-feed}, …) and registered. */
    public Admin admin()
    {
        return admin;
    }

    /** @return whether it paused a running server's feed; returns once its agents left the drain they were in. */
    public boolean pauseFeed(final String feedName)
    {
        return feedPauses.pauseLogged(feedName, admin.timeout());
    }

    /** @return whether a running server's feed was paused; its agents drain it again, in order. */
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

    /** @return this server's messages in flight for at least {@code age}, oldest first; needs {@link LeakDetection}. */
    public List<LeakReport> leakSuspects(final Duration age)
    {
        return audit.suspects(age);
    }

    /** @return every counter of this server now ({@link CounterType}), as {@code MongooseStat} reads them. */
    public CountersSnapshot counters()
    {
        return monitor.counters.snapshot();
    }

    /** @return the server's health now, from a fresh sample, against {@link ServerConfig#health()}. */
    public HealthReport health()
    {
        return monitor.health();
    }

    /** @return the counters file while the server publishes one ({@link CountersConfig#enabled()}, from start). */
    public Optional<Path> countersFile()
    {
        return Optional.ofNullable(monitor.counters.file());
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
