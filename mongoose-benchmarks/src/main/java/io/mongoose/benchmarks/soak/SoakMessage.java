package io.mongoose.benchmarks.soak;

import io.mongoose.pool.PooledMessage;

/**
 * The soak's message: which feed it was published on and its sequence on that feed.
 */
public final class SoakMessage extends PooledMessage
{
    int feed;
    long sequence;

    @Override
    protected void reset()
    {
        // -1 rather than 0, so a message handled after it went back to its pool fails the sequence check.
        feed = -1;
        sequence = -1;
    }
}
