package io.mongoose.benchmarks.sweep;

/**
 * A hop whose consumer side runs on the caller's thread, one {@link #poll()} at a time, so that several hops can share
 * one consumer thread and one publisher thread and be measured in alternating slices of one run (see
 * {@link PairedRunMain}).
 *
 * <p>Threading: {@link #send} on the publisher thread only; {@link #poll()} and {@link #close()} on the consumer thread
 * only, the thread that created the hop; {@link #recorder()} from either, as its own Javadoc says.
 */
interface PolledHop extends PairedLane, AutoCloseable
{
    /**
     * Handle whatever has arrived, up to the hop's batch limit, recording each message.
     *
     * @return messages handled; 0 when there was nothing.
     */
    int poll();

    /** Stop the hop and check that it ended cleanly; consumer thread. */
    @Override
    void close();
}
