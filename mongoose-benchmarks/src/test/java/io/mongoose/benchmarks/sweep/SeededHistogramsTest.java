package io.mongoose.benchmarks.sweep;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SeededHistogramsTest
{
    @Test
    void aSeededHistogramAlreadyHoldsItsExtremesSoNoValueMovesThem()
    {
        final Histogram histogram = SeededHistograms.seeded();
        assertEquals(2, histogram.getTotalCount());
        assertEquals(1, histogram.getMinNonZeroValue());
        final long max = histogram.getMaxValue();
        histogram.recordValue(500);
        histogram.recordValue(LatencyRecorder.HIGHEST_TRACKABLE_NANOS / 2);
        assertEquals(1, histogram.getMinNonZeroValue());
        assertEquals(max, histogram.getMaxValue());
        assertEquals(histogram.highestEquivalentValue(LatencyRecorder.HIGHEST_TRACKABLE_NANOS), max);
    }

    @Test
    void withoutSeedsIsACopyOfWhatWasRecordedWithItsTrueExtremes()
    {
        final Histogram histogram = SeededHistograms.seeded();
        histogram.recordValue(500);
        histogram.recordValue(700);
        final Histogram recorded = SeededHistograms.withoutSeeds(histogram);
        assertEquals(2, recorded.getTotalCount());
        assertEquals(500, recorded.getMinNonZeroValue());
        assertEquals(700, recorded.getMaxValue());
        assertEquals(4, histogram.getTotalCount(), "the seeded original is left as it was");
    }
}
