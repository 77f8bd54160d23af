package io.mongoose.testing;

import io.mongoose.pool.PooledMessage;

/** A second test message type, unrelated to {@link SeqMessage}: for type checks and per-type behaviour. */
public class OtherMessage extends PooledMessage
{
    public long value;

    @Override
    protected void reset()
    {
        value = 0;
    }
}
