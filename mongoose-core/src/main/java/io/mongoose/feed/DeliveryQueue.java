package io.mongoose.feed;

import io.mongoose.pool.PooledMessage;
import org.jctools.queues.SpscArrayQueue;

/**
 * The SPSC queue of message references from one feed to one agent group: offers on the feed's producer thread, polls
 * on the agent's thread, or on the stopping thread once the agent has ended.
 */
public final class DeliveryQueue extends SpscArrayQueue<PooledMessage>
{
    public DeliveryQueue(final int capacity)
    {
        super(capacity);
    }
}
