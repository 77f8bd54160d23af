package io.mongoose.server;

import io.mongoose.pool.LeakDetection;
import io.mongoose.pool.LeakReport;
import io.mongoose.pool.LeakSite;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolRegistry;

import java.time.Duration;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** A server's account of the pool registry it holds exclusively while started: leaks and invalid releases. */
final class PoolAudit
{
    private static final System.Logger LOG = System.getLogger("io.mongoose.server");
    /** The registries of started servers, each with its server's name. */
    private static final Map<PoolRegistry, String> REGISTRIES_IN_USE = new IdentityHashMap<>();

    private final String serverName;
    private final PoolRegistry pools;
    /** Per pool, its invalid releases when the server started. */
    private final Map<ObjectPool<?>, Long> invalidReleasesAtStart = new IdentityHashMap<>();

    PoolAudit(final String serverName, final PoolRegistry pools)
    {
        this.serverName = serverName;
        this.pools = pools;
    }

    /** Claim the registry, unless another started server holds it, and note each pool's invalid releases so far. */
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

    /** The shutdown report, each message out of its pool logged as a leak; frees the registry for another server. */
    ShutdownReport report(
        final boolean drained, final Map<String, Long> undelivered, final long errors, final long unhandled,
        final Map<String, String> notEnded)
    {
        final Map<String, Long> leaks = new TreeMap<>();
        for (final ObjectPool<?> pool : pools.pools())
        {
            final long inFlight = pool.inFlight();
            if (inFlight > 0)
            {
                leaks.put(pool.name(), inFlight);
                LOG.log(System.Logger.Level.WARNING, "server '" + serverName + "': pool '" + pool.name() + "' (" +
                    pool.type().getName() + ") has " + inFlight + " messages in flight after stop: leaked" +
                    (LeakDetection.ENABLED ? "" : " (run with -D" + LeakDetection.PROPERTY +
                        "=true to see where they were acquired)"));
            }
        }
        final List<LeakSite> sites =
            LeakDetection.ENABLED && !leaks.isEmpty() ? LeakSite.group(suspects(Duration.ZERO)) : List.of();
        sites.forEach(site -> LOG.log(System.Logger.Level.WARNING, "server '" + serverName + "': leaked " +
            site.describe()));
        final long invalidReleases = pools.pools().stream()
            .mapToLong(pool -> pool.stats().invalidReleases() - invalidReleasesAtStart.getOrDefault(pool, 0L)).sum();
        synchronized (REGISTRIES_IN_USE)
        {
            REGISTRIES_IN_USE.remove(pools, serverName);
        }
        return new ShutdownReport(drained, undelivered, leaks, errors, unhandled, invalidReleases, notEnded, sites);
    }

    /** Messages of the registry's pools in flight for at least {@code age}, oldest first, aged at one instant. */
    List<LeakReport> suspects(final Duration age)
    {
        final long now = System.nanoTime();
        return pools.pools().stream().flatMap(pool -> pool.inFlightOlderThan(age, now).stream())
            .sorted(Comparator.comparing(LeakReport::age).reversed()).toList();
    }
}
