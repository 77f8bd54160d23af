package io.mongoose.benchmarks.sweep;

import org.HdrHistogram.Histogram;

/**
 * Histograms seeded with their lowest and highest value, so no recorded value moves their extremes: a branch in
 * {@code updateMinAndMax} first taken when the window opens would deoptimise the shared {@code recordValue} there.
 */
final class SeededHistograms
{
    private SeededHistograms()
    {
    }

    /** @return a histogram up to {@link LatencyRecorder#HIGHEST_TRACKABLE_NANOS}, 3 digits, holding the seeds. */
    static Histogram seeded()
    {
        final Histogram histogram = new Histogram(LatencyRecorder.HIGHEST_TRACKABLE_NANOS, 3);
        histogram.recordValue(1);
        histogram.recordValue(LatencyRecorder.HIGHEST_TRACKABLE_NANOS);
        return histogram;
    }

    /** @return a copy of a {@link #seeded()} histogram without the seeds, with its true minimum and maximum. */
    static Histogram withoutSeeds(final Histogram recorded)
    {
        final Histogram copy = recorded.copy();
        copy.subtract(seeded());
        return copy;
    }
}
