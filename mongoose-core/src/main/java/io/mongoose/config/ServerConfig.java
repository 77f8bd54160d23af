package io.mongoose.config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The whole server model: what the builder and {@link io.mongoose.server.YamlConfig} produce and what
 * {@link ConfigValidator} checks before anything starts.
 *
 * @param name            server name, used in logs and errors.
 * @param feeds           feeds, each with a single producer.
 * @param agentGroups     agent groups with their processors.
 * @param startTimeout    how long {@link io.mongoose.server.MongooseServer#start()} waits for every processor to start
 *                        ({@link #START_TIMEOUT_RANGE}).
 * @param shutdownTimeout how long {@link io.mongoose.server.MongooseServer#stop()} waits for queues to drain
 *                        ({@link #SHUTDOWN_TIMEOUT_RANGE}).
 * @param services        user services, started in this order before the agents and stopped in reverse after them.
 * @param latencyMonitoring whether processors record publish-to-handler latency unless their own
 *                        {@link ProcessorConfig#latencyMonitoring()} says otherwise.
 * @param counters        the live counters file and its sampling ({@link CountersConfig#defaults()}: on).
 * @param health          the thresholds of {@link io.mongoose.server.MongooseServer#health()}.
 */
public record ServerConfig(
    String name, List<FeedConfig> feeds, List<AgentGroupConfig> agentGroups, Duration startTimeout,
    Duration shutdownTimeout, List<ServiceConfig> services, boolean latencyMonitoring, CountersConfig counters,
    HealthConfig health)
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

    /**
     * Copies the lists; nulls are kept so validation can name them.
     */
    public ServerConfig
    {
        feeds = null == feeds ? List.of() : Collections.unmodifiableList(new ArrayList<>(feeds));
        agentGroups = null == agentGroups ? List.of() : Collections.unmodifiableList(new ArrayList<>(agentGroups));
        services = null == services ? List.of() : Collections.unmodifiableList(new ArrayList<>(services));
    }

    /**
     * A model without services, without latency monitoring by default, with the default counters and health
     * thresholds.
     *
     * @param name            server name.
     * @param feeds           feeds.
     * @param agentGroups     agent groups.
     * @param startTimeout    start timeout.
     * @param shutdownTimeout drain timeout at stop.
     */
    public ServerConfig(
        final String name, final List<FeedConfig> feeds, final List<AgentGroupConfig> agentGroups,
        final Duration startTimeout, final Duration shutdownTimeout)
    {
        this(name, feeds, agentGroups, startTimeout, shutdownTimeout, List.of(), false, CountersConfig.defaults(),
            HealthConfig.defaults());
    }
}
