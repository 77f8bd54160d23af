package io.mongoose.benchmarks.sweep;

/**
 * A hop whose consumer side runs on the caller's thread, one {@link #poll()} at a time ({@link PolledConsumers});
 * {@link #poll()} and {@link #close()} on the thread that created it.
 */
interface PolledHop extends PairedLane, AutoCloseable
{
    /** @return messages handled, up to the hop's batch limit, each recorded; 0 when there was nothing. */
    int poll();

    /** Stop the hop; throws unless it ended cleanly. */
    @Override
    void close();
}
