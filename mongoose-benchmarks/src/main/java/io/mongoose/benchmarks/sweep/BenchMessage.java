package io.mongoose.benchmarks.sweep;

import io.mongoose.pool.PooledMessage;

/**
 * The message Mongoose carries: the same two stamps as {@link BenchEvent}, pooled. No {@code reset()}: every send
 * writes both fields, as every claim of a Disruptor event does, so clearing them on return would be work no peer does.
 */
public final class BenchMessage extends PooledMessage
{
    long intendedNanos;
    long sentNanos;
}
