package io.mongoose.server;

import io.mongoose.pool.LeakDetection;
import io.mongoose.pool.LeakReport;
import io.mongoose.pool.LeakSite;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolRegistry;

import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A server's account of its pool registry: the server's leak and in-flight counts are the registry's, so a started
 * server holds its registry exclusively; at stop, the messages still out of its pools are leaks, and releases without
 * a matching reference since start are invalid releases. Claim and release run on the thread that starts or stops the
 * server; {@link #suspects} on any thread.
 */
final class PoolAudit
{
    private static final System.Logger LOG = System.getLogger("io.mongoose.server");
    /** The registries of started servers, each with its server's name. */
    private static final Map<PoolRegistry, String> REGISTRIES_IN_USE = new IdentityHashMap<>();

    private final String serverName;
    private final PoolRegistry pools;
    /** Per pool, its invalid releases when the server started. */
    private final Map<ObjectPool<?>, Long> invalidReleasesAtStart = new IdentityHashMap<>();

    /** What the leak check at stop found: counts per pool, and acquisition sites when detection is on. */
    record Leaks(Map<String, Long> byType, List<LeakSite> sites)
    {
    }

    PoolAudit(final String serverName, final PoolRegistry pools)
    {
        this.serverName = serverName;
        this.pools = pools;
    }

    /**
     * Claim the registry for this server and note each pool's invalid releases so far.
     *
     * @throws IllegalStateException if another started server holds the registry.
     */
    void claim()
    {
        synchronized (REGISTRIES_IN_USE)
        {
            final String user = REGISTRIES_IN_USE.putIfAbsent(pools, serverName);
            if (null != user)
            {
                throw new IllegalStateException("server '" + serverName + "': pool registry '" + pools.name() +
                    "' is in use by started server '" + user + "'; each server counts leaks and messages in flight " +
                    "over its registry's pools, so two started servers cannot share one. Give each its own: " +
                    "MongooseServer.builder().poolRegistry(new PoolRegistry(\"" + serverName + "\"))");
            }
        }
        for (final ObjectPool<?> pool : pools.pools())
        {
            invalidReleasesAtStart.put(pool, pool.stats().invalidReleases());
        }
    }

    /** Free the registry for another server. */
    void release()
    {
        synchronized (REGISTRIES_IN_USE)
        {
            REGISTRIES_IN_USE.remove(pools, serverName);
        }
    }

    long invalidReleasesSinceStart()
    {
        long count = 0;
        for (final ObjectPool<?> pool : pools.pools())
        {
            count += pool.stats().invalidReleases() - invalidReleasesAtStart.getOrDefault(pool, 0L);
        }
        return count;
    }

    /**
     * Count every pool's messages in flight, logging a WARNING per pool that has any; with leak detection on, also
     * group them by acquisition site and log one WARNING per site (a loop that leaks many messages is one entry).
     */
    Leaks leaks()
    {
        final Map<String, Long> byType = new TreeMap<>();
        for (final ObjectPool<?> pool : pools.pools())
        {
            final long inFlight = pool.inFlight();
            if (inFlight > 0)
            {
                byType.put(pool.name(), inFlight);
                LOG.log(System.Logger.Level.WARNING, "server '" + serverName + "': pool '" + pool.name() + "' (" +
                    pool.type().getName() + ") has " + inFlight + " messages in flight after stop: leaked" +
                    (LeakDetection.ENABLED ? "" : " (run with -D" + LeakDetection.PROPERTY +
                        "=true to see where they were acquired)"));
            }
        }
        if (!LeakDetection.ENABLED || byType.isEmpty())
        {
            return new Leaks(byType, List.of());
        }
        final List<LeakSite> sites = LeakSite.group(suspects(Duration.ZERO));
        for (final LeakSite site : sites)
        {
            LOG.log(System.Logger.Level.WARNING, "server '" + serverName + "': leaked " + site.describe());
        }
        return new Leaks(byType, sites);
    }

    /** Messages of the registry's pools in flight for at least {@code age}, oldest first, aged at one instant. */
    List<LeakReport> suspects(final Duration age)
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
}
