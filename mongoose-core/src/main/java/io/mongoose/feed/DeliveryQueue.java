package io.mongoose.feed;

import io.mongoose.pool.PooledMessage;
import org.jctools.queues.SpscArrayQueue;

/**
 * The SPSC queue from one feed to one agent group: JCTools' {@link SpscArrayQueue} of message references.
 *
 * <p>Threading: offers on the feed's one producer thread; polls on the agent's thread, or on the stopping thread once
 * the agent has ended.
 */
public final class DeliveryQueue extends SpscArrayQueue<PooledMessage>
{
    public DeliveryQueue(final int capacity)
    {
        super(capacity);
    }
}
