package io.mongoose.benchmarks.sweep;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The recorder keeps warm-up out of the reported histograms without a branch on the window, and its seed values out
 * of what it reports.
 */
class LatencyRecorderTest
{
    private static final long WARMUP_START = 1_000_000_000L;
    private static final long WINDOW_START = 2_000_000_000L;
    private static final long WINDOW_END = 3_000_000_000L;
    private static final long SECOND = 1_000_000_000L;

    @Test
    void onlyTheWindowReachesTheReportedHistogramsAndTheSeedsDoNot()
    {
        final LatencyRecorder recorder = new LatencyRecorder();
        // A window from 2 s to 0.5 s ago, so every latency is seconds, well inside the range.
        final long now = System.nanoTime();
        final long windowStart = now - 2 * SECOND;
        final long windowEnd = now - SECOND / 2;
        recorder.window(now - 3 * SECOND, windowStart, windowEnd);
        recorder.onReceive(now - 3 * SECOND, now - 3 * SECOND);
        recorder.onReceive(windowStart - 1, windowStart - 1);
        recorder.onReceive(windowStart, windowStart);
        recorder.onReceive(now - SECOND, now - SECOND);
        recorder.onReceive(windowEnd, windowEnd);

        final Histogram latency = recorder.latency();
        assertEquals(2, latency.getTotalCount(), "the window's two messages: no seed, no warm-up, nothing after");
        assertEquals(2, recorder.service().getTotalCount());
        assertEquals(5, recorder.received(), "every message is counted as received");
        // The window's latencies are about 2 s and 1 s (within the histogram's 3 significant digits): the seeds (1 ns
        // and 60 s) no longer set min or max.
        final long tolerance = SECOND / 100;
        assertTrue(latency.getMinValue() >= SECOND - tolerance && latency.getMinValue() < 2 * SECOND,
            () -> "min " + latency.getMinValue());
        assertTrue(latency.getMaxValue() >= 2 * SECOND - tolerance && latency.getMaxValue() < 3 * SECOND,
            () -> "max " + latency.getMaxValue());
        assertEquals(2, recorder.latency().getTotalCount(), "reading again gives the same: seeds leave a copy");
    }

    @Test
    void anUntimedMessageIsCountedAndRecordedNowhere()
    {
        final LatencyRecorder recorder = new LatencyRecorder();
        final long now = System.nanoTime();
        final long windowStart = now - 2 * SECOND;
        recorder.window(now - 3 * SECOND, windowStart, now - SECOND / 2);
        recorder.onReceive(now - SECOND, now - SECOND);
        recorder.onReceive(UnpacedTiming.UNTIMED, UnpacedTiming.UNTIMED);
        recorder.onReceive(UnpacedTiming.UNTIMED, UnpacedTiming.UNTIMED);

        assertEquals(3, recorder.received());
        assertEquals(1, recorder.latency().getTotalCount(), "the timed message alone");
        assertEquals(1, recorder.service().getTotalCount());
        assertEquals(1, recorder.windowMedians().size(), "one part recorded a message: the timed one's");
    }

    @Test
    void eachPartOfTheWindowKeepsItsOwnMedian()
    {
        final LatencyRecorder recorder = new LatencyRecorder();
        // A 10 s window that ended a second ago: parts of 2^30 ns, ten of them, the last one short.
        final long now = System.nanoTime();
        final long windowStart = now - 11 * SECOND;
        final long part = 1L << LatencyRecorder.partShift(10 * SECOND);
        assertEquals(1L << 30, part);
        recorder.window(windowStart - SECOND, windowStart, windowStart + 10 * SECOND);
        recorder.onReceive(windowStart - SECOND / 2, windowStart - SECOND / 2);
        // Three messages in part 0, one in part 3, none in the others: a part without a message has no median.
        recorder.onReceive(windowStart, windowStart);
        recorder.onReceive(windowStart + 1, windowStart + 1);
        recorder.onReceive(windowStart + part - 1, windowStart + part - 1);
        recorder.onReceive(windowStart + 3 * part, windowStart + 3 * part);
        recorder.onReceive(windowStart + 10 * SECOND, windowStart + 10 * SECOND);

        final List<Long> medians = recorder.windowMedians();
        assertEquals(2, medians.size(), medians::toString);
        // Part 0's median is its second message, received about 11 s after it was meant to be sent; part 3's about
        // 11 s less three parts. Within the histogram's precision and the time this test takes to run.
        assertTrue(Math.abs(medians.get(0) - 11 * SECOND) < SECOND / 2, medians::toString);
        assertTrue(Math.abs(medians.get(1) - (11 * SECOND - 3 * part)) < SECOND / 2, medians::toString);
    }

    @Test
    void aWindowIsCutIntoAtMostTenPartsOfAPowerOfTwoNanoseconds()
    {
        assertEquals(0, LatencyRecorder.partShift(1));
        assertEquals(0, LatencyRecorder.partShift(10));
        assertEquals(1, LatencyRecorder.partShift(11));
        for (final long window : new long[] {7, 100, 6 * SECOND, 10 * SECOND, 30 * SECOND})
        {
            final long parts = (window + (1L << LatencyRecorder.partShift(window)) - 1) >>>
                LatencyRecorder.partShift(window);
            assertTrue(parts <= LatencyRecorder.MOST_WINDOW_PARTS && (window < 2 || parts * 2 > Math.min(window,
                LatencyRecorder.MOST_WINDOW_PARTS)), window + " ns: " + parts + " parts");
        }
    }

    @Test
    void theConsumersAllocationBaselineIsTakenAtTheWindowAfterARehearsal()
    {
        final LatencyRecorder recorder = new LatencyRecorder();
        recorder.window(WARMUP_START, WINDOW_START, WINDOW_END);
        recorder.onReceive(WARMUP_START, WARMUP_START);
        assertEquals(-1, recorder.allocatedAtWindowStart(), "not before the window");
        recorder.onReceive(WARMUP_START + (WINDOW_START - WARMUP_START) / 2, WARMUP_START);
        assertEquals(-1, recorder.allocatedAtWindowStart(), "the rehearsal's reading is not the baseline");
        recorder.onReceive(WINDOW_START, WINDOW_START);
        assertTrue(recorder.allocatedAtWindowStart() > 0);
    }
}
