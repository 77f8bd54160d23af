package io.mongoose.status;

/**
 * A snapshot of one processor's counters.
 *
 * @param agent     its agent group.
 * @param handled   messages a handler accepted without throwing.
 * @param unhandled messages of a type with no handler here (released, counted).
 * @param errors    handler and lifecycle exceptions.
 */
public record ProcessorStats(String name, String agent, long handled, long unhandled, long errors)
{
}
