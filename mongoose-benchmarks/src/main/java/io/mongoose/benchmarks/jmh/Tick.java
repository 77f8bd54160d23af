package io.mongoose.benchmarks.jmh;

import io.mongoose.pool.PooledMessage;

/** The message of the pool and hop benchmarks: two primitive fields, like a small market-data update. */
public final class Tick extends PooledMessage
{
    long sequence;
    long value;

    /** Created by a pool's factory or a baseline's setup, never per operation on a pooled path. */
    public Tick()
    {
    }

    @Override
    protected void reset()
    {
        sequence = 0;
        value = 0;
    }
}
