package io.mongoose.server;

import io.mongoose.agent.AgentGroup;
import io.mongoose.agent.DispatchAgent;
import io.mongoose.agent.ProcessorSlot;
import io.mongoose.config.CountersConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.HealthConfig;
import io.mongoose.config.ServerConfig;
import io.mongoose.feed.Feed;
import io.mongoose.internal.SingleWriterCounter;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.status.CounterType;
import io.mongoose.status.CountersFile;
import io.mongoose.status.HealthReport;
import io.mongoose.status.HealthStatus;
import io.mongoose.status.ServerState;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** A server's counters and health, refreshed allocation-free by a daemon sampler thread under this object's lock. */
final class ServerMonitor
{
    private static final System.Logger LOG = System.getLogger("io.mongoose.server");
    private static final long JOIN_MILLIS = 10_000;
    private static final CounterType[] POOL_GAUGES =
        {CounterType.POOL_CREATED, CounterType.POOL_FREE, CounterType.POOL_IN_FLIGHT, CounterType.POOL_EXHAUSTED};

    private final String serverName;
    private final CountersConfig countersConfig;
    private final HealthConfig health;
    private final AtomicReference<ServerState> state;
    final ServerCounters counters;
    private final PoolRegistry pools;
    private final SingleWriterCounter stateCounter;
    private final SingleWriterCounter healthCounter;
    private final SingleWriterCounter heartbeat;
    private final SingleWriterCounter samples;

    private final Feed[] feeds;
    private final int[] feedCapacity;
    private final SingleWriterCounter[] feedDepth;
    private final long[] fullestDepth;

    private final AgentGroup[] agents;
    private final long[] lastCycles;
    private final long[] lastMovedNanos;
    private final SingleWriterCounter[] errorCounters;

    private ObjectPool<?>[] knownPools = new ObjectPool<?>[0];
    /** The {@link #POOL_GAUGES} of each known pool, in a row. */
    private SingleWriterCounter[] poolCounters = new SingleWriterCounter[0];
    private int knownPoolCount = -1;

    private final ErrorRate errorWindow;
    private long errors;
    private double errorRate;
    private long sampledAtMillis;

    private volatile boolean sampling;
    private Thread sampler;
    private boolean samplerFailureReported;

