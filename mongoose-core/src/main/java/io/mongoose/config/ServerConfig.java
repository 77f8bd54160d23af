package io.mongoose.config;

import java.time.Duration;
import java.util.List;

/** The whole server model, as the server builder and {@code io.mongoose.yaml.YamlConfig} produce it. */
public final class ServerConfig extends ConfigValue
{
    /** Default server name. */
    public static final String DEFAULT_NAME = "mongoose";
    /** Default start timeout. */
    public static final Duration DEFAULT_START_TIMEOUT = Duration.ofSeconds(30);
    /** Default drain timeout at stop. */
    public static final Duration DEFAULT_SHUTDOWN_TIMEOUT = Duration.ofSeconds(10);
    /** Longest timeout accepted (start, shutdown, publish): a day; a longer one is a unit mistake, not a bound. */
    public static final Duration MAX_TIMEOUT = Duration.ofHours(24);
    /** What {@link #startTimeout()} accepts: a positive duration up to {@link #MAX_TIMEOUT}. */
    public static final DurationRange START_TIMEOUT_RANGE = DurationRange.positiveUpTo("startTimeout", MAX_TIMEOUT);
    /** What {@link #shutdownTimeout()} accepts: a positive duration up to {@link #MAX_TIMEOUT}. */
    public static final DurationRange SHUTDOWN_TIMEOUT_RANGE =
        DurationRange.positiveUpTo("shutdownTimeout", MAX_TIMEOUT);

    private final String name;
    private final List<FeedConfig> feeds;
    private final List<AgentGroupConfig> agentGroups;
    private final Duration startTimeout;
    private final Duration shutdownTimeout;
    private final List<ServiceConfig> services;
    private final boolean latencyMonitoring;
    private final CountersConfig counters;
    private final HealthConfig health;

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

    /** @return a server with nothing in it yet, the default timeouts, counters and health, latency monitoring off. */
    public static ServerConfig named(final String name)
    {
        return new ServerConfig(name, List.of(), List.of(), DEFAULT_START_TIMEOUT, DEFAULT_SHUTDOWN_TIMEOUT, List.of(),
            false, CountersConfig.defaults(), HealthConfig.defaults());
    }

    /** @return server name, used in logs and errors. */
    public String name()
    {
        return name;
    }

    /** @return feeds, each with a single producer; unmodifiable. */
    public List<FeedConfig> feeds()
    {
        return feeds;
    }

    /** @return agent groups with their processors; unmodifiable. */
    public List<AgentGroupConfig> agentGroups()
    {
        return agentGroups;
    }

    /** @return how long {@code start()} waits for every processor to start ({@link #START_TIMEOUT_RANGE}). */
    public Duration startTimeout()
    {
        return startTimeout;
    }

    /** @return how long {@code stop()} waits for queues to drain ({@link #SHUTDOWN_TIMEOUT_RANGE}). */
    public Duration shutdownTimeout()
    {
        return shutdownTimeout;
    }

    /** @return user services, started in this order before the agents and stopped in reverse; unmodifiable. */
    public List<ServiceConfig> services()
    {
        return services;
    }

    /** @return whether processors record publish-to-handler latency unless their own setting says otherwise. */
    public boolean latencyMonitoring()
    {
        return latencyMonitoring;
    }

    /** @return the live counters file and its sampling. */
    public CountersConfig counters()
    {
        return counters;
    }

    /** @return the thresholds of {@link io.mongoose.server.MongooseServer#health()}. */
    public HealthConfig health()
    {
        return health;
    }

    /** @return a copy with one more feed, after the others. */
    public ServerConfig feed(final FeedConfig feed)
    {
        return feeds(plus(feeds, feed));
    }

    /** @return a copy with these feeds instead (copied; null for none, a null entry kept). */
    public ServerConfig feeds(final List<FeedConfig> all)
    {
        return new ServerConfig(name, all, agentGroups, startTimeout, shutdownTimeout, services, latencyMonitoring,
            counters, health);
    }

    /** @return a copy with one more agent group, after the others. */
    public ServerConfig agentGroup(final AgentGroupConfig group)
    {
        return agentGroups(plus(agentGroups, group));
    }

    /** @return a copy with these agent groups instead (copied; null for none, a null entry kept). */
    public ServerConfig agentGroups(final List<AgentGroupConfig> all)
    {
        return new ServerConfig(name, feeds, all, startTimeout, shutdownTimeout, services, latencyMonitoring,
            counters, health);
    }

    /** @return a copy with one more service, started after the others and stopped before them. */
    public ServerConfig service(final ServiceConfig service)
    {
        return services(plus(services, service));
    }

    /** @return a copy with these services, in start order, instead (copied; null for none, a null entry kept). */
    public ServerConfig services(final List<ServiceConfig> all)
    {
        return new ServerConfig(name, feeds, agentGroups, startTimeout, shutdownTimeout, all, latencyMonitoring,
            counters, health);
    }

    /** @return a copy with this start timeout. */
    public ServerConfig startTimeout(final Duration timeout)
    {
        return new ServerConfig(name, feeds, agentGroups, timeout, shutdownTimeout, services, latencyMonitoring,
            counters, health);
    }

    /** @return a copy with this shutdown timeout. */
    public ServerConfig shutdownTimeout(final Duration timeout)
    {
        return new ServerConfig(name, feeds, agentGroups, startTimeout, timeout, services, latencyMonitoring,
            counters, health);
    }

    /** @return a copy with this latency monitoring default for processors. */
    public ServerConfig latencyMonitoring(final boolean on)
    {
        return new ServerConfig(name, feeds, agentGroups, startTimeout, shutdownTimeout, services, on, counters,
            health);
    }

    /** @return a copy with this counters configuration, e.g. {@code CountersConfig.disabled()}. */
    public ServerConfig counters(final CountersConfig countersConfig)
    {
        return new ServerConfig(name, feeds, agentGroups, startTimeout, shutdownTimeout, services, latencyMonitoring,
            countersConfig, health);
    }

    /** @return a copy with these health thresholds. */
    public ServerConfig health(final HealthConfig thresholds)
    {
        return new ServerConfig(name, feeds, agentGroups, startTimeout, shutdownTimeout, services, latencyMonitoring,
            counters, thresholds);
    }

    @Override
    Object[] namesAndValues()
    {
        return new Object[] {"name", name, "feeds", feeds, "agentGroups", agentGroups, "startTimeout", startTimeout,
            "shutdownTimeout", shutdownTimeout, "services", services, "latencyMonitoring", latencyMonitoring,
            "counters", counters, "health", health};
    }
}
