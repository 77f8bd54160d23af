package io.mongoose.server;

import io.mongoose.pool.PooledMessage;
import org.jctools.queues.SpscArrayQueue;

/**
 * The SPSC queue from one feed to one agent group: JCTools' {@link SpscArrayQueue} of message references.
 *
 * <p>Threading: offers on the feed's one producer thread; polls on the agent's thread, or on the stopping thread once
 * the agent has ended.
 */
final class DeliveryQueue extends SpscArrayQueue<PooledMessage>
{
    DeliveryQueue(final int capacity)
    {
        super(capacity);
    }
}
