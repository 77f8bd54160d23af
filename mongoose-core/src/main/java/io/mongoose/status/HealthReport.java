package io.mongoose.status;

import io.mongoose.config.HealthConfig;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * A server's health at one moment ({@link io.mongoose.server.MongooseServer#health()}): the worst verdict of its state,
 * agents, feeds and error rate, with the reasons it is not {@link HealthStatus#UP}; agents and feeds in configuration
 * order, errors since the build, and errors per second over {@link HealthConfig#errorRateWindow()}.
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
     * One agent group's liveness, stale as of {@code sinceLastDutyCycle} since the sampler last saw it cycle:
     * {@link HealthStatus#DEGRADED} when stale, {@link HealthStatus#DOWN} past the down threshold or when no longer
     * dispatching (its thread or invoker stopped).
     */
    public record AgentHealth(
        String name, HealthStatus status, Duration sinceLastDutyCycle, long dutyCycles, boolean dispatching)
    {
    }

    /** One feed's fullest subscriber queue: {@link HealthStatus#DEGRADED} when at or past the threshold. */
    public record FeedHealth(String name, HealthStatus status, long queueDepth, int queueCapacity, double saturation)
    {
    }
}
