package io.mongoose.dispatch;

/**
 * What a processor learns about where it runs.
 *
 * @param processorName the processor's registered name.
 * @param agentName     the agent group (and thread role) hosting it.
 * @param serverName    the server's name.
 * @param scheduler     timers on the processor's agent thread; usable from {@code onInit} on, on that thread only.
 */
public record ProcessorContext(String processorName, String agentName, String serverName, Scheduler scheduler)
{
}
