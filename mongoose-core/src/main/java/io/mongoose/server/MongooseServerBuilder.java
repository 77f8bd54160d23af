package io.mongoose.server;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.CountersConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.HealthConfig;
import io.mongoose.config.MongooseConfigException;
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

/** Assembles a {@link ServerConfig} and builds a {@link MongooseServer} from it; not thread-safe. */
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

    /** @return this builder, naming the server in logs and errors. */
    public MongooseServerBuilder name(final String serverName)
    {
        this.name = serverName;
        return this;
    }

    /** @return this builder, with the pools checked for leaks at stop; {@link PoolRegistry#global()} by default. */
    public MongooseServerBuilder poolRegistry(final PoolRegistry registry)
    {
        this.pools = Objects.requireNonNull(
            registry, "registry: null; expected a PoolRegistry (PoolRegistry.global() is the default)");
        return this;
    }

    /** @return this builder, with the receiver of errors; a {@link LoggingErrorHandler} by default. */
    public MongooseServerBuilder errorHandler(final DispatchErrorHandler handler)
    {
        this.errorHandler = handler;
        return this;
    }

    /** @return this builder, with one more feed. */
    public MongooseServerBuilder feed(final FeedConfig feed)
    {
        feeds.add(feed);
        return this;
    }

    /** @return this builder, with one more agent group. */
    public MongooseServerBuilder agentGroup(final AgentGroupConfig group)
    {
        agentGroups.add(group);
        return this;
    }

    /** @return this builder, with one more service, started after the others and stopped before them. */
    public MongooseServerBuilder service(final ServiceConfig service)
    {
        services.add(service);
        return this;
    }

    /** @return this builder; a timeout out of {@link ServerConfig#START_TIMEOUT_RANGE} throws, naming it. */
    public MongooseServerBuilder startTimeout(final Duration timeout)
    {
        this.startTimeout = ServerConfig.START_TIMEOUT_RANGE.require("server", timeout);
        return this;
    }

    /** @return this builder; a timeout out of {@link ServerConfig#SHUTDOWN_TIMEOUT_RANGE} throws, naming it. */
    public MongooseServerBuilder shutdownTimeout(final Duration timeout)
    {
        this.shutdownTimeout = ServerConfig.SHUTDOWN_TIMEOUT_RANGE.require("server", timeout);
        return this;
    }

    /** @return this builder, with the processors' latency monitoring default (off unless set). */
    public MongooseServerBuilder latencyMonitoring(final boolean on)
    {
        this.latencyMonitoring = on;
        return this;
    }

    /** @return this builder, with this counters file setting ({@link CountersConfig#defaults()} unless set). */
    public MongooseServerBuilder counters(final CountersConfig countersConfig)
    {
        this.counters = countersConfig;
        return this;
    }

    /** @return this builder, with these health thresholds ({@link HealthConfig#defaults()} unless set). */
    public MongooseServerBuilder health(final HealthConfig thresholds)
    {
        this.health = thresholds;
        return this;
    }

    /** @return the configuration model this builder describes (not yet validated). */
    public ServerConfig toConfig()
    {
        return ServerConfig.named(name).feeds(feeds).agentGroups(agentGroups).startTimeout(startTimeout)
            .shutdownTimeout(shutdownTimeout).services(services).latencyMonitoring(latencyMonitoring)
            .counters(counters).health(health);
    }

    /** @return a validated server in state {@link ServerState#NEW}, or throws {@link MongooseConfigException}. */
    public MongooseServer build()
    {
        return MongooseServer.create(
            toConfig(), pools, null == errorHandler ? new LoggingErrorHandler() : errorHandler);
    }
}
