package io.mongoose.status;

/**
 * A service's counters.
 *
 * @param agent    whether it runs a duty cycle on its own agent thread ({@code AgentService}).
 * @param dutyWork the sum of what its {@code doWork()} returned (0 without agent).
 * @param errors   exceptions thrown by its {@code doWork()} and {@code onStop()}, each reported to the error handler.
 * @param pinning  what pinning its agent thread got, or why not; "no agent" for a service without agent.
 */
public record ServiceStats(String name, boolean agent, long dutyWork, long errors, String pinning)
{
}
