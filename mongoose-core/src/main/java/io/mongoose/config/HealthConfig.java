package io.mongoose.config;

import java.time.Duration;
import java.util.Objects;

/**
 * Thresholds of {@link io.mongoose.server.MongooseServer#health()}.
 *
 * <p>Made with {@link #defaults()} and changed with the withers, each of which returns a copy and refuses a duration
 * out of its setting's range at the call, e.g.
 * {@code HealthConfig.defaults().agentLiveness(Duration.ofSeconds(2), Duration.ofSeconds(20)).queueSaturation(0.9)}.
 * A {@link #builder()} checks nothing, for front ends that leave every check to {@link ConfigValidator}.
 *
 * <p>A value: equal to another health config with equal thresholds.
 */
public final class HealthConfig
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

    private final Duration agentStaleAfter;
    private final Duration agentDownAfter;
    private final double queueSaturation;
    private final double errorRate;
    private final Duration errorRateWindow;

    /** Takes every value as given: the withers check the durations, the validator everything. */
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

    /**
     * @return the default thresholds.
     */
    public static HealthConfig defaults()
    {
        return new HealthConfig(DEFAULT_AGENT_STALE_AFTER, DEFAULT_AGENT_DOWN_AFTER, DEFAULT_QUEUE_SATURATION,
            DEFAULT_ERROR_RATE, DEFAULT_ERROR_RATE_WINDOW);
    }

    /**
     * @return a builder that starts from {@link #defaults()} and checks none of the values it is given.
     */
    public static Builder builder()
    {
        return new Builder(defaults());
    }

    /**
     * @return a builder that starts from these thresholds.
     */
    public Builder toBuilder()
    {
        return new Builder(this);
    }

    /**
     * @return how long an agent's duty-cycle counter may stand still before the agent is
     *         {@link io.mongoose.status.HealthStatus#DEGRADED} (a handler is slow or stuck, or an invoker group is not
     *         being driven).
     */
    public Duration agentStaleAfter()
    {
        return agentStaleAfter;
    }

    /**
     * @return how long before it is {@link io.mongoose.status.HealthStatus#DOWN}; longer than
     *         {@link #agentStaleAfter()}.
     */
    public Duration agentDownAfter()
    {
        return agentDownAfter;
    }

    /**
     * @return the fill (0 exclusive to 1 inclusive) of a feed's fullest subscriber queue at which the feed is
     *         {@link io.mongoose.status.HealthStatus#DEGRADED}.
     */
    public double queueSaturation()
    {
        return queueSaturation;
    }

    /**
     * @return errors per second (handler, lifecycle and agent errors, averaged over {@link #errorRateWindow()}) above
     *         which the server is {@link io.mongoose.status.HealthStatus#DEGRADED}; 0 means any error.
     */
    public double errorRate()
    {
        return errorRate;
    }

    /**
     * @return the window the error rate is averaged over; at least the counters' sample interval.
     */
    public Duration errorRateWindow()
    {
        return errorRateWindow;
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

    /**
     * @param o another object.
     * @return whether it is a health config with equal thresholds (ratios compared as {@link Double#compare} does).
     */
    @Override
    public boolean equals(final Object o)
    {
        return this == o || o instanceof HealthConfig that &&
            Double.compare(queueSaturation, that.queueSaturation) == 0 &&
            Double.compare(errorRate, that.errorRate) == 0 && Objects.equals(agentStaleAfter, that.agentStaleAfter) &&
            Objects.equals(agentDownAfter, that.agentDownAfter) &&
            Objects.equals(errorRateWindow, that.errorRateWindow);
    }

    /**
     * @return a hash of every threshold, consistent with {@link #equals(Object)}.
     */
    @Override
    public int hashCode()
    {
        return Objects.hash(agentStaleAfter, agentDownAfter, queueSaturation, errorRate, errorRateWindow);
    }

    /**
     * @return every threshold, e.g. {@code HealthConfig[agentStaleAfter=PT1S, agentDownAfter=PT10S, ...]}.
     */
    @Override
    public String toString()
    {
        return "HealthConfig[agentStaleAfter=" + agentStaleAfter + ", agentDownAfter=" + agentDownAfter +
            ", queueSaturation=" + queueSaturation + ", errorRate=" + errorRate + ", errorRateWindow=" +
            errorRateWindow + "]";
    }

    /**
     * Sets any value and checks none, so a front end that reads settings from elsewhere (the YAML reader) can hand
     * whatever it read to {@link ConfigValidator}, which reports every problem at once with its path. Code that writes
     * thresholds uses {@link #defaults()} and the withers, which refuse a bad duration at the call.
     */
    public static final class Builder
    {
        private Duration agentStaleAfter;
        private Duration agentDownAfter;
        private double queueSaturation;
        private double errorRate;
        private Duration errorRateWindow;

        private Builder(final HealthConfig from)
        {
            agentStaleAfter = from.agentStaleAfter;
            agentDownAfter = from.agentDownAfter;
            queueSaturation = from.queueSaturation;
            errorRate = from.errorRate;
            errorRateWindow = from.errorRateWindow;
        }

        /**
         * @param staleAfter time without a duty cycle before an agent is degraded.
         * @return this builder.
         */
        public Builder agentStaleAfter(final Duration staleAfter)
        {
            agentStaleAfter = staleAfter;
            return this;
        }

        /**
         * @param downAfter time without a duty cycle before an agent is down.
         * @return this builder.
         */
        public Builder agentDownAfter(final Duration downAfter)
        {
            agentDownAfter = downAfter;
            return this;
        }

        /**
         * @param ratio queue fill ratio that degrades a feed.
         * @return this builder.
         */
        public Builder queueSaturation(final double ratio)
        {
            queueSaturation = ratio;
            return this;
        }

        /**
         * @param perSecond errors per second that degrade the server.
         * @return this builder.
         */
        public Builder errorRate(final double perSecond)
        {
            errorRate = perSecond;
            return this;
        }

        /**
         * @param window the window the error rate is averaged over.
         * @return this builder.
         */
        public Builder errorRateWindow(final Duration window)
        {
            errorRateWindow = window;
            return this;
        }

        /**
         * @return a health config with the values given, checked by no one yet.
         */
        public HealthConfig build()
        {
            return new HealthConfig(agentStaleAfter, agentDownAfter, queueSaturation, errorRate, errorRateWindow);
        }
    }
}
