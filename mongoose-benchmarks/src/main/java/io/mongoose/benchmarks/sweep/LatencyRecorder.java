package io.mongoose.benchmarks.sweep;

import org.HdrHistogram.Histogram;

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
 */
public final class LatencyRecorder implements Receiver
{
    /** Largest recordable latency; anything slower is clamped (and shows as max). */
    public static final long HIGHEST_TRACKABLE_NANOS = TimeUnit.SECONDS.toNanos(60);

    // Seeded (see SeededHistograms): no window value moves a minimum or maximum, a branch warm-up never took.
    private final Histogram latency = SeededHistograms.seeded();
    private final Histogram service = SeededHistograms.seeded();
    // Index 0 takes the warm-up (and anything after the window), index 1 the window: chosen by index, not by a branch,
    // so the window is recorded by the code compiled during warm-up (see AllocationMarks).
    private final Histogram[] latencyByPhase = {SeededHistograms.seeded(), latency};
    private final Histogram[] serviceByPhase = {SeededHistograms.seeded(), service};
    private final AtomicLong received = new AtomicLong();
    private long windowStart = Long.MAX_VALUE;
    private long windowEnd = Long.MAX_VALUE;
    private AllocationMarks allocation = new AllocationMarks(Long.MAX_VALUE, Long.MAX_VALUE);

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
        // The allocation baseline is read on the consumer thread itself: reading another running thread's figure is racy.
        allocation.onTime(intendedNanos);
        final int phase = AllocationMarks.inWindow(intendedNanos, windowStart, windowEnd);
        final long latencyNanos = Math.min(now - intendedNanos, HIGHEST_TRACKABLE_NANOS);
        latencyByPhase[phase].recordValue(latencyNanos);
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
     * @return the window's latencies: a copy without the seeds. Call after the consumer has stopped.
     */
    Histogram latency()
    {
        return SeededHistograms.withoutSeeds(latency);
    }

    /**
     * @return the window's service times: a copy without the seeds. Call after the consumer has stopped.
     */
    Histogram service()
    {
        return SeededHistograms.withoutSeeds(service);
    }
}
