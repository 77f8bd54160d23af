package io.mongoose.benchmarks.sweep;

/**
 * One transport in a paired run ({@link PairedRunMain}) as its publisher thread sees it: where to send, and where the
 * consumer records what arrived.
 *
 * <p>Threading: every method on the publisher thread; {@link #recorder()} as its own Javadoc says.
 */
interface PairedLane
{
    /**
     * @return the transport measured.
     */
    Transport transport();

    /**
     * Hand one message to the consumer side, waiting (busy) while the hop is full.
     *
     * @param intendedNanos when the schedule meant to send it.
     * @param sentNanos     when it was actually sent.
     */
    void send(long intendedNanos, long sentNanos);

    /**
     * @return where this transport's measured messages are recorded.
     */
    SliceRecorder recorder();
}
