package io.mongoose.benchmarks.sweep;

/**
 * Context switches of one thread, as Linux counts them in {@code /proc/<pid>/task/<tid>/status}: either cumulative
 * since the thread started, or the difference between two such readings.
 *
 * @param voluntary   times the thread gave up its CPU itself (it parked, slept, blocked or yielded).
 * @param involuntary times the scheduler took the CPU away from it (time slice over, or a more urgent thread woke);
 *                    for a busy-spinning thread, each is a gap in which it was not running.
 */
public record ContextSwitches(long voluntary, long involuntary)
{
    /**
     * @param earlier a reading of the same thread taken before this one.
     * @return the switches between the two readings.
     */
    public ContextSwitches since(final ContextSwitches earlier)
    {
        return new ContextSwitches(voluntary - earlier.voluntary, involuntary - earlier.involuntary);
    }
}
