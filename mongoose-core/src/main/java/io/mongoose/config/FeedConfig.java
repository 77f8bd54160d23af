package io.mongoose.config;

import io.mongoose.feed.FeedKind;
import io.mongoose.feed.FeedSettings;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.feed.FullQueuePolicy;
import io.mongoose.pool.PooledMessage;

import java.time.Duration;

/**
 * One feed: a single-producer stream fanned out to one SPSC queue per subscribing agent group, or, for a ring feed,
 * carried in the feed's own ring of pooled messages to its one subscribing agent group (see {@link #ring(Class)}).
 *
 * @param name            unique feed name.
 * @param kind            broadcast to every processor, or named subscribers only.
 * @param queueCapacity   capacity of each subscriber queue (or of the ring): {@link #QUEUE_CAPACITY_RANGE}. Each queue
 *                        that leads into a pipe stage counts towards the pool its messages come from
 *                        ({@link io.mongoose.server.MongooseServer}, "Pools that cover their queues").
 * @param fullQueuePolicy what a publish does when a subscriber queue is full.
 * @param publishTimeout  how long {@link FullQueuePolicy#BACKOFF} retries before failing the publish:
 *                        {@link #PUBLISH_TIMEOUT_RANGE}.
 * @param ringType        for a ring feed, the one message type its ring carries; {@code null} for a queue feed.
 */
public record FeedConfig(
    String name, FeedKind kind, int queueCapacity, FullQueuePolicy fullQueuePolicy, Duration publishTimeout,
    Class<? extends PooledMessage> ringType)
{
    /** Default subscriber queue capacity. */
    public static final int DEFAULT_QUEUE_CAPACITY = 4096;
    /**
     * Largest queue capacity, 2^24: a queue of that many references is 64 MiB per subscriber, far more than any burst a
     * feed should absorb, while 2^30 ended in OutOfMemoryError when the server was built.
     */
    public static final int MAX_QUEUE_CAPACITY = 1 << 24;
    /** What {@link #queueCapacity()} accepts: a power of two from 2 to {@link #MAX_QUEUE_CAPACITY}. */
    public static final IntRange QUEUE_CAPACITY_RANGE = IntRange.powersOfTwo("queueCapacity", 2, MAX_QUEUE_CAPACITY);
    /** Default bound on a lossless publish waiting for room. */
    public static final Duration DEFAULT_PUBLISH_TIMEOUT = Duration.ofSeconds(10);
    /** What {@link #publishTimeout()} accepts: a positive duration up to {@link ServerConfig#MAX_TIMEOUT}. */
    public static final DurationRange PUBLISH_TIMEOUT_RANGE =
        DurationRange.positiveUpTo("publishTimeout", ServerConfig.MAX_TIMEOUT);

    /**
     * A queue feed.
     *
     * @param name            unique feed name.
     * @param kind            broadcast to every processor, or named subscribers only.
     * @param queueCapacity   capacity of each subscriber queue: {@link #QUEUE_CAPACITY_RANGE}.
     * @param fullQueuePolicy what a publish does when a subscriber queue is full.
     * @param publishTimeout  how long {@link FullQueuePolicy#BACKOFF} retries before failing the publish.
     */
    public FeedConfig(
        final String name, final FeedKind kind, final int queueCapacity, final FullQueuePolicy fullQueuePolicy,
        final Duration publishTimeout)
    {
        this(name, kind, queueCapacity, fullQueuePolicy, publishTimeout, null);
    }

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
     * @param capacity subscriber queue capacity (or the ring's): a power of two from 2 to {@link #MAX_QUEUE_CAPACITY}.
     * @return a copy with that capacity.
     * @throws IllegalArgumentException naming this feed, the value and {@link #QUEUE_CAPACITY_RANGE}.
     */
    public FeedConfig queueCapacity(final int capacity)
    {
        return new FeedConfig(name, kind, QUEUE_CAPACITY_RANGE.require(owner(), capacity), fullQueuePolicy,
            publishTimeout, ringType);
    }

    /**
     * @param policy full-queue policy.
     * @return a copy with that policy.
     */
    public FeedConfig fullQueuePolicy(final FullQueuePolicy policy)
    {
        return new FeedConfig(name, kind, queueCapacity, policy, publishTimeout, ringType);
    }

    /**
     * @param timeout bound on a lossless publish: a positive duration up to {@link ServerConfig#MAX_TIMEOUT}.
     * @return a copy with that timeout.
     * @throws IllegalArgumentException naming this feed, the value and {@link #PUBLISH_TIMEOUT_RANGE}.
     * @throws NullPointerException     if {@code timeout} is null.
     */
    public FeedConfig publishTimeout(final Duration timeout)
    {
        return new FeedConfig(name, kind, queueCapacity, fullQueuePolicy,
            PUBLISH_TIMEOUT_RANGE.require(owner(), timeout), ringType);
    }

    /**
     * Make this a ring feed: its messages, all of {@code type}, live in the feed's own ring of {@link #queueCapacity()}
     * messages taken from {@code type}'s pool when the server is built, and the producer fills them in place
     * ({@link FeedPublisher#claim(Class)}, then {@link FeedPublisher#publish(PooledMessage)}). The LMAX Disruptor's
     * model: no reference passes through a queue and the agent writes nothing into a message it only reads, which is
     * the fastest path Mongoose has (see {@code docs/architecture.md}, "Ring feeds"). One agent group receives a ring
     * feed (any number of its processors); handlers receive the same typed messages and may retain them.
     *
     * @param type the message type the ring carries; its pool must be registered and hold at least the capacity free.
     * @return a copy that is a ring feed of {@code type}.
     */
    public FeedConfig ring(final Class<? extends PooledMessage> type)
    {
        return new FeedConfig(name, kind, queueCapacity, fullQueuePolicy, publishTimeout, type);
    }

    /**
     * @return whether this is a ring feed ({@link #ring(Class)}).
     */
    public boolean isRing()
    {
        return null != ringType;
    }

    /** How a wither's error names this feed. */
    private String owner()
    {
        return "feed " + ConfigProblem.show(name);
    }

    /**
     * @return what the feed needs of this config to run.
     */
    public FeedSettings settings()
    {
        return new FeedSettings(name, kind, fullQueuePolicy, publishTimeout);
    }
}
