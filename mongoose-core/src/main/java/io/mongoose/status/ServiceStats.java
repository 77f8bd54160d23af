package io.mongoose.status;

/**
 * A service's counters: whether it runs an agent, the sum of what its {@code doWork()} returned, exceptions from
 * {@code doWork()} and {@code onStop()}, and what pinning its agent thread got ("no agent" without one).
 */
public record ServiceStats(String name, boolean agent, long dutyWork, long errors, String pinning)
{
}
