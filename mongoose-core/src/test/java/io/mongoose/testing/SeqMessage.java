package io.mongoose.testing;

import io.mongoose.feed.FeedPublisher;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PooledMessage;

/** A test message carrying (producer, sequence). */
public class SeqMessage extends PooledMessage
{
    public int producer;
    public long sequence;
    public int resets;

    /** Publish {@code count} messages from {@code pool} on {@code feed} as producer 0, sequences 0 to count - 1. */
    public static void publishSequence(final ObjectPool<SeqMessage> pool, final FeedPublisher feed, final int count)
    {
        for (int i = 0; i < count; i++)
        {
            final SeqMessage m = pool.acquire();
            m.producer = 0;
            m.sequence = i;
            feed.publish(m);
        }
    }

    @Override
    protected void reset()
    {
        producer = -1;
        sequence = -1;
        resets++;
    }
}
