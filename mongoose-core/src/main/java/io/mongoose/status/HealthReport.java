package io.mongoose.status;

import io.mongoose.config.HealthConfig;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * A server's health at one moment ({@link io.mongoose.server.MongooseServer#health()}). Immutable.
 *
 * @param status    the worst of the server state's, every agent's, every feed's and the error rate's verdicts.
 * @param reasons   why the status is not {@link HealthStatus#UP}, one line each.
 * @param agents    every agent group, in configuration order.
 * @param feeds     every feed, in configuration order.
 * @param errors    handler, lifecycle, agent and service errors since the server was built.
 * @param errorRate errors per second over {@link HealthConfig#errorRateWindow()}.
 */
public record HealthReport(
    HealthStatus status, List<String> reasons, ServerState state, Instant sampledAt, List<AgentHealth> agents,
    List<FeedHealth> feeds, long errors, double errorRate)
{
    public HealthReport
    {
        reasons = List.copyOf(reasons);
        agents = List.copyOf(agents);
        feeds = List.copyOf(feeds);
    }

    /**
     * One agent group's liveness.
     *
     * @param status             {@link HealthStatus#DEGRADED} when stale, {@link HealthStatus#DOWN} when stale past
     *                           the down threshold or no longer dispatching.
     * @param sinceLastDutyCycle since the sampler last saw its duty cycles move; a blocked handler makes it grow.
     * @param dispatching        whether its thread (or invoker) still runs.
     */
    public record AgentHealth(
        String name, HealthStatus status, Duration sinceLastDutyCycle, long dutyCycles, boolean dispatching)
    {
    }

    /**
     * One feed's queue saturation.
     *
     * @param status     {@link HealthStatus#DEGRADED} when its fullest queue is at or past the threshold.
     * @param queueDepth messages in its fullest subscriber queue.
     * @param saturation {@code queueDepth / queueCapacity}, 0 to 1.
     */
    public record FeedHealth(String name, HealthStatus status, long queueDepth, int queueCapacity, double saturation)
    {
    }
}
