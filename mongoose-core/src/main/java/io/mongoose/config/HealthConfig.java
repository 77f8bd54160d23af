package io.mongoose.config;

import java.time.Duration;

/** Thresholds of {@link io.mongoose.server.MongooseServer#health()}. */
public final class HealthConfig extends ConfigValue
{
    /** Default time without a duty cycle before an agent is degraded. */
    public static final Duration DEFAULT_AGENT_STALE_AFTER = Duration.ofSeconds(1);
    /** Default time without a duty cycle before an agent is down. */
    public static final Duration DEFAULT_AGENT_DOWN_AFTER = Duration.ofSeconds(10);
    /** Default queue fill ratio that degrades a feed. */
    public static final double DEFAULT_QUEUE_SATURATION = 0.8;
    /** Default errors per second that degrade the server. */
    public static final double DEFAULT_ERROR_RATE = 1.0;
    /** Default error-rate window. */
    public static final Duration DEFAULT_ERROR_RATE_WINDOW = Duration.ofSeconds(10);
    /** What {@link #agentStaleAfter()} accepts: a positive duration up to {@link ServerConfig#MAX_TIMEOUT}. */
    public static final DurationRange AGENT_STALE_AFTER_RANGE =
        DurationRange.positiveUpTo("agentStaleAfter", ServerConfig.MAX_TIMEOUT);
    /** What {@link #agentDownAfter()} accepts, besides being longer than agentStaleAfter. */
    public static final DurationRange AGENT_DOWN_AFTER_RANGE =
        DurationRange.positiveUpTo("agentDownAfter", ServerConfig.MAX_TIMEOUT);
    /** What {@link #errorRateWindow()} accepts, besides being at least the counters' sample interval. */
    public static final DurationRange ERROR_RATE_WINDOW_RANGE =
        DurationRange.positiveUpTo("errorRateWindow", ServerConfig.MAX_TIMEOUT);

    private final Duration agentStaleAfter;
    private final Duration agentDownAfter;
    private final double queueSaturation;
    private final double errorRate;
    private final Duration errorRateWindow;

    private HealthConfig(
        final Duration agentStaleAfter, final Duration agentDownAfter, final double queueSaturation,
        final double errorRate, final Duration errorRateWindow)
    {
        this.agentStaleAfter = agentStaleAfter;
        this.agentDownAfter = agentDownAfter;
        this.queueSaturation = queueSaturation;
        this.errorRate = errorRate;
        this.errorRateWindow = errorRateWindow;
    }

    /** @return the default thresholds. */
    public static HealthConfig defaults()
    {
        return new HealthConfig(DEFAULT_AGENT_STALE_AFTER, DEFAULT_AGENT_DOWN_AFTER, DEFAULT_QUEUE_SATURATION,
            DEFAULT_ERROR_RATE, DEFAULT_ERROR_RATE_WINDOW);
    }

    /** @return how long an agent's duty cycles may stand still before it is degraded (slow, stuck, or not driven). */
    public Duration agentStaleAfter()
    {
        return agentStaleAfter;
    }

    /** @return how long before it is down; longer than {@link #agentStaleAfter()}. */
    public Duration agentDownAfter()
    {
        return agentDownAfter;
    }

    /** @return the fill (above 0, at most 1) of a feed's fullest subscriber queue at which the feed is degraded. */
    public double queueSaturation()
    {
        return queueSaturation;
    }

    /** @return errors per second, over {@link #errorRateWindow()}, above which the server is degraded; 0: any. */
    public double errorRate()
    {
        return errorRate;
    }

    /** @return the window the error rate is averaged over; at least the counters' sample interval. */
    public Duration errorRateWindow()
    {
        return errorRateWindow;
    }

    /** @return a copy with these agent liveness thresholds, degraded and down. */
    public HealthConfig agentLiveness(final Duration staleAfter, final Duration downAfter)
    {
        return new HealthConfig(staleAfter, downAfter, queueSaturation, errorRate, errorRateWindow);
    }

    /** @return a copy with this queue fill ratio that degrades a feed. */
    public HealthConfig queueSaturation(final double ratio)
    {
        return new HealthConfig(agentStaleAfter, agentDownAfter, ratio, errorRate, errorRateWindow);
    }

    /** @return a copy with this error rate that degrades the server, averaged over {@code window}. */
    public HealthConfig errorRate(final double perSecond, final Duration window)
    {
        return new HealthConfig(agentStaleAfter, agentDownAfter, queueSaturation, perSecond, window);
    }

    @Override
    Object[] namesAndValues()
    {
        return new Object[] {"agentStaleAfter", agentStaleAfter, "agentDownAfter", agentDownAfter, "queueSaturation",
            queueSaturation, "errorRate", errorRate, "errorRateWindow", errorRateWindow};
    }
}
