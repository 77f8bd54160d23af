package io.mongoose.benchmarks.soak;

import io.mongoose.pool.PooledMessage;

/** The soak's message: which feed it was published on and its sequence on that feed. */
public final class SoakMessage extends PooledMessage
{
    int feed;
    long sequence;

    @Override
    protected void reset()
    {
        // So that a message handled after it went back to its pool fails the sequence check.
        feed = -1;
        sequence = -1;
    }
}
