package io.mongoose.server;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.CountersConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.HealthConfig;
import io.mongoose.config.MongooseConfigException;
import io.mongoose.config.ProcessorConfig;
import io.mongoose.config.ServerConfig;
import io.mongoose.config.ServiceConfig;
import io.mongoose.dispatch.DispatchErrorHandler;
import io.mongoose.dispatch.LoggingErrorHandler;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.status.ServerState;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Assembles a {@link ServerConfig} and builds a {@link MongooseServer} from it; {@link MongooseServer#builder()} makes
 * one. Not thread-safe: one thread configures and builds.
 */
public final class MongooseServerBuilder
{
    private String name = ServerConfig.DEFAULT_NAME;
    private PoolRegistry pools = PoolRegistry.global();
    private DispatchErrorHandler errorHandler;
    private final List<FeedConfig> feeds = new ArrayList<>();
    private final List<AgentGroupConfig> agentGroups = new ArrayList<>();
    private final List<ServiceConfig> services = new ArrayList<>();
    private Duration startTimeout = ServerConfig.DEFAULT_START_TIMEOUT;
    private Duration shutdownTimeout = ServerConfig.DEFAULT_SHUTDOWN_TIMEOUT;
    private boolean latencyMonitoring;
    private CountersConfig counters = CountersConfig.defaults();
    private HealthConfig health = HealthConfig.defaults();

    MongooseServerBuilder()
    {
    }

    /**
     * @param serverName used in logs and errors.
     * @return this builder.
     */
    public MongooseServerBuilder name(final String serverName)
    {
        this.name = serverName;
        return this;
    }

    /**
     * @param registry pools to check for leaks at stop; {@link PoolRegistry#global()} by default.
     * @return this builder.
     * @throws NullPointerException if {@code registry} is null.
     */
    public MongooseServerBuilder poolRegistry(final PoolRegistry registry)
    {
        // Refused here rather than at build(), so the failure points at the call that passed it.
        this.pools = Objects.requireNonNull(
            registry, "registry: null; expected a PoolRegistry (PoolRegistry.global() is the default)");
        return this;
    }

    /**
     * @param handler receives handler and lifecycle errors; a {@link LoggingErrorHandler} by default.
     * @return this builder.
     */
    public MongooseServerBuilder errorHandler(final DispatchErrorHandler handler)
    {
        this.errorHandler = handler;
        return this;
    }

    /**
     * @param feed one more feed.
     * @return this builder.
     */
    public MongooseServerBuilder feed(final FeedConfig feed)
    {
        feeds.add(feed);
        return this;
    }

    /**
     * @param group one more agent group.
     * @return this builder.
     */
    public MongooseServerBuilder agentGroup(final AgentGroupConfig group)
    {
        agentGroups.add(group);
        return this;
    }

    /**
     * @param service one more service; services start in the order added, before the agents, and stop in reverse
     *                order after them.
     * @return this builder.
     */
    public MongooseServerBuilder service(final ServiceConfig service)
    {
        services.add(service);
        return this;
    }

    /**
     * @param timeout how long start() waits for processors to start: {@link ServerConfig#START_TIMEOUT_RANGE}.
     * @return this builder.
     * @throws IllegalArgumentException naming the value and the range.
     * @throws NullPointerException     if {@code timeout} is null.
     */
    public MongooseServerBuilder startTimeout(final Duration timeout)
    {
        this.startTimeout = ServerConfig.START_TIMEOUT_RANGE.require("server", timeout);
        return this;
    }

    /**
     * @param timeout how long stop() waits for queues to drain: {@link ServerConfig#SHUTDOWN_TIMEOUT_RANGE}.
     * @return this builder.
     * @throws IllegalArgumentException naming the value and the range.
     * @throws NullPointerException     if {@code timeout} is null.
     */
    public MongooseServerBuilder shutdownTimeout(final Duration timeout)
    {
        this.shutdownTimeout = ServerConfig.SHUTDOWN_TIMEOUT_RANGE.require("server", timeout);
        return this;
    }

    /**
     * @param on whether every processor records its publish-to-handler latency unless its own
     *           {@link ProcessorConfig#latencyMonitoring(boolean)} says otherwise; off by default.
     * @return this builder.
     */
    public MongooseServerBuilder latencyMonitoring(final boolean on)
    {
        this.latencyMonitoring = on;
        return this;
    }

    /**
     * @param countersConfig the live counters file: on in the default directory unless changed, e.g.
     *                       {@code CountersConfig.disabled()} or {@code CountersConfig.defaults().dir(path)}.
     * @return this builder.
     */
    public MongooseServerBuilder counters(final CountersConfig countersConfig)
    {
        this.counters = countersConfig;
        return this;
    }

    /**
     * @param thresholds the thresholds of {@link MongooseServer#health()}; {@link HealthConfig#defaults()} unless
     *                   changed.
     * @return this builder.
     */
    public MongooseServerBuilder health(final HealthConfig thresholds)
    {
        this.health = thresholds;
        return this;
    }

    /**
     * @return the configuration model this builder describes (not yet validated).
     */
    public ServerConfig toConfig()
    {
        return ServerConfig.named(name).feeds(feeds).agentGroups(agentGroups).startTimeout(startTimeout)
            .shutdownTimeout(shutdownTimeout).services(services).latencyMonitoring(latencyMonitoring)
            .counters(counters).health(health);
    }

    /**
     * @return a validated server in state {@link ServerState#NEW}.
     * @throws MongooseConfigException listing every problem.
     */
    public MongooseServer build()
    {
        return MongooseServer.create(
            toConfig(), pools, null == errorHandler ? new LoggingErrorHandler() : errorHandler);
    }
}
