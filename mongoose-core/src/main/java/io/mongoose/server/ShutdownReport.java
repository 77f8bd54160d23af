package io.mongoose.server;

import io.mongoose.pool.LeakDetection;
import io.mongoose.pool.LeakSite;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * What {@link MongooseServer#stop()} found; the counts of errors, unhandled deliveries and invalid releases are over
 * the server's life.
 *
 * @param undeliveredByFeed per feed, messages still queued after the timeout; released without being handled.
 * @param leaksByType       per pool (named after its message type), messages out of the pool when stop looked.
 * @param unstoppedAgents   per agent group whose thread did not end in time, why; its queues' messages are leaks.
 * @param leakSites         leaked messages by acquisition site, most first; empty unless {@link LeakDetection} is on.
 */
public record ShutdownReport(
    boolean drained, Map<String, Long> undeliveredByFeed, Map<String, Long> leaksByType, long handlerErrors,
    long unhandled, long invalidReleases, Map<String, String> unstoppedAgents, List<LeakSite> leakSites)
{
    /** Copies the maps and the list. */
    public ShutdownReport
    {
        undeliveredByFeed = Map.copyOf(undeliveredByFeed);
        leaksByType = Map.copyOf(leaksByType);
        unstoppedAgents = Map.copyOf(unstoppedAgents);
        leakSites = List.copyOf(leakSites);
    }

    /** @return whether every message was handled and came home, and every agent thread ended: no figure is amiss. */
    public boolean clean()
    {
        return drained && undeliveredByFeed.isEmpty() && leaksByType.isEmpty() && 0 == handlerErrors &&
            0 == unhandled && 0 == invalidReleases && unstoppedAgents.isEmpty() && leakSites.isEmpty();
    }

    /** One line naming every figure that makes the report unclean; leak sites only counted, so it stays a line. */
    @Override
    public String toString()
    {
        final List<String> found = Stream.of(
            drained ? null : "not drained within the shutdown timeout",
            undeliveredByFeed.isEmpty() ? null : "undelivered " + undeliveredByFeed,
            leaksByType.isEmpty() ? null : "leaked " + leaksByType,
            0 == handlerErrors ? null : handlerErrors + " handler errors",
            0 == unhandled ? null : unhandled + " unhandled",
            0 == invalidReleases ? null : invalidReleases + " invalid releases",
            unstoppedAgents.isEmpty() ? null : "agents not stopped " + unstoppedAgents,
            leakSites.isEmpty() ? null : leakSites.size() + " leak sites").filter(Objects::nonNull).toList();
        return "ShutdownReport[" + (found.isEmpty() ? "clean" : String.join(", ", found)) + "]";
    }
}
