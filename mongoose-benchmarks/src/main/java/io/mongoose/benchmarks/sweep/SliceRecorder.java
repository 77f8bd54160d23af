package io.mongoose.benchmarks.sweep;

import org.HdrHistogram.Histogram;

import java.util.concurrent.atomic.AtomicLong;

/**
 * One hop's latency, a slice at a time: the consumer records each message into the current slice; the publisher, once
 * every message it sent has been received, takes the slice and starts the next one.
 *
 * <p>Threading: {@link #onReceive} on the consumer thread. {@link #takeSlice} on the publisher thread, and only when
 * {@link #received()} equals what it sent: the consumer's recording happens before its ordered store of the count, and
 * the publisher's reset happens before its next send, which the hop hands over to the consumer.
 */
final class SliceRecorder
{
    private final Histogram slice = new Histogram(LatencyRecorder.HIGHEST_TRACKABLE_NANOS, 3);
    private final AtomicLong received = new AtomicLong();

    /**
     * Record one message's latency from its intended send time to now, or only count an untimed one. Allocation-free.
     *
     * @param intendedNanos when the schedule meant to send it, or {@link UnpacedTiming#UNTIMED}.
     */
    void onReceive(final long intendedNanos)
    {
        if (UnpacedTiming.UNTIMED != intendedNanos)
        {
            slice.recordValue(Math.min(LatencyRecorder.HIGHEST_TRACKABLE_NANOS, Math.max(0, System.nanoTime() -
                intendedNanos)));
        }
        received.lazySet(received.get() + 1);
    }

    /**
     * @return messages received, ever.
     */
    long received()
    {
        return received.get();
    }

    /**
     * Add the finished slice to {@code into} and start an empty one.
     *
     * @param into where the slice's values go.
     */
    void takeSlice(final Histogram into)
    {
        into.add(slice);
        slice.reset();
    }
}
