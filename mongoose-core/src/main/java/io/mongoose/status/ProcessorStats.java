package io.mongoose.status;

/**
 * A snapshot of one processor's counters: messages handled without throwing, messages of a type without handler
 * (released, counted), and handler and lifecycle exceptions.
 */
public record ProcessorStats(String name, String agent, long handled, long unhandled, long errors)
{
}
