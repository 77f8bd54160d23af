package io.mongoose.status;

/**
 * One counter's value in a {@link CountersSnapshot}: its id in the counters file (-1 when not in one), the entity it
 * belongs to, and its label there, {@code <entity> <name>: <what>}.
 */
public record CounterValue(int id, CounterType type, String name, String label, long value)
{
}
