package io.mongoose.dispatch;

import io.mongoose.admin.CommandRegistrar;

/**
 * What a processor learns about where it runs.
 *
 * @param processorName the processor's registered name.
 * @param agentName     the agent group (and thread role) hosting it.
 * @param serverName    the server's name.
 * @param commands      registers admin commands that run on this processor's agent thread (register them in
 *                      {@code onInit}); see {@link io.mongoose.admin.Admin}.
 * @param scheduler     timers on the processor's agent thread; usable from {@code onInit} on, on that thread only.
 */
public record ProcessorContext(
    String processorName, String agentName, String serverName, CommandRegistrar commands, Scheduler scheduler)
{
}
