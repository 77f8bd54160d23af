package io.mongoose.benchmarks.sweep;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The hiccup meter records the lateness of its wake-ups inside its window only, stops by itself at the window's end or
 * on close, and records without allocating. Bounds are loose: the machine running the tests is not quiet.
 */
class HiccupMeterTest
{
    private static final long MILLI = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long HOUR = TimeUnit.HOURS.toNanos(1);

    @Test
    void recordsEachWakeUpInTheWindowAndStopsByItselfAtItsEnd() throws InterruptedException
    {
        final long start = System.nanoTime();
        final HiccupMeter meter = HiccupMeter.start(1_000, start, start + 100 * MILLI);
        final long deadline = start + TimeUnit.SECONDS.toNanos(10);
        while (meter.isRunning() && System.nanoTime() < deadline)
        {
            LockSupport.parkNanos(MILLI);
        }
        assertFalse(meter.isRunning(), "the meter should have stopped by itself after its window");
        meter.close();

        final Histogram hiccups = meter.hiccups();
        // At most one sample per millisecond of the window, and some at least, however loaded the machine.
        assertTrue(hiccups.getTotalCount() >= 5 && hiccups.getTotalCount() <= 100, () -> "" + hiccups.getTotalCount());
        assertEquals(MILLI, meter.intervalNanos());
    }

    @Test
    void closeStopsItInsideAWindowAndNothingIsRecordedAfter() throws InterruptedException
    {
        final long start = System.nanoTime();
        final HiccupMeter meter = HiccupMeter.start(1_000, start, start + TimeUnit.SECONDS.toNanos(60));
        Thread.sleep(50);
        meter.close();
        assertFalse(meter.isRunning());
        final long recorded = meter.hiccups().getTotalCount();
        assertTrue(recorded > 0, "recorded " + recorded);
        Thread.sleep(20);
        assertEquals(recorded, meter.hiccups().getTotalCount());
    }

    @Test
    void wakeUpsOutsideTheWindowAreNotRecorded() throws InterruptedException
    {
        final long later = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        final HiccupMeter meter = HiccupMeter.start(1_000, later, later + MILLI);
        Thread.sleep(30);
        meter.close();
        assertEquals(0, meter.hiccups().getTotalCount());
    }

    @Test
    void recordsHowLateEachWakeUpWasNotHowLongItSlept()
    {
        final int parks = 20;
        final HiccupMeter meter = HiccupMeter.unstarted(MILLI, System.nanoTime() - HOUR, System.nanoTime() + HOUR);
        final long start = System.nanoTime();
        for (int i = 0; i < parks; i++)
        {
            meter.recordOnce();
        }
        final long elapsed = System.nanoTime() - start;

        final Histogram hiccups = meter.hiccups();
        assertEquals(parks, hiccups.getTotalCount());
        // The interval asked for is taken off each sample, so the samples add up to at most the time spent beyond
        // the intervals (allowing for the histogram's 0.1% buckets); a wake-up is never exactly on time.
        final double lateness = hiccups.getMean() * parks;
        assertTrue(lateness <= (elapsed - parks * MILLI) * 1.001, () -> lateness + " ns late in " + elapsed + " ns");
        assertTrue(hiccups.getMaxValue() > 0);
        assertTrue(hiccups.getMaxValue() < elapsed, "what is read holds no seed: " + hiccups.getMaxValue());
    }

    @Test
    void recordingDoesNotAllocate()
    {
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        final HiccupMeter meter = HiccupMeter.unstarted(1_000, System.nanoTime() - HOUR, System.nanoTime() + HOUR);
        for (int i = 0; i < 500; i++)
        {
            meter.recordOnce();
        }
        // The first reading on a thread allocates (one-time linkage): prime it, keep the second.
        threads.getCurrentThreadAllocatedBytes();
        final long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < 2_000; i++)
        {
            meter.recordOnce();
        }
        final long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertEquals(0, allocated, "bytes allocated by 2,000 recordings");
        assertEquals(2_500, meter.hiccups().getTotalCount());
    }

    @Test
    void anIntervalBelowOneNanosecondIsRefused()
    {
        assertThrows(IllegalArgumentException.class, () -> HiccupMeter.unstarted(0, 0, 1));
    }
}
