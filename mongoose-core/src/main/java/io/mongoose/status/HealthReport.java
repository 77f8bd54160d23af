package io.mongoose.status;

import io.mongoose.config.HealthConfig;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * A server's health at one moment ({@link io.mongoose.server.MongooseServer#health()}): an overall status with the
 * reasons for it, and the details of every agent and feed. Immutable.
 *
 * @param status    the overall verdict: the worst of the server state's, every agent's, every feed's and the error
 *                  rate's.
 * @param reasons   why the status is not {@link HealthStatus#UP}, one line each; empty when it is.
 * @param state     the server's lifecycle state.
 * @param sampledAt when the figures were taken.
 * @param agents    every agent group, in configuration order.
 * @param feeds     every feed, in configuration order.
 * @param errors    handler, lifecycle, agent and service errors since the server was built.
 * @param errorRate errors per second over the configured window ({@link HealthConfig#errorRateWindow()}).
 */
public record HealthReport(
    HealthStatus status, List<String> reasons, ServerState state, Instant sampledAt, List<AgentHealth> agents,
    List<FeedHealth> feeds, long errors, double errorRate)
{
    /** Copies the lists. */
    public HealthReport
    {
        reasons = List.copyOf(reasons);
        agents = List.copyOf(agents);
        feeds = List.copyOf(feeds);
    }

    /**
     * One agent group's liveness.
     *
     * @param name               the group.
     * @param status             {@link HealthStatus#DEGRADED} when stale, {@link HealthStatus#DOWN} when stale past
     *                           the down threshold or no longer dispatching.
     * @param sinceLastDutyCycle time since the sampler last saw its duty-cycle counter move (resolution: the sample
     *                           interval); a handler that blocks makes it grow.
     * @param dutyCycles         duty cycles run so far.
     * @param dispatching        whether its thread (or invoker) still runs.
     */
    public record AgentHealth(
        String name, HealthStatus status, Duration sinceLastDutyCycle, long dutyCycles, boolean dispatching)
    {
    }

    /**
     * One feed's queue saturation.
     *
     * @param name          the feed.
     * @param status        {@link HealthStatus#DEGRADED} when its fullest queue is at or past the threshold.
     * @param queueDepth    messages in its fullest subscriber queue.
     * @param queueCapacity capacity of each subscriber queue.
     * @param saturation    {@code queueDepth / queueCapacity}, 0 to 1.
     */
    public record FeedHealth(String name, HealthStatus status, long queueDepth, int queueCapacity, double saturation)
    {
    }
}
