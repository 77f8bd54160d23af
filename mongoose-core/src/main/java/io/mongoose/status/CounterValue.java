package io.mongoose.status;

/**
 * One counter's value in a {@link CountersSnapshot}.
 *
 * @param id    its id in the counters file; -1 when it is not in one (counters disabled or the file full).
 * @param name  the feed, agent, processor, pool or server it belongs to.
 * @param label its label in the file, {@code <entity> <name>: <what>}.
 */
public record CounterValue(int id, CounterType type, String name, String label, long value)
{
}
