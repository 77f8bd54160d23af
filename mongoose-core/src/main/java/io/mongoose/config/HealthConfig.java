package io.mongoose.config;

import java.time.Duration;

/**
 * Thresholds of {@link io.mongoose.server.MongooseServer#health()}.
 *
 * @param agentStaleAfter  an agent whose duty-cycle counter has not moved for this long is {@link
 * HealthStatus#DEGRADED}
 *                         (a handler is slow or stuck, or an invoker group is not being driven).
 * @param agentDownAfter   ... for this long, {@link io.mongoose.status.HealthStatus#DOWN}; longer than {@code
 * agentStaleAfter}.
 * @param queueSaturation  a feed whose fullest subscriber queue is at least this full (0 exclusive to 1 inclusive) is
 *                         {@link io.mongoose.status.HealthStatus#DEGRADED}.
 * @param errorRate        more errors per second than this (handler, lifecycle and agent errors, averaged over
 *                         {@code errorRateWindow}) makes the server {@link io.mongoose.status.HealthStatus#DEGRADED}; 0
 * means any error.
 * @param errorRateWindow  the window the error rate is averaged over; at least the counters' sample interval.
 */
public record HealthConfig(
    Duration agentStaleAfter, Duration agentDownAfter, double queueSaturation, double errorRate,
    Duration errorRateWindow)
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
    /** What {@link #agentDownAfter()} accepts (besides being longer than agentStaleAfter). */
    public static final DurationRange AGENT_DOWN_AFTER_RANGE =
        DurationRange.positiveUpTo("agentDownAfter", ServerConfig.MAX_TIMEOUT);
    /** What {@link #errorRateWindow()} accepts (besides being at least the counters' sample interval). */
    public static final DurationRange ERROR_RATE_WINDOW_RANGE =
        DurationRange.positiveUpTo("errorRateWindow", ServerConfig.MAX_TIMEOUT);

    /** How a wither's error names what its setting belongs to. */
    private static final String OWNER = "health";

    /**
     * @return the default thresholds.
     */
    public static HealthConfig defaults()
    {
        return new HealthConfig(DEFAULT_AGENT_STALE_AFTER, DEFAULT_AGENT_DOWN_AFTER, DEFAULT_QUEUE_SATURATION,
            DEFAULT_ERROR_RATE, DEFAULT_ERROR_RATE_WINDOW);
    }

    /**
     * @param staleAfter degraded threshold: {@link #AGENT_STALE_AFTER_RANGE}.
     * @param downAfter  down threshold: {@link #AGENT_DOWN_AFTER_RANGE}, longer than {@code staleAfter} (checked when
     *                   the server is built).
     * @return a copy with those agent liveness thresholds.
     * @throws IllegalArgumentException naming a value out of its range and the range.
     * @throws NullPointerException     if an argument is null.
     */
    public HealthConfig agentLiveness(final Duration staleAfter, final Duration downAfter)
    {
        return new HealthConfig(AGENT_STALE_AFTER_RANGE.require(OWNER, staleAfter),
            AGENT_DOWN_AFTER_RANGE.require(OWNER, downAfter), queueSaturation, errorRate, errorRateWindow);
    }

    /**
     * @param ratio queue fill ratio that degrades a feed.
     * @return a copy with that threshold.
     */
    public HealthConfig queueSaturation(final double ratio)
    {
        return new HealthConfig(agentStaleAfter, agentDownAfter, ratio, errorRate, errorRateWindow);
    }

    /**
     * @param perSecond errors per second that degrade the server.
     * @param window    the window the rate is averaged over: {@link #ERROR_RATE_WINDOW_RANGE}.
     * @return a copy with that threshold.
     * @throws IllegalArgumentException if {@code window} is out of its range, naming the value and the range.
     * @throws NullPointerException     if {@code window} is null.
     */
    public HealthConfig errorRate(final double perSecond, final Duration window)
    {
        return new HealthConfig(agentStaleAfter, agentDownAfter, queueSaturation, perSecond,
            ERROR_RATE_WINDOW_RANGE.require(OWNER, window));
    }
}
