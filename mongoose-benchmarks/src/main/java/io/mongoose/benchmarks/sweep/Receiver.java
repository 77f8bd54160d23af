package io.mongoose.benchmarks.sweep;

/**
 * Where a {@link Hop} delivers each message: the sweep's {@link LatencyRecorder}, or a paired run's {@link SliceGate}.
 *
 * <p>Threading: called on the hop's single consumer thread only.
 */
interface Receiver
{
    /**
     * One message has reached the consumer's handler.
     *
     * @param intendedNanos when the schedule meant to send it.
     * @param sentNanos     when it was actually sent.
     */
    void onReceive(long intendedNanos, long sentNanos);
}
