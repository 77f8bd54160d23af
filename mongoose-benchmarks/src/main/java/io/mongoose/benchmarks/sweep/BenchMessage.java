package io.mongoose.benchmarks.sweep;

import io.mongoose.pool.PooledMessage;

/** The message Mongoose carries, pooled; no {@code reset()}, as every send writes both fields. */
public final class BenchMessage extends PooledMessage
{
    long intendedNanos;
    long sentNanos;
}
