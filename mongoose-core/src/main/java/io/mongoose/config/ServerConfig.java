package io.mongoose.config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * The whole server model: what the server builder and {@code io.mongoose.yaml.YamlConfig} produce and what
 * {@link ConfigValidator} checks before anything starts.
 *
 * <p>Made with {@link #named(String)} and changed with the withers, each of which returns a copy and refuses a value
 * out of its setting's range at the call, e.g.
 * {@code ServerConfig.named("md").feed(FeedConfig.named("quotes")).agentGroup(pricing).startTimeout(ofSeconds(5))};
 * {@link io.mongoose.server.MongooseServer#builder()} assembles the same model and builds the server from it. A
 * {@link #builder()} checks nothing, for front ends that leave every check to {@link ConfigValidator}.
 *
 * <p>A value: equal to another server config with equal settings.
 */
public final class ServerConfig
{
    /** Default server name. */
    public static final String DEFAULT_NAME = "mongoose";
    /** Default start timeout. */
    public static final Duration DEFAULT_START_TIMEOUT = Duration.ofSeconds(30);
    /** Default drain timeout at stop. */
    public static final Duration DEFAULT_SHUTDOWN_TIMEOUT = Duration.ofSeconds(10);
    /**
     * Longest timeout accepted (start, shutdown, publish): a day. A longer one is a unit mistake rather than a bound,
     * and the longest a {@link Duration} holds fails with {@link ArithmeticException} when made a nanosecond deadline.
     */
    public static final Duration MAX_TIMEOUT = Duration.ofHours(24);
    /** What {@link #startTimeout()} accepts: a positive duration up to {@link #MAX_TIMEOUT}. */
    public static final DurationRange START_TIMEOUT_RANGE = DurationRange.positiveUpTo("startTimeout", MAX_TIMEOUT);
    /** What {@link #shutdownTimeout()} accepts: a positive duration up to {@link #MAX_TIMEOUT}. */
    public static final DurationRange SHUTDOWN_TIMEOUT_RANGE =
        DurationRange.positiveUpTo("shutdownTimeout", MAX_TIMEOUT);

    /** How a wither's error names what its setting belongs to, as the server builder's errors do. */
    private static final String OWNER = "server";

    private final String name;
    private final List<FeedConfig> feeds;
    private final List<AgentGroupConfig> agentGroups;
    private final Duration startTimeout;
    private final Duration shutdownTimeout;
    private final List<ServiceConfig> services;
    private final boolean latencyMonitoring;
    private final CountersConfig counters;
    private final HealthConfig health;

    /** Copies the lists, a null list as an empty one; null entries are kept so validation can name them. */
    private ServerConfig(
        final String name, final List<FeedConfig> feeds, final List<AgentGroupConfig> agentGroups,
        final Duration startTimeout, final Duration shutdownTimeout, final List<ServiceConfig> services,
        final boolean latencyMonitoring, final CountersConfig counters, final HealthConfig health)
    {
        this.name = name;
        this.feeds = copy(feeds);
        this.agentGroups = copy(agentGroups);
        this.startTimeout = startTimeout;
        this.shutdownTimeout = shutdownTimeout;
        this.services = copy(services);
        this.latencyMonitoring = latencyMonitoring;
        this.counters = counters;
        this.health = health;
    }

    /**
     * @param name server name, used in logs and errors.
     * @return a server with no feeds, agent groups or services yet, the default timeouts, latency monitoring off by
     *         default, and the default counters and health thresholds.
     */
    public static ServerConfig named(final String name)
    {
        return new ServerConfig(name, List.of(), List.of(), DEFAULT_START_TIMEOUT, DEFAULT_SHUTDOWN_TIMEOUT, List.of(),
            false, CountersConfig.defaults(), HealthConfig.defaults());
    }

    /**
     * @return a builder that starts from {@code named(DEFAULT_NAME)}'s settings and checks none of the values it is
     *         given.
     */
    public static Builder builder()
    {
        return new Builder(named(DEFAULT_NAME));
    }

    /**
     * @return a builder that starts from this server's settings.
     */
    public Builder toBuilder()
    {
        return new Builder(this);
    }

    /**
     * @return server name, used in logs and errors.
     */
    public String name()
    {
        return name;
    }

    /**
     * @return feeds, each with a single producer; unmodifiable.
     */
    public List<FeedConfig> feeds()
    {
        return feeds;
    }

    /**
     * @return agent groups with their processors; unmodifiable.
     */
    public List<AgentGroupConfig> agentGroups()
    {
        return agentGroups;
    }

    /**
     * @return how long {@link io.mongoose.server.MongooseServer#start()} waits for every processor to start
     *         ({@link #START_TIMEOUT_RANGE}).
     */
    public Duration startTimeout()
    {
        return startTimeout;
    }

    /**
     * @return how long {@link io.mongoose.server.MongooseServer#stop()} waits for queues to drain
     *         ({@link #SHUTDOWN_TIMEOUT_RANGE}).
     */
    public Duration shutdownTimeout()
    {
        return shutdownTimeout;
    }

    /**
     * @return user services, started in this order before the agents and stopped in reverse after them;
     *         unmodifiable.
     */
    public List<ServiceConfig> services()
    {
        return services;
    }

    /**
     * @return whether processors record publish-to-handler latency unless their own
     *         {@link ProcessorConfig#latencyMonitoring()} says otherwise.
     */
    public boolean latencyMonitoring()
    {
        return latencyMonitoring;
    }

    /**
     * @return the live counters file and its sampling ({@link CountersConfig#defaults()}: on).
     */
    public CountersConfig counters()
    {
        return counters;
    }

    /**
     * @return the thresholds of {@link io.mongoose.server.MongooseServer#health()}.
     */
    public HealthConfig health()
    {
        return health;
    }

    /**
     * @param feed one more feed.
     * @return a copy with it after the others.
     */
    public ServerConfig feed(final FeedConfig feed)
    {
        return new ServerConfig(name, plus(feeds, feed), agentGroups, startTimeout, shutdownTimeout, services,
            latencyMonitoring, counters, health);
    }

    /**
     * @param group one more agent group.
     * @return a copy with it after the others.
     */
    public ServerConfig agentGroup(final AgentGroupConfig group)
    {
        return new ServerConfig(name, feeds, plus(agentGroups, group), startTimeout, shutdownTimeout, services,
            latencyMonitoring, counters, health);
    }

    /**
     * @param service one more service, started after the others and stopped before them.
     * @return a copy with it after the others.
     */
    public ServerConfig service(final ServiceConfig service)
    {
        return new ServerConfig(name, feeds, agentGroups, startTimeout, shutdownTimeout, plus(services, service),
            latencyMonitoring, counters, health);
    }

    /**
     * @param timeout how long start() waits for processors to start: {@link #START_TIMEOUT_RANGE}.
     * @return a copy with that timeout.
     * @throws IllegalArgumentException naming the value and the range.
     * @throws NullPointerException     if {@code timeout} is null.
     */
    public ServerConfig startTimeout(final Duration timeout)
    {
        return new ServerConfig(name, feeds, agentGroups, START_TIMEOUT_RANGE.require(OWNER, timeout), shutdownTimeout,
            services, latencyMonitoring, counters, health);
    }

    /**
     * @param timeout how long stop() waits for queues to drain: {@link #SHUTDOWN_TIMEOUT_RANGE}.
     * @return a copy with that timeout.
     * @throws IllegalArgumentException naming the value and the range.
     * @throws NullPointerException     if {@code timeout} is null.
     */
    public ServerConfig shutdownTimeout(final Duration timeout)
    {
        return new ServerConfig(name, feeds, agentGroups, startTimeout, SHUTDOWN_TIMEOUT_RANGE.require(OWNER, timeout),
            services, latencyMonitoring, counters, health);
    }

    /**
     * @param on whether every processor records its publish-to-handler latency unless its own
     *           {@link ProcessorConfig#latencyMonitoring(boolean)} says otherwise.
     * @return a copy with that default.
     */
    public ServerConfig latencyMonitoring(final boolean on)
    {
        return new ServerConfig(name, feeds, agentGroups, startTimeout, shutdownTimeout, services, on, counters,
            health);
    }

    /**
     * @param countersConfig the live counters file, e.g. {@code CountersConfig.disabled()}.
     * @return a copy using it.
     */
    public ServerConfig counters(final CountersConfig countersConfig)
    {
        return new ServerConfig(name, feeds, agentGroups, startTimeout, shutdownTimeout, services, latencyMonitoring,
            countersConfig, health);
    }

    /**
     * @param thresholds the thresholds of {@link io.mongoose.server.MongooseServer#health()}.
     * @return a copy using them.
     */
    public ServerConfig health(final HealthConfig thresholds)
    {
        return new ServerConfig(name, feeds, agentGroups, startTimeout, shutdownTimeout, services, latencyMonitoring,
            counters, thresholds);
    }

    private static <T> List<T> copy(final List<T> list)
    {
        return null == list ? List.of() : Collections.unmodifiableList(new ArrayList<>(list));
    }

    private static <T> List<T> plus(final List<T> list, final T more)
    {
        final List<T> longer = new ArrayList<>(list);
        longer.add(more);
        return longer;
    }

    /**
     * @param o another object.
     * @return whether it is a server config with equal settings.
     */
    @Override
    public boolean equals(final Object o)
    {
        return this == o || o instanceof ServerConfig that && latencyMonitoring == that.latencyMonitoring &&
            Objects.equals(name, that.name) && feeds.equals(that.feeds) && agentGroups.equals(that.agentGroups) &&
            Objects.equals(startTimeout, that.startTimeout) && Objects.equals(shutdownTimeout, that.shutdownTimeout) &&
            services.equals(that.services) && Objects.equals(counters, that.counters) &&
            Objects.equals(health, that.health);
    }

    /**
     * @return a hash of every setting, consistent with {@link #equals(Object)}.
     */
    @Override
    public int hashCode()
    {
        return Objects.hash(name, feeds, agentGroups, startTimeout, shutdownTimeout, services, latencyMonitoring,
            counters, health);
    }

    /**
     * @return every setting, e.g. {@code ServerConfig[name=md, feeds=[FeedConfig[...]], ...]}.
     */
    @Override
    public String toString()
    {
        return "ServerConfig[name=" + name + ", feeds=" + feeds + ", agentGroups=" + agentGroups + ", startTimeout=" +
            startTimeout + ", shutdownTimeout=" + shutdownTimeout + ", services=" + services + ", latencyMonitoring=" +
            latencyMonitoring + ", counters=" + counters + ", health=" + health + "]";
    }

    /**
     * Sets any value and checks none, so a front end that reads settings from elsewhere (the YAML reader) can hand
     * whatever it read to {@link ConfigValidator}, which reports every problem at once with its path. Code that writes
     * a server uses {@link io.mongoose.server.MongooseServer#builder()}, or {@link #named(String)} and the withers,
     * which refuse a bad value at the call.
     */
    public static final class Builder
    {
        private String name;
        private List<FeedConfig> feeds;
        private List<AgentGroupConfig> agentGroups;
        private Duration startTimeout;
        private Duration shutdownTimeout;
        private List<ServiceConfig> services;
        private boolean latencyMonitoring;
        private CountersConfig counters;
        private HealthConfig health;

        private Builder(final ServerConfig from)
        {
            name = from.name;
            feeds = from.feeds;
            agentGroups = from.agentGroups;
            startTimeout = from.startTimeout;
            shutdownTimeout = from.shutdownTimeout;
            services = from.services;
            latencyMonitoring = from.latencyMonitoring;
            counters = from.counters;
            health = from.health;
        }

        /**
         * @param serverName used in logs and errors.
         * @return this builder.
         */
        public Builder name(final String serverName)
        {
            name = serverName;
            return this;
        }

        /**
         * @param all feeds, copied at {@link #build()}; {@code null} for none.
         * @return this builder.
         */
        public Builder feeds(final List<FeedConfig> all)
        {
            feeds = all;
            return this;
        }

        /**
         * @param all agent groups, copied at {@link #build()}; {@code null} for none.
         * @return this builder.
         */
        public Builder agentGroups(final List<AgentGroupConfig> all)
        {
            agentGroups = all;
            return this;
        }

        /**
         * @param timeout how long start() waits for processors to start.
         * @return this builder.
         */
        public Builder startTimeout(final Duration timeout)
        {
            startTimeout = timeout;
            return this;
        }

        /**
         * @param timeout how long stop() waits for queues to drain.
         * @return this builder.
         */
        public Builder shutdownTimeout(final Duration timeout)
        {
            shutdownTimeout = timeout;
            return this;
        }

        /**
         * @param all services in start order, copied at {@link #build()}; {@code null} for none.
         * @return this builder.
         */
        public Builder services(final List<ServiceConfig> all)
        {
            services = all;
            return this;
        }

        /**
         * @param on whether processors record publish-to-handler latency unless their own setting says otherwise.
         * @return this builder.
         */
        public Builder latencyMonitoring(final boolean on)
        {
            latencyMonitoring = on;
            return this;
        }

        /**
         * @param countersConfig the live counters file and its sampling.
         * @return this builder.
         */
        public Builder counters(final CountersConfig countersConfig)
        {
            counters = countersConfig;
            return this;
        }

        /**
         * @param thresholds the thresholds of {@link io.mongoose.server.MongooseServer#health()}.
         * @return this builder.
         */
        public Builder health(final HealthConfig thresholds)
        {
            health = thresholds;
            return this;
        }

        /**
         * @return a server config with the values given, checked by no one yet.
         */
        public ServerConfig build()
        {
            return new ServerConfig(name, feeds, agentGroups, startTimeout, shutdownTimeout, services,
                latencyMonitoring, counters, health);
        }
    }
}
