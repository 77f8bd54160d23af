package io.mongoose.server;

import java.time.Duration;

/**
 * One feed: a single-producer stream fanned out to one SPSC queue per subscribing agent group.
 *
 * @param name            unique feed name.
 * @param kind            broadcast to every processor, or named subscribers only.
 * @param queueCapacity   capacity of each subscriber queue; a power of two, at least 2.
 * @param fullQueuePolicy what a publish does when a subscriber queue is full.
 * @param publishTimeout  how long {@link FullQueuePolicy#BACKOFF} retries before failing the publish.
 */
public record FeedConfig(
    String name, FeedKind kind, int queueCapacity, FullQueuePolicy fullQueuePolicy, Duration publishTimeout)
{
    /** Default subscriber queue capacity. */
    public static final int DEFAULT_QUEUE_CAPACITY = 4096;
    /** Default bound on a lossless publish waiting for room. */
    public static final Duration DEFAULT_PUBLISH_TIMEOUT = Duration.ofSeconds(10);

    /**
     * @param name feed name.
     * @return a named feed with default capacity, lossless back-off policy.
     */
    public static FeedConfig named(final String name)
    {
        return new FeedConfig(name, FeedKind.NAMED, DEFAULT_QUEUE_CAPACITY, FullQueuePolicy.BACKOFF,
            DEFAULT_PUBLISH_TIMEOUT);
    }

    /**
     * @param name feed name.
     * @return a broadcast feed with default capacity, lossless back-off policy.
     */
    public static FeedConfig broadcast(final String name)
    {
        return new FeedConfig(name, FeedKind.BROADCAST, DEFAULT_QUEUE_CAPACITY, FullQueuePolicy.BACKOFF,
            DEFAULT_PUBLISH_TIMEOUT);
    }

    /**
     * @param capacity subscriber queue capacity (validated when the server is built).
     * @return a copy with that capacity.
     */
    public FeedConfig queueCapacity(final int capacity)
    {
        return new FeedConfig(name, kind, capacity, fullQueuePolicy, publishTimeout);
    }

    /**
     * @param policy full-queue policy.
     * @return a copy with that policy.
     */
    public FeedConfig fullQueuePolicy(final FullQueuePolicy policy)
    {
        return new FeedConfig(name, kind, queueCapacity, policy, publishTimeout);
    }

    /**
     * @param timeout bound on a lossless publish.
     * @return a copy with that timeout.
     */
    public FeedConfig publishTimeout(final Duration timeout)
    {
        return new FeedConfig(name, kind, queueCapacity, fullQueuePolicy, timeout);
    }
}
