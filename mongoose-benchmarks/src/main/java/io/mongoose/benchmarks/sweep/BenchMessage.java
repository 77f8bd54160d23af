package io.mongoose.benchmarks.sweep;

import io.mongoose.pool.PooledMessage;

/**
 * The message Mongoose carries: the same two stamps as {@link BenchEvent}, pooled.
 */
public final class BenchMessage extends PooledMessage
{
    long intendedNanos;
    long sentNanos;

    @Override
    protected void reset()
    {
        intendedNanos = 0;
        sentNanos = 0;
    }
}
