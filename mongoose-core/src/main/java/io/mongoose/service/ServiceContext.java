package io.mongoose.service;

import io.mongoose.feed.FeedPublisher;
import io.mongoose.pool.PoolRegistry;

import java.util.List;

/**
 * What a service learns about where it runs: its name, its server, the other services, the server's message pools,
 * and, for an {@link AgentService}, the publishers of the feeds it declared.
 */
public interface ServiceContext extends ServiceLookup
{
    /** @return the service's registered name. */
    String serviceName();

    /** @return the server's name. */
    String serverName();

    /** @return the registry the server's message pools live in (checked for leaks at stop). */
    PoolRegistry pools();

    /**
     * The publisher of a feed this service declared it publishes. Only the service's agent thread may publish through
     * it, from {@link AgentService#doWork()}; the feed accepts messages once the server is running.
     *
     * @param feed a feed named in the service's {@code publishes}.
     * @return its publisher.
     * @throws IllegalArgumentException if the service did not declare that feed (naming the ones it declared).
     */
    FeedPublisher publisher(String feed);

    /** @return the feeds this service declared it publishes, in the order declared. */
    List<String> publishedFeeds();
}
