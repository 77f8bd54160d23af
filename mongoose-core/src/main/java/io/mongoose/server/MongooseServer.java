package io.mongoose.server;

import io.mongoose.admin.Admin;
import io.mongoose.admin.AdminHost;
import io.mongoose.agent.AgentGroup;
import io.mongoose.agent.LifecycleFailure;
import io.mongoose.agent.ProcessorSlot;
import io.mongoose.agent.RunnerClose;
import io.mongoose.config.AgentGroupConfig;
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
import io.mongoose.pool.LeakDetection;
import io.mongoose.pool.LeakReport;
import io.mongoose.pool.LeakSite;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolRegistry;
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

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
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

    private final ServerConfig config;
    private final PoolRegistry pools;
    private final DataPath path;
    private final AtomicReference<ServerState> state = new AtomicReference<>(ServerState.NEW);
    private final CompletableFuture<ShutdownReport> stopped = new CompletableFuture<>();
    private final Admin admin;
    private final FeedPauses feedPauses;
    private final ServerMonitor monitor;
    private final ServiceHost services;
    /** Per pool, its invalid releases when the server started: the report counts those since. */
    private final Map<ObjectPool<?>, Long> invalidReleasesAtStart = new IdentityHashMap<>();

    private MongooseServer(final ServerConfig config, final PoolRegistry pools, final DispatchErrorHandler errors)
    {
        this.config = config;
        this.pools = pools;
        this.admin = new Admin(new ServerAdminHost(errors));
        this.services = new ServiceHost(config.name(), config.services(), pools, errors);
        final ServerAssembly assembly = new ServerAssembly(config, pools, errors, admin, services);
        this.path = assembly.dataPath;
        this.feedPauses = assembly.feedPauses;
        BuiltInCommands.register(this, admin);
        monitor = new ServerMonitor(config, path.feeds.values(), path.groups.values(), services, pools, state);
    }

    /**
     * @return a builder with the global pool registry and the logging error handler.
     */
    public static MongooseServerBuilder builder()
    {
        return new MongooseServerBuilder();
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
            path.closeFeeds();
            // No agent ever ran: the ring feeds' messages go back to their pools before the pools are checked.
            path.returnRings();
            state.set(ServerState.FAILED);
            monitor.close(ServerState.FAILED);
            stopped.complete(reportBeforeAgentsRan(services.errors()));
            throw serviceFailure;
        }
        for (final AgentGroup group : path.groups.values())
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
        final Thread current = Thread.currentThread();
        if (services.isAgentThread(current))
        {
            throw new IllegalStateException("stop() called on service agent thread '" + current.getName() +
                "' of server '" + name() + "'; expected a thread outside the server (stopping joins it)");
        }
        for (final AgentGroup group : path.groups.values())
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
            path.closeFeeds();
            // Never started: the ring feeds' messages go back to their pools, as after a failed start. Its registry
            // may be another server's, so its pools are not this server's to check.
            path.returnRings();
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

    /**
     * @return the latency monitors of every processor that has one, in configuration order.
     */
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
            path.closeFeeds();
            path.returnRings();
            state.set(ServerState.FAILED);
            monitor.close(ServerState.FAILED);
            stopped.complete(reportBeforeAgentsRan(0));
            throw new MongooseStartException("server '" + name() + "': cannot create its counters file in " +
                (null == config.counters().dir() ? CountersFile.defaultDirectory() : config.counters().dir()) +
                ": " + ex + "; expected a writable directory (set counters.dir, or counters.enabled: false)", ex);
        }
    }

    private MongooseStartException awaitStarted()
    {
        final long deadline = System.nanoTime() + config.startTimeout().toNanos();
        MongooseStartException first = null;
        for (final AgentGroup group : path.groups.values())
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
        path.closeEntryFeeds();
        // A paused feed would never drain, and its agents would never be quiet.
        feedPauses.resumeAllForStop(name());
        // Processors keep publishing into pipes while they handle what is queued; pipes close once all is quiet.
        final boolean pipesQuiet = !drain || awaitPipesQuiet(drainDeadline);
        path.closeFeeds();
        final boolean drained = (!drain || awaitDrained(drainDeadline)) && pipesQuiet;
        final Set<String> stillRunning = new HashSet<>();
        for (final AgentGroup group : path.groups.values())
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
        for (final Feed publisher : path.feeds.values())
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
        for (final ProcessorSlot slot : path.processors.values())
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

    /**
     * Wait until no queue holds a message and no handler is running, so no processor will publish into a pipe any
     * more; bounded by the shutdown timeout. Two passes over every live agent's counters (messages offered, messages
     * whose handlers returned), which only grow, that read the same balanced values show one instant at which
     * everything was quiet: with the entry feeds closed and the service agents joined, nothing can start work again.
     */
    private boolean awaitPipesQuiet(final long deadline)
    {
        if (path.pipeFeeds.isEmpty())
        {
            return true;
        }
        long previous = -1;
        while (true)
        {
            long progress = 0;
            for (final AgentGroup group : path.groups.values())
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
            for (final AgentGroup group : path.groups.values())
            {
                group.driveIfInvoker();
            }
            LockSupport.parkNanos(DRAIN_POLL_NANOS);
        }
    }

    private boolean awaitDrained(final long deadline)
    {
        while (true)
        {
            boolean liveEmpty = true;
            boolean deadEmpty = true;
            for (final AgentGroup group : path.groups.values())
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
            for (final AgentGroup group : path.groups.values())
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
}
