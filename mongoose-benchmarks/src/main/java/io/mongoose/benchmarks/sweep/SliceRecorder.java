package io.mongoose.benchmarks.sweep;

import org.HdrHistogram.Histogram;

import java.util.concurrent.atomic.AtomicLong;

/**
 * One hop's latency, a slice at a time. {@link #takeSlice} on the publisher once {@link #received()} equals what it
 * sent: the consumer records before its ordered store of the count, and the publisher resets before its next send.
 */
final class SliceRecorder
{
    private final Histogram slice = new Histogram(LatencyRecorder.HIGHEST_TRACKABLE_NANOS, 3);
    private final AtomicLong received = new AtomicLong();

    /** Record a message's latency from its intended time to now, or only count an untimed one. Allocation-free. */
    void onReceive(final long intendedNanos)
    {
        if (UnpacedTiming.UNTIMED != intendedNanos)
        {
            slice.recordValue(Math.min(LatencyRecorder.HIGHEST_TRACKABLE_NANOS, Math.max(0, System.nanoTime() -
                intendedNanos)));
        }
        received.lazySet(received.get() + 1);
    }

    long received()
    {
        return received.get();
    }

    void takeSlice(final Histogram into)
    {
        into.add(slice);
        slice.reset();
    }
}
