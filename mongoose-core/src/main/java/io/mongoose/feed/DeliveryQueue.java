package io.mongoose.feed;

import io.mongoose.pool.PooledMessage;
import org.jctools.queues.SpscArrayQueue;

/** The SPSC queue from one feed's producer to one agent group, or to the stopping thread once the agent ended. */
public final class DeliveryQueue extends SpscArrayQueue<PooledMessage>
{
    public DeliveryQueue(final int capacity)
    {
        super(capacity);
    }
}