    ServerMonitor(
        final ServerConfig config, final Collection<Feed> publishers, final Collection<AgentGroup> groups,
        final ServiceHost services, final PoolRegistry pools, final AtomicReference<ServerState> state)
    {
        this.serverName = config.name();
        this.countersConfig = config.counters();
        this.health = config.health();
        this.state = state;
        this.pools = pools;
        this.counters = new ServerCounters(serverName, countersConfig);
        stateCounter = counters.newCounter(CounterType.SERVER_STATE, serverName);
        healthCounter = counters.newCounter(CounterType.SERVER_HEALTH, serverName);
        heartbeat = counters.newCounter(CounterType.SERVER_HEARTBEAT, serverName);
        samples = counters.newCounter(CounterType.SERVER_SAMPLES, serverName);
        stateCounter.set(state.get().ordinal());
        healthCounter.set(HealthStatus.DOWN.ordinal());

        feeds = publishers.toArray(new Feed[0]);
        final Map<String, Integer> capacities =
            config.feeds().stream().collect(Collectors.toMap(FeedConfig::name, FeedConfig::queueCapacity));
        feedCapacity = Arrays.stream(feeds).mapToInt(feed -> capacities.get(feed.feedName())).toArray();
        feedDepth = new SingleWriterCounter[feeds.length];
        fullestDepth = new long[feeds.length];
        for (int f = 0; f < feeds.length; f++)
        {
            final String name = feeds[f].feedName();
            counters.register(CounterType.FEED_PUBLISHED, name, feeds[f].published);
            counters.register(CounterType.FEED_DROPPED, name, feeds[f].dropped);
            counters.register(CounterType.FEED_REJECTED, name, feeds[f].rejected);
            counters.register(CounterType.FEED_TIMEOUTS, name, feeds[f].timeouts);
            feedDepth[f] = counters.newCounter(CounterType.FEED_QUEUE_DEPTH, name);
        }

        agents = groups.toArray(new AgentGroup[0]);
        lastCycles = new long[agents.length];
        lastMovedNanos = new long[agents.length];
        final long now = System.nanoTime();
        Arrays.fill(lastMovedNanos, now);
        final List<SingleWriterCounter> errorSources = new ArrayList<>();
        for (final AgentGroup group : agents)
        {
            final DispatchAgent agent = group.agent;
            counters.register(CounterType.AGENT_DUTY_CYCLES, group.config.name(), agent.dutyCycles);
            counters.register(CounterType.AGENT_DISPATCHED, group.config.name(), agent.dispatched);
            counters.register(CounterType.AGENT_ERRORS, group.config.name(), agent.agentErrors);
            counters.register(CounterType.AGENT_IDLE_CYCLES, group.config.name(), agent.idleCycles);
            errorSources.add(agent.agentErrors);
        }
        for (final AgentGroup group : agents)
        {
            for (final ProcessorSlot slot : group.processors)
            {
                counters.register(CounterType.PROCESSOR_HANDLED, slot.name, slot.handled);
                counters.register(CounterType.PROCESSOR_UNHANDLED, slot.name, slot.unhandled);
                counters.register(CounterType.PROCESSOR_ERRORS, slot.name, slot.errors);
                errorSources.add(slot.errors);
            }
        }
        services.registerCounters(counters, errorSources);
        errorCounters = errorSources.toArray(new SingleWriterCounter[0]);
        findNewPools();

        errorWindow = new ErrorRate(health.errorRateWindow(), countersConfig.sampleInterval(), now);
    }

    /** Before any agent starts: create the counters file, if enabled, or throw a {@link MongooseStartException}. */
    void publish()
    {
        final Path dir = null == countersConfig.dir() ? CountersFile.defaultDirectory() : countersConfig.dir();
        try
        {
            if (countersConfig.enabled())
            {
                counters.publish(dir);
                LOG.log(System.Logger.Level.INFO, "server '" + serverName + "': live counters in " + counters.file() +
                    " (scripts/mongoose-stat.sh --server=" + serverName + ")");
            }
            onState(ServerState.STARTING);
        }
        catch (final IOException | RuntimeException ex)
        {
            throw new MongooseStartException("server '" + serverName + "': cannot create its counters file in " +
                dir + ": " + ex + "; expected a writable directory (set counters.dir, or counters.enabled: false)", ex);
        }
    }

    /** Once the server runs: the first sample here, so start() returns with every gauge set, then the sampler. */
    synchronized void startSampling()
    {
        sample(true);
        sampling = true;
        sampler = new Thread(this::runSampler, "mongoose-sampler-" + serverName);
        sampler.setDaemon(true);
        sampler.setUncaughtExceptionHandler((t, e) ->
            LOG.log(System.Logger.Level.ERROR, "sampler thread '" + t.getName() + "' died", e));
        sampler.start();
    }

    synchronized void onState(final ServerState newState)
    {
        stateCounter.set(newState.ordinal());
    }

