package io.mongoose.benchmarks.sweep;

import org.HdrHistogram.Histogram;

import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The consumer side of every hop: on each message, latency = now − intended send time (coordinated-omission free,
 * recorded with plain {@code recordValue}) and service time = now − actual send time. Only messages whose intended
 * time falls in the measurement window are recorded; warm-up messages are only counted.
 *
 * <p>Threading: {@link #onReceive} is called by the hop's single consumer thread. The window is set by the publisher
 * before its first send, so the hop's own hand-off publishes it to the consumer. Histograms are read after the
 * consumer thread has been joined.
 *
 * <p>On its first message, warm-up or not, the recorder also learns the consumer thread's kernel thread id (see
 * {@link ProcThreads}), so the harness can read that thread's context switches at the window's edges. Learning it
 * allocates, which is why it happens once and before the window's allocation baseline is taken.
 */
public final class LatencyRecorder
{
    /** Largest recordable latency; anything slower is clamped (and shows as max). */
    public static final long HIGHEST_TRACKABLE_NANOS = TimeUnit.SECONDS.toNanos(60);
    private static final int SIGNIFICANT_DIGITS = 3;
    private static final com.sun.management.ThreadMXBean THREADS =
        (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();

    private final Histogram latency = new Histogram(HIGHEST_TRACKABLE_NANOS, SIGNIFICANT_DIGITS);
    private final Histogram service = new Histogram(HIGHEST_TRACKABLE_NANOS, SIGNIFICANT_DIGITS);
    private final AtomicLong received = new AtomicLong();
    private long windowStart = Long.MAX_VALUE;
    private long windowEnd = Long.MAX_VALUE;
    private volatile long allocatedAtWindowStart = -1;
    /** Consumer thread only: whether it has looked up its thread id, found or not, so it looks only once. */
    private boolean threadIdLookedUp;
    private volatile long consumerThreadId = ProcThreads.UNKNOWN_THREAD_ID;

    /**
     * Set the measurement window. Called by the publisher before its first send.
     *
     * @param start first intended time recorded (nanoTime).
     * @param end   first intended time no longer recorded.
     */
    void window(final long start, final long end)
    {
        windowStart = start;
        windowEnd = end;
    }

    /**
     * Record one message. Allocation-free.
     *
     * @param intendedNanos when the schedule said it should be sent.
     * @param sentNanos     when it was actually sent.
     */
    public void onReceive(final long intendedNanos, final long sentNanos)
    {
        final long now = System.nanoTime();
        if (!threadIdLookedUp)
        {
            threadIdLookedUp = true;
            consumerThreadId = ProcThreads.system().currentThreadId();
        }
        if (intendedNanos >= windowStart && intendedNanos < windowEnd)
        {
            if (allocatedAtWindowStart < 0)
            {
                // Once, on the consumer thread itself: reading another running thread's figure is racy. The first call
                // on a thread allocates (one-time linkage), so prime it and keep the second reading.
                THREADS.getCurrentThreadAllocatedBytes();
                allocatedAtWindowStart = THREADS.getCurrentThreadAllocatedBytes();
            }
            latency.recordValue(Math.min(now - intendedNanos, HIGHEST_TRACKABLE_NANOS));
            service.recordValue(Math.min(now - sentNanos, HIGHEST_TRACKABLE_NANOS));
        }
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
        return allocatedAtWindowStart;
    }

    /**
     * @return the consumer thread's kernel thread id, or {@link ProcThreads#UNKNOWN_THREAD_ID} until its first message
     * (or where {@code /proc} cannot tell).
     */
    long consumerThreadId()
    {
        return consumerThreadId;
    }

    Histogram latency()
    {
        return latency;
    }

    Histogram service()
    {
        return service;
    }
}
