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
import io.mongoose.status.CountersSnapshot;
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
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * A server's counters and health: registers every counter with {@link ServerCounters}, publishes them in the counters
 * file at start, and runs the sampler thread that refreshes gauges (queue depths, pools), the heartbeat, agent
 * liveness, the error-rate window and the health counter.
 *
 * <p>Threading: one daemon sampler thread per running server, {@code mongoose-sampler-<server>}, waking every
 * {@link CountersConfig#sampleInterval()}. A sample allocates nothing in steady state (a new pool in the registry
 * allocates its counters once). {@link #health()} and the final sample at stop run on the caller's thread; all samples
 * are serialised by this object's monitor, so each gauge has one writer at a time. Producers and agents never touch
 * this class: their counters are written where they count.
 */
final class ServerMonitor
{
    private static final System.Logger LOG = System.getLogger("io.mongoose.server");
    private static final long JOIN_MILLIS = 10_000;

    private final String serverName;
    private final CountersConfig countersConfig;
    private final HealthConfig healthConfig;
    private final AtomicReference<ServerState> state;
    private final ServerCounters counters;
    private final PoolRegistry pools;

    private final SingleWriterCounter stateCounter;
    private final SingleWriterCounter healthCounter;
    private final SingleWriterCounter heartbeat;
    private final SingleWriterCounter samples;

    private final String[] feedNames;
    private final Feed[] feedPublishers;
    private final int[] feedCapacity;
    private final SingleWriterCounter[] feedDepth;
    private final long[] fullestDepth;
    private final HealthStatus[] feedStatus;

    private final AgentGroup[] agents;
    private final long[] lastCycles;
    private final long[] lastMovedNanos;
    private final HealthStatus[] agentStatus;
    private final SingleWriterCounter[] errorCounters;

    private ObjectPool<?>[] knownPools = new ObjectPool<?>[0];
    private SingleWriterCounter[] poolCounters = new SingleWriterCounter[0];
    private int knownPoolCount = -1;

    private final long staleNanos;
    private final long downNanos;
    private final long windowNanos;
    private final long[] windowTimes;
    private final long[] windowErrors;
    private int windowNext;
    private int windowSize;
    private long errors;
    private double errorRate;
    private long sampledAtMillis;

    private volatile boolean sampling;
    private Thread sampler;
    private boolean samplerFailureReported;

    @SuppressWarnings("unchecked")
    ServerMonitor(
        final ServerConfig config, final Collection<Feed> publishers, final Collection<AgentGroup> groups,
        final ServiceHost services, final PoolRegistry pools, final AtomicReference<ServerState> state)
    {
        this.serverName = config.name();
        this.countersConfig = config.counters();
        this.healthConfig = config.health();
        this.state = state;
        this.pools = pools;
        this.counters = new ServerCounters(serverName, countersConfig);
        stateCounter = counters.newCounter(CounterType.SERVER_STATE, serverName);
        healthCounter = counters.newCounter(CounterType.SERVER_HEALTH, serverName);
        heartbeat = counters.newCounter(CounterType.SERVER_HEARTBEAT, serverName);
        samples = counters.newCounter(CounterType.SERVER_SAMPLES, serverName);
        stateCounter.set(state.get().ordinal());
        healthCounter.set(HealthStatus.DOWN.ordinal());

        final int feeds = publishers.size();
        feedNames = new String[feeds];
        feedPublishers = new Feed[feeds];
        feedCapacity = new int[feeds];
        feedDepth = new SingleWriterCounter[feeds];
        fullestDepth = new long[feeds];
        feedStatus = new HealthStatus[feeds];
        int f = 0;
        for (final Feed publisher : publishers)
        {
            final String name = publisher.feedName();
            feedNames[f] = name;
            feedPublishers[f] = publisher;
            feedCapacity[f] = capacityOf(config, name);
            counters.register(CounterType.FEED_PUBLISHED, name, publisher.published);
            counters.register(CounterType.FEED_DROPPED, name, publisher.dropped);
            counters.register(CounterType.FEED_REJECTED, name, publisher.rejected);
            counters.register(CounterType.FEED_TIMEOUTS, name, publisher.timeouts);
            feedDepth[f] = counters.newCounter(CounterType.FEED_QUEUE_DEPTH, name);
            feedStatus[f] = HealthStatus.UP;
            f++;
        }

        agents = groups.toArray(new AgentGroup[0]);
        lastCycles = new long[agents.length];
        lastMovedNanos = new long[agents.length];
        agentStatus = new HealthStatus[agents.length];
        final List<SingleWriterCounter> errorSources = new ArrayList<>();
        final long now = System.nanoTime();
        for (int a = 0; a < agents.length; a++)
        {
            final AgentGroup group = agents[a];
            final String name = group.config.name();
            final DispatchAgent agent = group.agent;
            counters.register(CounterType.AGENT_DUTY_CYCLES, name, agent.dutyCycles);
            counters.register(CounterType.AGENT_DISPATCHED, name, agent.dispatched);
            counters.register(CounterType.AGENT_ERRORS, name, agent.agentErrors);
            counters.register(CounterType.AGENT_IDLE_CYCLES, name, agent.idleCycles);
            errorSources.add(agent.agentErrors);
            lastMovedNanos[a] = now;
            agentStatus[a] = HealthStatus.UP;
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

        final long intervalNanos = countersConfig.sampleInterval().toNanos();
        staleNanos = healthConfig.agentStaleAfter().toNanos();
        downNanos = healthConfig.agentDownAfter().toNanos();
        windowNanos = healthConfig.errorRateWindow().toNanos();
        // Enough samples to span the window, plus the one before it and the newest.
        final int slots = (int)Math.min(1 << 16, windowNanos / intervalNanos + 3);
        windowTimes = new long[slots];
        windowErrors = new long[slots];
        pushWindow(now, 0);
    }

    /**
     * Create the counters file (when enabled), move every counter into it and count the server as starting. Before
     * any agent thread starts.
     *
     * @throws MongooseStartException if the file cannot be created.
     */
    void publish()
    {
        try
        {
            if (countersConfig.enabled())
            {
                final Path dir = null == countersConfig.dir() ? CountersFile.defaultDirectory() : countersConfig.dir();
                counters.publish(dir);
            }
            onState(ServerState.STARTING);
            if (null != file())
            {
                LOG.log(System.Logger.Level.INFO, "server '" + serverName + "': live counters in " + file() +
                    " (scripts/mongoose-stat.sh --server=" + serverName + ")");
            }
        }
        catch (final IOException | RuntimeException ex)
        {
            throw new MongooseStartException("server '" + serverName + "': cannot create its counters file in " +
                (null == countersConfig.dir() ? CountersFile.defaultDirectory() : countersConfig.dir()) + ": " + ex +
                "; expected a writable directory (set counters.dir, or counters.enabled: false)", ex);
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

    /** A lifecycle transition: the state counter follows it. */
    void onState(final ServerState newState)
    {
        synchronized (this)
        {
            stateCounter.set(newState.ordinal());
        }
    }

    /**
     * Stop the sampler, take the last sample (so the file and snapshots keep final values), and remove the file if
     * configured.
     */
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

    CountersSnapshot snapshot()
    {
        return counters.snapshot();
    }

    Path file()
    {
        return counters.file();
    }

    /** @return the health now: a fresh sample, evaluated against the thresholds. */
    synchronized HealthReport health()
    {
        final long now = System.nanoTime();
        sample(false);
        final List<String> reasons = new ArrayList<>();
        final HealthStatus status = evaluate(now, reasons);
        final List<HealthReport.AgentHealth> agentHealth = new ArrayList<>();
        for (int a = 0; a < agents.length; a++)
        {
            agentHealth.add(new HealthReport.AgentHealth(agents[a].config.name(), agentStatus[a],
                Duration.ofNanos(Math.max(0, now - lastMovedNanos[a])), lastCycles[a], agents[a].dispatching()));
        }
        final List<HealthReport.FeedHealth> feedHealth = new ArrayList<>();
        for (int f = 0; f < feedNames.length; f++)
        {
            feedHealth.add(new HealthReport.FeedHealth(feedNames[f], feedStatus[f], fullestDepth[f], feedCapacity[f],
                saturation(f)));
        }
        return new HealthReport(status, reasons, state.get(), Instant.ofEpochMilli(sampledAtMillis), agentHealth,
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
                next = System.nanoTime() + intervalNanos; // fell behind (a paused machine): do not catch up in a burst
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
        for (int f = 0; f < feedPublishers.length; f++)
        {
            final Feed publisher = feedPublishers[f];
            if (publisher.isRing())
            {
                // A ring publish counts nothing itself: its ring's sequence is the count, copied here (one writer).
                publisher.published.set(publisher.publishedCount());
            }
            feedDepth[f].set(publisher.depth());
            fullestDepth[f] = publisher.fullestDepth();
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
        final ObjectPool<?>[] known = knownPools;
        for (int p = 0; p < known.length; p++)
        {
            final ObjectPool<?> pool = known[p];
            poolCounters[p * 4].set(pool.created());
            poolCounters[p * 4 + 1].set(pool.free());
            poolCounters[p * 4 + 2].set(pool.inFlight());
            poolCounters[p * 4 + 3].set(pool.exhaustedCount());
        }
        long total = 0;
        for (int e = 0; e < errorCounters.length; e++)
        {
            total += errorCounters[e].get();
        }
        errors = total;
        errorRate = (total - errorsAtWindowStart(now)) / (windowNanos / 1e9);
        if (periodic)
        {
            pushWindow(now, total);
        }
        healthCounter.set(evaluate(now, null).ordinal());
    }

    /**
     * The verdict now, from the latest sample; fills {@link #agentStatus} and {@link #feedStatus}. Allocation-free
     * when {@code reasons} is null; otherwise says why the verdict is not UP.
     */
    private HealthStatus evaluate(final long now, final List<String> reasons)
    {
        HealthStatus status = HealthStatus.UP;
        final ServerState current = state.get();
        final boolean running = ServerState.RUNNING == current;
        if (!running)
        {
            status = HealthStatus.DOWN;
            if (null != reasons)
            {
                reasons.add("server '" + serverName + "' is " + current);
            }
        }
        for (int a = 0; a < agents.length; a++)
        {
            HealthStatus verdict = HealthStatus.UP;
            if (running)
            {
                final long since = now - lastMovedNanos[a];
                if (!agents[a].dispatching())
                {
                    verdict = HealthStatus.DOWN;
                    if (null != reasons)
                    {
                        reasons.add("agent '" + agents[a].config.name() + "' no longer dispatches (it stopped " +
                            "before the server did)");
                    }
                }
                else if (since >= staleNanos)
                {
                    verdict = since >= downNanos ? HealthStatus.DOWN : HealthStatus.DEGRADED;
                    if (null != reasons)
                    {
                        reasons.add("agent '" + agents[a].config.name() + "' has not completed a duty cycle for " +
                            millis(since) + " ms (" + (HealthStatus.DOWN == verdict ? "down after " +
                            healthConfig.agentDownAfter().toMillis() : "stale after " +
                            healthConfig.agentStaleAfter().toMillis()) + " ms): a handler may be blocked");
                    }
                }
            }
            agentStatus[a] = verdict;
            status = status.worst(verdict);
        }
        for (int f = 0; f < feedNames.length; f++)
        {
            final double saturation = saturation(f);
            final HealthStatus verdict =
                saturation >= healthConfig.queueSaturation() ? HealthStatus.DEGRADED : HealthStatus.UP;
            if (HealthStatus.UP != verdict && null != reasons)
            {
                reasons.add("feed '" + feedNames[f] + "': its fullest queue holds " + fullestDepth[f] + " of " +
                    feedCapacity[f] + " (" + Math.round(saturation * 100) + "%, threshold " +
                    Math.round(healthConfig.queueSaturation() * 100) + "%)");
            }
            feedStatus[f] = verdict;
            status = status.worst(verdict);
        }
        if (errorRate > healthConfig.errorRate())
        {
            status = status.worst(HealthStatus.DEGRADED);
            if (null != reasons)
            {
                reasons.add(String.format("error rate %.2f/s over the last %d ms (threshold %s/s); %d errors in all",
                    errorRate, healthConfig.errorRateWindow().toMillis(), healthConfig.errorRate(), errors));
            }
        }
        return status;
    }

    private double saturation(final int f)
    {
        return (double)fullestDepth[f] / feedCapacity[f];
    }

    /** Errors counted at the latest periodic sample at or before the window's start (the oldest kept otherwise). */
    private long errorsAtWindowStart(final long now)
    {
        final int size = windowTimes.length;
        final int oldest = windowSize < size ? 0 : windowNext;
        long base = windowErrors[oldest];
        for (int i = 0; i < windowSize; i++)
        {
            final int slot = (oldest + i) % size;
            if (windowTimes[slot] - (now - windowNanos) > 0)
            {
                break;
            }
            base = windowErrors[slot];
        }
        return base;
    }

    private void pushWindow(final long now, final long total)
    {
        windowTimes[windowNext] = now;
        windowErrors[windowNext] = total;
        windowNext = (windowNext + 1) % windowTimes.length;
        windowSize = Math.min(windowSize + 1, windowTimes.length);
    }

    /** Pools registered since the last look get counters; the registry only grows. Allocates, rarely. */
    private void findNewPools()
    {
        final List<ObjectPool<?>> all = pools.pools();
        knownPoolCount = all.size();
        final List<ObjectPool<?>> fresh = new ArrayList<>();
        for (final ObjectPool<?> pool : all)
        {
            if (!Arrays.asList(knownPools).contains(pool))
            {
                fresh.add(pool);
            }
        }
        if (fresh.isEmpty())
        {
            return;
        }
        fresh.sort((a, b) -> a.name().compareTo(b.name()));
        final ObjectPool<?>[] more = Arrays.copyOf(knownPools, knownPools.length + fresh.size());
        final SingleWriterCounter[] moreCounters = Arrays.copyOf(poolCounters, more.length * 4);
        for (int i = 0; i < fresh.size(); i++)
        {
            final int p = knownPools.length + i;
            final ObjectPool<?> pool = fresh.get(i);
            more[p] = pool;
            moreCounters[p * 4] = counters.newCounter(CounterType.POOL_CREATED, pool.name());
            moreCounters[p * 4 + 1] = counters.newCounter(CounterType.POOL_FREE, pool.name());
            moreCounters[p * 4 + 2] = counters.newCounter(CounterType.POOL_IN_FLIGHT, pool.name());
            moreCounters[p * 4 + 3] = counters.newCounter(CounterType.POOL_EXHAUSTED, pool.name());
        }
        knownPools = more;
        poolCounters = moreCounters;
    }

    private static int capacityOf(final ServerConfig config, final String feedName)
    {
        for (final FeedConfig feed : config.feeds())
        {
            if (feed.name().equals(feedName))
            {
                return feed.queueCapacity();
            }
        }
        throw new IllegalStateException("feed '" + feedName + "' has a publisher but no configuration");
    }

    private static long millis(final long nanos)
    {
        return TimeUnit.NANOSECONDS.toMillis(nanos);
    }
}
