package io.mongoose.benchmarks.sweep;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The consumer side of every hop: on each message, latency = now − intended send time (coordinated-omission free,
 * recorded with plain {@code recordValue}) and service time = now − actual send time. Only messages whose intended
 * time falls in the measurement window reach the reported histograms; warm-up messages go through the same code into
 * a pair that is thrown away.
 *
 * <p>Threading: {@link #onReceive} is called by the hop's single consumer thread. The window is set by the publisher
 * before its first send, so the hop's own hand-off publishes it to the consumer. Histograms are read after the
 * consumer thread has been joined.
 *
 * <p>On its first message, warm-up or not, the recorder also learns the consumer thread's kernel thread id (see
 * {@link ProcThreads}), so the harness can read that thread's context switches at the window's edges. Learning it
 * allocates, which is why it happens once and before the window's allocation baseline is taken.
 *
 * <p>The window is also recorded in parts of equal length, at most {@value #MOST_WINDOW_PARTS}, each into a histogram
 * of its own, for the median of each part ({@link #windowMedians()}): the host can move the run's two CPUs during the
 * window, where no probe can look without taking a CPU from the run, and a move shows as a step in the medians (see
 * {@link Placement}).
 */
public final class LatencyRecorder implements Receiver
{
    /** Largest recordable latency; anything slower is clamped (and shows as max). */
    public static final long HIGHEST_TRACKABLE_NANOS = TimeUnit.SECONDS.toNanos(60);
    /** The window is recorded in this many parts or fewer (at least half as many, for a window of 2 ns or more). */
    public static final int MOST_WINDOW_PARTS = 10;

    // Seeded (see SeededHistograms): no window value moves a minimum or maximum, a branch warm-up never took.
    private final Histogram latency = SeededHistograms.seeded();
    private final Histogram service = SeededHistograms.seeded();
    // Index 0 takes the warm-up (and anything after the window), index 1 the window: chosen by index, not by a branch,
    // so the window is recorded by the code compiled during warm-up (see AllocationMarks).
    private final Histogram[] latencyByPhase = {SeededHistograms.seeded(), latency};
    private final Histogram[] serviceByPhase = {SeededHistograms.seeded(), service};
    private final AtomicLong received = new AtomicLong();
    /** Index 0 takes whatever falls outside the window; 1 to {@link #MOST_WINDOW_PARTS} the window's parts. */
    private Histogram[] latencyByPart = {SeededHistograms.seeded()};
    /** A part is {@code 1 << partShift} nanoseconds: a shift, not a division, per message. */
    private int partShift = Long.SIZE - 1;
    private long windowStart = Long.MAX_VALUE;
    private long windowEnd = Long.MAX_VALUE;
    private AllocationMarks allocation = new AllocationMarks(Long.MAX_VALUE, Long.MAX_VALUE);

    /** Consumer thread only: whether it has looked up its thread id, found or not, so it looks only once. */
    private boolean threadIdLookedUp;
    private volatile long consumerThreadId = ProcThreads.UNKNOWN_THREAD_ID;

    /**
     * Set the warm-up and the measurement window. Called before the publisher starts.
     *
     * @param warmupStart first intended time of the warm-up (nanoTime).
     * @param start       first intended time recorded.
     * @param end         first intended time no longer recorded.
     */
    void window(final long warmupStart, final long start, final long end)
    {
        windowStart = start;
        windowEnd = end;
        allocation = new AllocationMarks(warmupStart, start);
        partShift = partShift(end - start);
        final int parts = (int)((end - start + (1L << partShift) - 1) >>> partShift);
        latencyByPart = new Histogram[1 + Math.max(1, parts)];
        for (int i = 0; i < latencyByPart.length; i++)
        {
            latencyByPart[i] = SeededHistograms.seeded();
        }
    }

    /**
     * @param windowNanos the window's length, at least 1.
     * @return the smallest shift whose part, {@code 1 << shift} nanoseconds, cuts the window into at most
     *         {@link #MOST_WINDOW_PARTS} parts.
     */
    static int partShift(final long windowNanos)
    {
        final long part = Math.max(1, (windowNanos + MOST_WINDOW_PARTS - 1) / MOST_WINDOW_PARTS);
        return Long.SIZE - Long.numberOfLeadingZeros(part - 1);
    }

    /**
     * Record one message, or only count an untimed one (see {@link UnpacedTiming}). Allocation-free.
     *
     * @param intendedNanos when the schedule said it should be sent, or {@link UnpacedTiming#UNTIMED}.
     * @param sentNanos     when it was actually sent, or {@link UnpacedTiming#UNTIMED}.
     */
    @Override
    public void onReceive(final long intendedNanos, final long sentNanos)
    {
        if (UnpacedTiming.UNTIMED == intendedNanos)
        {
            // Counted only: a throughput run's untimed message says nothing of its own time or window.
            received.lazySet(received.get() + 1);
            return;
        }
        final long now = System.nanoTime();
        if (!threadIdLookedUp)
        {
            threadIdLookedUp = true;
            consumerThreadId = ProcThreads.system().currentThreadId();
        }
        // The allocation baseline is read on the consumer thread itself: reading another running thread's figure is racy.
        allocation.onTime(intendedNanos);
        final int phase = AllocationMarks.inWindow(intendedNanos, windowStart, windowEnd);
        final long latencyNanos = Math.min(now - intendedNanos, HIGHEST_TRACKABLE_NANOS);
        latencyByPhase[phase].recordValue(latencyNanos);
        // Branch-free, as the phase is: outside the window the phase of 0 picks index 0 whatever the part reads.
        final long part = Math.min(latencyByPart.length - 2, Math.max(0, intendedNanos - windowStart) >>> partShift);
        latencyByPart[phase * (1 + (int)part)].recordValue(latencyNanos);
        serviceByPhase[phase].recordValue(Math.min(now - sentNanos, HIGHEST_TRACKABLE_NANOS));
        // Single writer: an ordered store, no atomic read-modify-write.
        received.lazySet(received.get() + 1);
    }

    /**
     * @return messages received so far, warm-up included.
     */
    public long received()
    {
        return received.get();
    }

    /**
     * @return the consumer thread's allocated bytes when the first message of the window arrived, or -1 if none did.
     */
    long allocatedAtWindowStart()
    {
        return allocation.atWindowStart();
    }

    /**
     * @return the consumer thread's kernel thread id, or {@link ProcThreads#UNKNOWN_THREAD_ID} until its first message
     * (or where {@code /proc} cannot tell).
     */
    long consumerThreadId()
    {
        return consumerThreadId;
    }

    /**
     * @return the window's latencies: a copy without the seeds. Call after the consumer has stopped.
     */
    Histogram latency()
    {
        return SeededHistograms.withoutSeeds(latency);
    }

    /**
     * @return the median latency of each part of the window that recorded a message, in time order, nanoseconds. Call
     *         after the consumer has stopped. Allocates.
     */
    List<Long> windowMedians()
    {
        final List<Long> medians = new ArrayList<>();
        for (int i = 1; i < latencyByPart.length; i++)
        {
            final Histogram part = SeededHistograms.withoutSeeds(latencyByPart[i]);
            if (part.getTotalCount() > 0)
            {
                medians.add(part.getValueAtPercentile(50));
            }
        }
        return medians;
    }

    /**
     * @return the window's service times: a copy without the seeds. Call after the consumer has stopped.
     */
    Histogram service()
    {
        return SeededHistograms.withoutSeeds(service);
    }
}
