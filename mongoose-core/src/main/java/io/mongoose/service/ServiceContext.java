package io.mongoose.service;

import io.mongoose.feed.FeedPublisher;
import io.mongoose.pool.PoolRegistry;

import java.util.List;

/** Where a service runs: its name, its server, the other services, the message pools and its feeds' publishers. */
public interface ServiceContext extends ServiceLookup
{
    /** @return the service's registered name. */
    String serviceName();

    /** @return the server's name. */
    String serverName();

    /** @return the registry of the server's message pools (checked for leaks at stop). */
    PoolRegistry pools();

    /**
     * @return the publisher of a feed the service declared (throws naming them for another), for its agent thread
     *         only; the feed accepts messages once the server is running.
     */
    FeedPublisher publisher(String feed);

    /** @return the feeds this service declared it publishes, in the order declared. */
    List<String> publishedFeeds();
}
