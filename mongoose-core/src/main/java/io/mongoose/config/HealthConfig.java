package io.mongoose.config;

import java.time.Duration;

/** Thresholds of {@link io.mongoose.server.MongooseServer#health()}. */
public final class HealthConfig extends ConfigValue
{
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

    /** @return agents stale after 1 s and down after 10 s, feeds saturated at 0.8, 1 error/s over 10 s degrading. */
    public static HealthConfig defaults()
    {
        return new HealthConfig(Duration.ofSeconds(1), Duration.ofSeconds(10), 0.8, 1.0, Duration.ofSeconds(10));
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
