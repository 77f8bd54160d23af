package io.mongoose.server;

import io.mongoose.pool.LeakDetection;
import io.mongoose.pool.LeakSite;

import java.util.List;
import java.util.Map;

/**
 * What {@link MongooseServer#stop()} found.
 *
 * @param drained            whether every queue emptied within the shutdown timeout.
 * @param undeliveredByFeed  per feed, messages still queued after the timeout; released without being handled.
 * @param leaksByType        per pool (named after its message type), messages still in flight after stop.
 * @param handlerErrors      handler and lifecycle errors over the server's life.
 * @param unhandled          messages no handler covered, over the server's life.
 * @param leakSites          with {@link LeakDetection} on, the leaked messages grouped by where they were acquired,
 *                           most messages first; always empty when it is off (the counts are still in
 *                           {@code leaksByType}).
 */
public record ShutdownReport(
    boolean drained, Map<String, Long> undeliveredByFeed, Map<String, Long> leaksByType, long handlerErrors,
    long unhandled, List<LeakSite> leakSites)
{
    /**
     * Copies the maps and the list.
     */
    public ShutdownReport
    {
        undeliveredByFeed = Map.copyOf(undeliveredByFeed);
        leaksByType = Map.copyOf(leaksByType);
        leakSites = List.copyOf(leakSites);
    }

    /**
     * A report without acquisition sites, as when leak detection is off.
     *
     * @param drained           whether every queue emptied within the shutdown timeout.
     * @param undeliveredByFeed per feed, messages released without being handled.
     * @param leaksByType       per pool, messages still in flight after stop.
     * @param handlerErrors     handler and lifecycle errors over the server's life.
     * @param unhandled         messages no handler covered, over the server's life.
     */
    public ShutdownReport(
        final boolean drained, final Map<String, Long> undeliveredByFeed, final Map<String, Long> leaksByType,
        final long handlerErrors, final long unhandled)
    {
        this(drained, undeliveredByFeed, leaksByType, handlerErrors, unhandled, List.of());
    }

    /**
     * @return whether every message was handled and every pooled message came home.
     */
    public boolean clean()
    {
        return drained && undeliveredByFeed.isEmpty() && leaksByType.isEmpty() && leakSites.isEmpty();
    }

    /**
     * One line: the counters, and the number of leak sites when there are any (their stacks are logged separately
     * and are in {@link #leakSites()}), so a log line stays a line.
     */
    @Override
    public String toString()
    {
        return "ShutdownReport[drained=" + drained + ", undeliveredByFeed=" + undeliveredByFeed + ", leaksByType=" +
            leaksByType + ", handlerErrors=" + handlerErrors + ", unhandled=" + unhandled +
            (leakSites.isEmpty() ? "" : ", leakSites=" + leakSites.size()) + "]";
    }
}
