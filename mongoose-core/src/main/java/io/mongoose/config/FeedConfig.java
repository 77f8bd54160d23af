package io.mongoose.config;

import io.mongoose.feed.FeedKind;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.feed.FeedSettings;
import io.mongoose.feed.FullQueuePolicy;
import io.mongoose.pool.PooledMessage;

import java.time.Duration;

/** One feed: a single-producer stream to a queue per subscribing agent group, or a {@link #ring(Class) ring}. */
public final class FeedConfig extends ConfigValue
{
    /** Default subscriber queue capacity. */
    public static final int DEFAULT_QUEUE_CAPACITY = 4096;
    /** Largest queue capacity, 2^24: 64 MiB of references per subscriber, more than any burst a feed should absorb. */
    public static final int MAX_QUEUE_CAPACITY = 1 << 24;
    /** What {@link #queueCapacity()} accepts: a power of two from 2 to {@link #MAX_QUEUE_CAPACITY}. */
    public static final IntRange QUEUE_CAPACITY_RANGE = IntRange.powersOfTwo("queueCapacity", 2, MAX_QUEUE_CAPACITY);
    /** Default bound on a lossless publish waiting for room. */
    public static final Duration DEFAULT_PUBLISH_TIMEOUT = Duration.ofSeconds(10);
    /** What {@link #publishTimeout()} accepts: a positive duration up to {@link ServerConfig#MAX_TIMEOUT}. */
    public static final DurationRange PUBLISH_TIMEOUT_RANGE =
        DurationRange.positiveUpTo("publishTimeout", ServerConfig.MAX_TIMEOUT);

    private final String name;
    private final FeedKind kind;
    private final int queueCapacity;
    private final FullQueuePolicy fullQueuePolicy;
    private final Duration publishTimeout;
    private final Class<? extends PooledMessage> ringType;

    private FeedConfig(
        final String name, final FeedKind kind, final int queueCapacity, final FullQueuePolicy fullQueuePolicy,
        final Duration publishTimeout, final Class<? extends PooledMessage> ringType)
    {
        this.name = name;
        this.kind = kind;
        this.queueCapacity = queueCapacity;
        this.fullQueuePolicy = fullQueuePolicy;
        this.publishTimeout = publishTimeout;
        this.ringType = ringType;
    }

    /** @return a named feed with the default capacity and the lossless back-off policy. */
    public static FeedConfig named(final String name)
    {
        return new FeedConfig(name, FeedKind.NAMED, DEFAULT_QUEUE_CAPACITY, FullQueuePolicy.BACKOFF,
            DEFAULT_PUBLISH_TIMEOUT, null);
    }

    /** @return a broadcast feed with the default capacity and the lossless back-off policy. */
    public static FeedConfig broadcast(final String name)
    {
        return new FeedConfig(name, FeedKind.BROADCAST, DEFAULT_QUEUE_CAPACITY, FullQueuePolicy.BACKOFF,
            DEFAULT_PUBLISH_TIMEOUT, null);
    }

    /** @return unique feed name. */
    public String name()
    {
        return name;
    }

    /** @return broadcast to every processor, or named subscribers only. */
    public FeedKind kind()
    {
        return kind;
    }

    /** @return capacity of each subscriber queue, or of the ring ({@link #QUEUE_CAPACITY_RANGE}). */
    public int queueCapacity()
    {
        return queueCapacity;
    }

    /** @return what a publish does when a subscriber queue is full. */
    public FullQueuePolicy fullQueuePolicy()
    {
        return fullQueuePolicy;
    }

    /** @return how long {@link FullQueuePolicy#BACKOFF} retries before failing ({@link #PUBLISH_TIMEOUT_RANGE}). */
    public Duration publishTimeout()
    {
        return publishTimeout;
    }

    /** @return for a ring feed, the one message type its ring carries; {@code null} for a queue feed. */
    public Class<? extends PooledMessage> ringType()
    {
        return ringType;
    }

    /** @return whether this is a ring feed ({@link #ring(Class)}). */
    public boolean isRing()
    {
        return null != ringType;
    }

    /** @return a copy with this subscriber queue (or ring) capacity. */
    public FeedConfig queueCapacity(final int capacity)
    {
        return new FeedConfig(name, kind, capacity, fullQueuePolicy, publishTimeout, ringType);
    }

    /** @return a copy with this full-queue policy. */
    public FeedConfig fullQueuePolicy(final FullQueuePolicy policy)
    {
        return new FeedConfig(name, kind, queueCapacity, policy, publishTimeout, ringType);
    }

    /** @return a copy with this bound on a lossless publish. */
    public FeedConfig publishTimeout(final Duration timeout)
    {
        return new FeedConfig(name, kind, queueCapacity, fullQueuePolicy, timeout, ringType);
    }

    /** @return a copy that is a ring feed of {@code type}, filled in place ({@link FeedPublisher#claim(Class)}). */
    public FeedConfig ring(final Class<? extends PooledMessage> type)
    {
        return new FeedConfig(name, kind, queueCapacity, fullQueuePolicy, publishTimeout, type);
    }

    /** @return what the feed needs of this config to run. */
    public FeedSettings settings()
    {
        return new FeedSettings(name, kind, fullQueuePolicy, publishTimeout);
    }

    @Override
    Object[] namesAndValues()
    {
        return new Object[] {"name", name, "kind", kind, "queueCapacity", queueCapacity, "fullQueuePolicy",
            fullQueuePolicy, "publishTimeout", publishTimeout, "ringType", ringType};
    }
}
