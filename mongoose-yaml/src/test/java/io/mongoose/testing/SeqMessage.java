package io.mongoose.testing;

import io.mongoose.pool.PooledMessage;

/** A test message carrying (producer, sequence). */
public class SeqMessage extends PooledMessage
{
    public int producer;
    public long sequence;
    public int resets;

    @Override
    protected void reset()
    {
        producer = -1;
        sequence = -1;
        resets++;
    }
}
