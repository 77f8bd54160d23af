package io.mongoose.config;

import io.mongoose.feed.FeedKind;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.feed.FeedSettings;
import io.mongoose.feed.FullQueuePolicy;
import io.mongoose.pool.PooledMessage;

import java.time.Duration;
import java.util.Objects;

/**
 * One feed: a single-producer stream fanned out to one SPSC queue per subscribing agent group, or, for a ring feed,
 * carried in the feed's own ring of pooled messages to its one subscribing agent group (see {@link #ring(Class)}).
 *
 * <p>Made with {@link #named(String)} or {@link #broadcast(String)} and changed with the withers, each of which
 * returns a copy and refuses a value out of its setting's range at the call, e.g.
 * {@code FeedConfig.named("quotes").queueCapacity(1024).fullQueuePolicy(FullQueuePolicy.DROP)}. A {@link #builder()}
 * checks nothing, for front ends that leave every check to {@link ConfigValidator}.
 *
 * <p>A value: equal to another feed config with equal settings.
 */
public final class FeedConfig
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

    private final String name;
    private final FeedKind kind;
    private final int queueCapacity;
    private final FullQueuePolicy fullQueuePolicy;
    private final Duration publishTimeout;
    private final Class<? extends PooledMessage> ringType;

    /** Takes every value as given: the withers check theirs, the validator the rest. */
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

    /**
     * @param name feed name.
     * @return a named feed with default capacity, lossless back-off policy.
     */
    public static FeedConfig named(final String name)
    {
        return new FeedConfig(name, FeedKind.NAMED, DEFAULT_QUEUE_CAPACITY, FullQueuePolicy.BACKOFF,
            DEFAULT_PUBLISH_TIMEOUT, null);
    }

    /**
     * @param name feed name.
     * @return a broadcast feed with default capacity, lossless back-off policy.
     */
    public static FeedConfig broadcast(final String name)
    {
        return new FeedConfig(name, FeedKind.BROADCAST, DEFAULT_QUEUE_CAPACITY, FullQueuePolicy.BACKOFF,
            DEFAULT_PUBLISH_TIMEOUT, null);
    }

    /**
     * @return a builder that starts from {@code named(null)}'s settings and checks none of the values it is given.
     */
    public static Builder builder()
    {
        return new Builder(named(null));
    }

    /**
     * @return a builder that starts from this feed's settings.
     */
    public Builder toBuilder()
    {
        return new Builder(this);
    }

    /**
     * @return unique feed name.
     */
    public String name()
    {
        return name;
    }

    /**
     * @return broadcast to every processor, or named subscribers only.
     */
    public FeedKind kind()
    {
        return kind;
    }

    /**
     * @return capacity of each subscriber queue (or of the ring): {@link #QUEUE_CAPACITY_RANGE}. Each queue that leads
     *         into a pipe stage counts towards the pool its messages come from
     *         ({@link io.mongoose.server.MongooseServer}, "Pools that cover their queues").
     */
    public int queueCapacity()
    {
        return queueCapacity;
    }

    /**
     * @return what a publish does when a subscriber queue is full.
     */
    public FullQueuePolicy fullQueuePolicy()
    {
        return fullQueuePolicy;
    }

    /**
     * @return how long {@link FullQueuePolicy#BACKOFF} retries before failing the publish:
     *         {@link #PUBLISH_TIMEOUT_RANGE}.
     */
    public Duration publishTimeout()
    {
        return publishTimeout;
    }

    /**
     * @return for a ring feed, the one message type its ring carries; {@code null} for a queue feed.
     */
    public Class<? extends PooledMessage> ringType()
    {
        return ringType;
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

    /**
     * @param o another object.
     * @return whether it is a feed config with equal settings.
     */
    @Override
    public boolean equals(final Object o)
    {
        return this == o || o instanceof FeedConfig that && queueCapacity == that.queueCapacity &&
            Objects.equals(name, that.name) && kind == that.kind && fullQueuePolicy == that.fullQueuePolicy &&
            Objects.equals(publishTimeout, that.publishTimeout) && Objects.equals(ringType, that.ringType);
    }

    /**
     * @return a hash of every setting, consistent with {@link #equals(Object)}.
     */
    @Override
    public int hashCode()
    {
        return Objects.hash(name, kind, queueCapacity, fullQueuePolicy, publishTimeout, ringType);
    }

    /**
     * @return every setting, e.g. {@code FeedConfig[name=quotes, kind=NAMED, queueCapacity=4096, ...]}.
     */
    @Override
    public String toString()
    {
        return "FeedConfig[name=" + name + ", kind=" + kind + ", queueCapacity=" + queueCapacity +
            ", fullQueuePolicy=" + fullQueuePolicy + ", publishTimeout=" + publishTimeout + ", ringType=" + ringType +
            "]";
    }

    /**
     * Sets any value and checks none, so a front end that reads settings from elsewhere (the YAML reader) can hand
     * whatever it read to {@link ConfigValidator}, which reports every problem at once with its path. Code that writes
     * a feed uses {@link #named(String)}, {@link #broadcast(String)} and the withers, which refuse a bad value at the
     * call.
     */
    public static final class Builder
    {
        private String name;
        private FeedKind kind;
        private int queueCapacity;
        private FullQueuePolicy fullQueuePolicy;
        private Duration publishTimeout;
        private Class<? extends PooledMessage> ringType;

        private Builder(final FeedConfig from)
        {
            name = from.name;
            kind = from.kind;
            queueCapacity = from.queueCapacity;
            fullQueuePolicy = from.fullQueuePolicy;
            publishTimeout = from.publishTimeout;
            ringType = from.ringType;
        }

        /**
         * @param feedName unique feed name.
         * @return this builder.
         */
        public Builder name(final String feedName)
        {
            name = feedName;
            return this;
        }

        /**
         * @param feedKind broadcast to every processor, or named subscribers only.
         * @return this builder.
         */
        public Builder kind(final FeedKind feedKind)
        {
            kind = feedKind;
            return this;
        }

        /**
         * @param capacity capacity of each subscriber queue (or of the ring).
         * @return this builder.
         */
        public Builder queueCapacity(final int capacity)
        {
            queueCapacity = capacity;
            return this;
        }

        /**
         * @param policy what a publish does when a subscriber queue is full.
         * @return this builder.
         */
        public Builder fullQueuePolicy(final FullQueuePolicy policy)
        {
            fullQueuePolicy = policy;
            return this;
        }

        /**
         * @param timeout how long {@link FullQueuePolicy#BACKOFF} retries before failing the publish.
         * @return this builder.
         */
        public Builder publishTimeout(final Duration timeout)
        {
            publishTimeout = timeout;
            return this;
        }

        /**
         * @param type the one message type a ring feed carries; {@code null} for a queue feed.
         * @return this builder.
         */
        public Builder ringType(final Class<? extends PooledMessage> type)
        {
            ringType = type;
            return this;
        }

        /**
         * @return a feed config with the values given, checked by no one yet.
         */
        public FeedConfig build()
        {
            return new FeedConfig(name, kind, queueCapacity, fullQueuePolicy, publishTimeout, ringType);
        }
    }
}
