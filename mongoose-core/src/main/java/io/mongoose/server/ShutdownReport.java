package io.mongoose.server;

import java.util.Map;

/**
 * What {@link MongooseServer#stop()} found.
 *
 * @param drained            whether every queue emptied within the shutdown timeout.
 * @param undeliveredByFeed  per feed, messages still queued after the timeout; released without being handled.
 * @param leaksByType        per pool (named after its message type), messages still in flight after stop.
 * @param handlerErrors      handler and lifecycle errors over the server's life.
 * @param unhandled          messages no handler covered, over the server's life.
 */
public record ShutdownReport(
    boolean drained, Map<String, Long> undeliveredByFeed, Map<String, Long> leaksByType, long handlerErrors,
    long unhandled)
{
    /**
     * Copies the maps.
     */
    public ShutdownReport
    {
        undeliveredByFeed = Map.copyOf(undeliveredByFeed);
        leaksByType = Map.copyOf(leaksByType);
    }

    /**
     * @return whether every message was handled and every pooled message came home.
     */
    public boolean clean()
    {
        return drained && undeliveredByFeed.isEmpty() && leaksByType.isEmpty();
    }
}
