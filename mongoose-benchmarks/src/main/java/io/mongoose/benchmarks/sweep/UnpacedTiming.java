package io.mongoose.benchmarks.sweep;

/**
 * An unpaced run times one message in {@link #TIMED_EVERY}, the rest {@link #UNTIMED}, only counted: a clock read per
 * message would be most of what it measures (docs/benchmark-method.md). Paced runs time every message.
 */
final class UnpacedTiming
{
    static final int TIMED_EVERY = 64;
    /** No clock gives it, and it lies above {@link SliceGate}'s control codes: a gate counts it as measured. */
    static final long UNTIMED = Long.MIN_VALUE + 2;

    private UnpacedTiming()
    {
    }
}
