package io.mongoose.benchmarks.sweep;

import org.HdrHistogram.Histogram;

/**
 * Histograms that start with their lowest and highest recordable value already recorded, so that no later value moves
 * their minimum or maximum.
 *
 * <p>Why: HdrHistogram updates its minimum and maximum behind a branch. A histogram that first records when the
 * measurement window opens takes that branch for the first time there, and when the compiled {@code recordValue} was
 * profiled on other histograms, the JIT compiled the branch as "never taken": taking it deoptimises the shared code and
 * its recompilation competes with the busy-spinning threads for the machine's two CPUs at the window's start
 * ({@code -XX:+LogCompilation} shows it as an {@code unstable_if} trap in {@code updateMinAndMax}). With the extremes
 * seeded, the branch is never taken by anyone.
 * The seeds are taken out again by {@link #withoutSeeds(Histogram)} before anything reads a histogram.
 */
final class SeededHistograms
{
    private static final int SIGNIFICANT_DIGITS = 3;

    private SeededHistograms()
    {
    }

    /**
     * @return a new histogram up to {@link LatencyRecorder#HIGHEST_TRACKABLE_NANOS}, 3 significant digits, holding the
     *         two seeds.
     */
    static Histogram seeded()
    {
        final Histogram histogram = new Histogram(LatencyRecorder.HIGHEST_TRACKABLE_NANOS, SIGNIFICANT_DIGITS);
        histogram.recordValue(1);
        histogram.recordValue(LatencyRecorder.HIGHEST_TRACKABLE_NANOS);
        return histogram;
    }

    /**
     * @param recorded a histogram made by {@link #seeded()}.
     * @return a copy of it without the seeds: what was recorded, with its true minimum and maximum.
     */
    static Histogram withoutSeeds(final Histogram recorded)
    {
        final Histogram copy = recorded.copy();
        copy.subtract(seeded());
        return copy;
    }
}
