package io.mongoose.benchmarks.sweep;

import org.HdrHistogram.Histogram;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A jHiccup-style meter: a daemon thread that does nothing but park for a fixed interval, again and again, and records
 * by how much each wake-up came late. A thread that does no work can only be late because the machine did not run it
 * (the OS scheduler, the hypervisor, a JVM safepoint), so its distribution is what the platform alone adds, to be set
 * against the latency of messages that crossed the same window.
 *
 * <p>Only parks that start inside the window are recorded. Each wake-up is one sample, recorded as it is (a 10 ms
 * stall is one 10 ms sample, not a run of corrected ones), so the maximum is the figure to compare. Every sample
 * includes the park's own overshoot (timer slack, tens of microseconds on Linux), which is the meter's floor: its p50
 * shows it. Recording is allocation-free.
 *
 * <p>Threading: the meter's own thread records; {@link #hiccups()} may be read once {@link #close()} has joined it.
 */
@SuppressWarnings("try") // close() may throw InterruptedException: it joins or waits for a thread
final class HiccupMeter implements AutoCloseable
{
    private final long intervalNanos;
    private final long windowStart;
    private final long windowEnd;
    // Seeded: its first sample comes at the window's start and must not take HdrHistogram's min/max branch there.
    private final Histogram hiccups = SeededHistograms.seeded();
    // Index 0 takes the parks outside the window, index 1 the window's: chosen by index, not by a branch first taken
    // when the window opens (see AllocationMarks).
    private final Histogram[] byPhase = {SeededHistograms.seeded(), hiccups};
    private final Thread thread;
    private volatile boolean running = true;

    private HiccupMeter(final long intervalNanos, final long windowStart, final long windowEnd)
    {
        if (intervalNanos < 1)
        {
            throw new IllegalArgumentException("intervalNanos: " + intervalNanos + "; expected at least 1");
        }
        this.intervalNanos = intervalNanos;
        this.windowStart = windowStart;
        this.windowEnd = windowEnd;
        this.thread = new Thread(this::run, "hiccup-meter");
        thread.setDaemon(true);
    }

    /**
     * A meter that is not running: {@link #recordOnce()} is driven by the caller's own thread.
     *
     * @param intervalNanos how long each park asks for.
     * @param windowStart   first park start recorded (nanoTime).
     * @param windowEnd     first park start no longer recorded.
     * @return the meter.
     */
    static HiccupMeter unstarted(final long intervalNanos, final long windowStart, final long windowEnd)
    {
        return new HiccupMeter(intervalNanos, windowStart, windowEnd);
    }

    /**
     * Start a meter on its own daemon thread. It stops by itself once the window is over, or on {@link #close()}.
     *
     * @param intervalMicros how long each park asks for, microseconds.
     * @param windowStart    first park start recorded (nanoTime).
     * @param windowEnd      first park start no longer recorded.
     * @return the running meter.
     */
    static HiccupMeter start(final long intervalMicros, final long windowStart, final long windowEnd)
    {
        final HiccupMeter meter = new HiccupMeter(TimeUnit.MICROSECONDS.toNanos(intervalMicros), windowStart,
            windowEnd);
        meter.thread.start();
        return meter;
    }

    /**
     * Park once and record the lateness of the wake-up if the park started inside the window. Allocation-free.
     *
     * @return when the park started (nanoTime).
     */
    long recordOnce()
    {
        final long before = System.nanoTime();
        LockSupport.parkNanos(intervalNanos);
        final long late = System.nanoTime() - before - intervalNanos;
        // A park cut short by close() is no sample at all.
        if (running)
        {
            // A park may also return early spuriously: that is no hiccup, so it counts as the lowest value, 1 ns. Not 0:
            // a zero would take HdrHistogram's minimum branch, which the seeds keep untaken (see SeededHistograms).
            byPhase[AllocationMarks.inWindow(before, windowStart, windowEnd)]
                .recordValue(Math.min(Math.max(1, late), LatencyRecorder.HIGHEST_TRACKABLE_NANOS));
        }
        return before;
    }

    private void run()
    {
        while (running)
        {
            if (recordOnce() >= windowEnd)
            {
                return;
            }
        }
    }

    /**
     * @return the park interval, nanoseconds.
     */
    long intervalNanos()
    {
        return intervalNanos;
    }

    /**
     * @return the lateness of each wake-up in the window, nanoseconds: a copy, without the seeds. Read after
     *         {@link #close()}.
     */
    Histogram hiccups()
    {
        return SeededHistograms.withoutSeeds(hiccups);
    }

    /**
     * @return whether the meter's thread is still running.
     */
    boolean isRunning()
    {
        return thread.isAlive();
    }

    /**
     * Stop the meter's thread, if it was started and is still running, and wait for it.
     *
     * @throws InterruptedException if interrupted while waiting.
     */
    @Override
    public void close() throws InterruptedException
    {
        running = false;
        LockSupport.unpark(thread);
        if (thread.getState() != Thread.State.NEW)
        {
            thread.join();
        }
    }
}
