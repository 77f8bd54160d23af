package io.mongoose.benchmarks.sweep;

import org.HdrHistogram.Histogram;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The sweep's consumer side: latency = now − intended send time (free of coordinated omission), service time = now −
 * actual send time. Only messages intended within the window reach the reported histograms; warm-up messages take the
 * same code into a pair that is thrown away. The window, set before the first send, reaches the consumer with it.
 */
public final class LatencyRecorder implements Receiver
{
    /** Largest recordable latency; anything slower is clamped. */
    public static final long HIGHEST_TRACKABLE_NANOS = TimeUnit.SECONDS.toNanos(60);

    private final Histogram latency = SeededHistograms.seeded();
    private final Histogram service = SeededHistograms.seeded();
    // Index 0 the warm-up (and after the window), 1 the window: by index, not by a branch first taken when the window
    // opens (see AllocationMarks).
    private final Histogram[] latencyByPhase = {SeededHistograms.seeded(), latency};
    private final Histogram[] serviceByPhase = {SeededHistograms.seeded(), service};
    private final AtomicLong received = new AtomicLong();
    private long windowStart = Long.MAX_VALUE;
    private long windowEnd = Long.MAX_VALUE;
    private AllocationMarks allocation = new AllocationMarks(Long.MAX_VALUE, Long.MAX_VALUE);

    /** Set the warm-up's start and the window {@code [start, end)}, before the publisher starts. */
    void window(final long warmupStart, final long start, final long end)
    {
        windowStart = start;
        windowEnd = end;
        allocation = new AllocationMarks(warmupStart, start);
    }

    /** Record one message, or only count an untimed one ({@link UnpacedTiming}). Allocation-free. */
    @Override
    public void onReceive(final long intendedNanos, final long sentNanos)
    {
        if (UnpacedTiming.UNTIMED == intendedNanos)
        {
            received.lazySet(received.get() + 1);
            return;
        }
        final long now = System.nanoTime();
        // Read on the consumer thread itself: reading another running thread's figure is racy.
        allocation.onTime(intendedNanos);
        final int phase = AllocationMarks.inWindow(intendedNanos, windowStart, windowEnd);
        final long latencyNanos = Math.min(now - intendedNanos, HIGHEST_TRACKABLE_NANOS);
        latencyByPhase[phase].recordValue(latencyNanos);
        serviceByPhase[phase].recordValue(Math.min(now - sentNanos, HIGHEST_TRACKABLE_NANOS));
        // Single writer: an ordered store, no atomic read-modify-write.
        received.lazySet(received.get() + 1);
    }

    /** @return messages received so far, warm-up included. */
    public long received()
    {
        return received.get();
    }

    /** @return the consumer's allocated bytes when the window's first message arrived, or -1 if none did. */
    long allocatedAtWindowStart()
    {
        return allocation.atWindowStart();
    }

    /** @return the window's latencies, without the seeds; once the consumer has stopped. */
    Histogram latency()
    {
        return SeededHistograms.withoutSeeds(latency);
    }

    /** @return the window's service times, likewise. */
    Histogram service()
    {
        return SeededHistograms.withoutSeeds(service);
    }
}