    /** Stop the sampler, take the last sample (the file and snapshots keep final values), remove the file if asked. */
    void close(final ServerState finalState)
    {
        final Thread thread;
        synchronized (this)
        {
            sampling = false;
            thread = sampler;
        }
        if (null != thread)
        {
            LockSupport.unpark(thread);
            try
            {
                thread.join(JOIN_MILLIS);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
            if (thread.isAlive())
            {
                LOG.log(System.Logger.Level.WARNING, "server '" + serverName + "': sampler thread did not end within " +
                    JOIN_MILLIS + " ms; left running as a daemon");
            }
        }
        synchronized (this)
        {
            stateCounter.set(finalState.ordinal());
            sample(false);
        }
        counters.close();
    }

    /** @return the health now: a fresh sample, evaluated against the thresholds. */
    synchronized HealthReport health()
    {
        final long now = System.nanoTime();
        sample(false);
        final ServerState current = state.get();
        final List<String> reasons = new ArrayList<>();
        final HealthStatus status = evaluate(now, current, reasons);
        final List<HealthReport.AgentHealth> agentHealth = IntStream.range(0, agents.length)
            .mapToObj(a -> new HealthReport.AgentHealth(agents[a].config.name(), agentVerdict(a, now, current),
                Duration.ofNanos(Math.max(0, now - lastMovedNanos[a])), lastCycles[a], agents[a].dispatching())).toList();
        final List<HealthReport.FeedHealth> feedHealth = IntStream.range(0, feeds.length)
            .mapToObj(f -> new HealthReport.FeedHealth(feeds[f].feedName(), feedVerdict(f), fullestDepth[f],
                feedCapacity[f], saturation(f))).toList();
        return new HealthReport(status, reasons, current, Instant.ofEpochMilli(sampledAtMillis), agentHealth,
            feedHealth, errors, errorRate);
    }

    private void runSampler()
    {
        final long intervalNanos = countersConfig.sampleInterval().toNanos();
        long next = System.nanoTime() + intervalNanos;
        while (sampling)
        {
            final long wait = next - System.nanoTime();
            if (wait > 0)
            {
                LockSupport.parkNanos(this, wait);
                continue;
            }
            next += intervalNanos;
            if (next - System.nanoTime() < 0)
            {
                next = System.nanoTime() + intervalNanos; // fell behind (a paused machine): no catching up in a burst
            }
            try
            {
                synchronized (this)
                {
                    if (sampling)
                    {
                        sample(true);
                    }
                }
            }
            catch (final RuntimeException ex)
            {
                // One bad read must not end liveness monitoring; logged once, not every interval.
                if (!samplerFailureReported)
                {
                    samplerFailureReported = true;
                    LOG.log(System.Logger.Level.ERROR, "server '" + serverName + "': a counters sample failed; " +
                        "sampling continues and further failures are not logged", ex);
                }
            }
        }
    }

    /** Refresh every gauge and the health counter. Allocation-free unless a new pool appeared. Holds the monitor. */
    private void sample(final boolean periodic)
    {
        final long now = System.nanoTime();
        sampledAtMillis = System.currentTimeMillis();
        heartbeat.set(sampledAtMillis);
        samples.increment();
        for (int f = 0; f < feeds.length; f++)
        {
            if (feeds[f].isRing())
            {
                feeds[f].published.set(feeds[f].publishedCount()); // a ring's sequence is its count; written here only
            }
            feedDepth[f].set(feeds[f].depth());
            fullestDepth[f] = feeds[f].fullestDepth();
        }
        for (int a = 0; a < agents.length; a++)
        {
            final long cycles = agents[a].agent.dutyCycles.get();
            if (cycles != lastCycles[a])
            {
                lastCycles[a] = cycles;
                lastMovedNanos[a] = now;
            }
        }
        if (pools.size() != knownPoolCount)
        {
            findNewPools();
        }
        for (int p = 0; p < knownPools.length; p++)
        {
            final int c = p * POOL_GAUGES.length;
            poolCounters[c].set(knownPools[p].created());
            poolCounters[c + 1].set(knownPools[p].free());
            poolCounters[c + 2].set(knownPools[p].inFlight());
            poolCounters[c + 3].set(knownPools[p].exhaustedCount());
        }
        long total = 0;
        for (final SingleWriterCounter counter : errorCounters)
        {
            total += counter.get();
        }
        errors = total;
        errorRate = errorWindow.rate(now, total);
        if (periodic)
        {
            errorWindow.push(now, total);
        }
        healthCounter.set(evaluate(now, state.get(), null).ordinal());
    }

    /** The verdict now, from the latest sample. Allocation-free when {@code reasons} is null; else says why not UP. */
    private HealthStatus evaluate(final long now, final ServerState current, final List<String> reasons)
    {
        HealthStatus status = ServerState.RUNNING == current ? HealthStatus.UP : HealthStatus.DOWN;
        if (HealthStatus.UP != status && null != reasons)
        {
            reasons.add("server '" + serverName + "' is " + current);
        }
        for (int a = 0; a < agents.length; a++)
        {
            final HealthStatus verdict = agentVerdict(a, now, current);
            status = status.worst(verdict);
            if (HealthStatus.UP != verdict && null != reasons)
            {
                reasons.add("agent '" + agents[a].config.name() + (!agents[a].dispatching()
                    ? "' no longer dispatches (it stopped before the server did)"
                    : "' has not completed a duty cycle for " + TimeUnit.NANOSECONDS.toMillis(now - lastMovedNanos[a]) +
                    " ms (" + (HealthStatus.DOWN == verdict ? "down after " + health.agentDownAfter().toMillis()
                    : "stale after " + health.agentStaleAfter().toMillis()) + " ms): a handler may be blocked"));
            }
        }
        for (int f = 0; f < feeds.length; f++)
        {
            status = status.worst(feedVerdict(f));
            if (HealthStatus.UP != feedVerdict(f) && null != reasons)
            {
                reasons.add("feed '" + feeds[f].feedName() + "': its fullest queue holds " + fullestDepth[f] + " of " +
                    feedCapacity[f] + " (" + Math.round(saturation(f) * 100) + "%, threshold " +
                    Math.round(health.queueSaturation() * 100) + "%)");
            }
        }
        if (errorRate > health.errorRate())
        {
            status = status.worst(HealthStatus.DEGRADED);
            if (null != reasons)
            {
                reasons.add(String.format("error rate %.2f/s over the last %d ms (threshold %s/s); %d errors in all",
                    errorRate, health.errorRateWindow().toMillis(), health.errorRate(), errors));
            }
        }
        return status;
    }

    /** A running server's agent is DOWN once it stopped dispatching, or by how long its duty cycles stood still. */
    private HealthStatus agentVerdict(final int a, final long now, final ServerState current)
    {
        final long still = now - lastMovedNanos[a];
        if (ServerState.RUNNING != current || still < health.agentStaleAfter().toNanos() && agents[a].dispatching())
        {
            return HealthStatus.UP;
        }
        return !agents[a].dispatching() || still >= health.agentDownAfter().toNanos() ? HealthStatus.DOWN
            : HealthStatus.DEGRADED;
    }

    private HealthStatus feedVerdict(final int f)
    {
        return saturation(f) >= health.queueSaturation() ? HealthStatus.DEGRADED : HealthStatus.UP;
    }

    private double saturation(final int f)
    {
        return (double)fullestDepth[f] / feedCapacity[f];
    }

    /** Pools registered since the last look get counters; the registry only grows. Allocates, rarely. */
    private void findNewPools()
    {
        final List<ObjectPool<?>> all = pools.pools();
        knownPoolCount = all.size();
        final List<ObjectPool<?>> known = Arrays.asList(knownPools);
        final List<ObjectPool<?>> fresh = all.stream().filter(pool -> !known.contains(pool))
            .sorted(Comparator.comparing(pool -> pool.name())).toList();
        final ObjectPool<?>[] more = Arrays.copyOf(knownPools, knownPools.length + fresh.size());
        final SingleWriterCounter[] moreCounters = Arrays.copyOf(poolCounters, more.length * POOL_GAUGES.length);
        for (int p = knownPools.length; p < more.length; p++)
        {
            more[p] = fresh.get(p - knownPools.length);
            for (int g = 0; g < POOL_GAUGES.length; g++)
            {
                moreCounters[p * POOL_GAUGES.length + g] = counters.newCounter(POOL_GAUGES[g], more[p].name());
            }
        }
        knownPools = more;
        poolCounters = moreCounters;
    }
}
