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
