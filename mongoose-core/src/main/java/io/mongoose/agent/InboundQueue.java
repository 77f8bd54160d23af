package io.mongoose.agent;

import io.mongoose.feed.DeliveryQueue;
import io.mongoose.internal.SingleWriterCounter;
import io.mongoose.pool.PooledMessage;

/**
 * One queue feed's queue into one agent group.
 */
public final class InboundQueue extends Inbound
{
    public final DeliveryQueue queue;
    /** Messages taken from the queue whose handlers have all returned; advanced once per drain, by the agent. */
    final SingleWriterCounter completed = new SingleWriterCounter();

    public InboundQueue(final String feedName, final int capacity, final ProcessorSlot[] subscribers)
    {
        super(feedName, subscribers);
        this.queue = new DeliveryQueue(capacity);
    }

    /**
     * The loop and the per-message work stay in one method, which C2 compiles as a whole with the agent's inlined
     * {@code deliver}: handed to JCTools' {@code drain} as a callback, the per-message method was compiled on its own
     * and then not inlined into the loop.
     */
    @Override
    int drain(final DispatchAgent agent, final int limit)
    {
        final DeliveryQueue queue = this.queue;
        final ProcessorSlot[] subscribers = this.subscribers;
        int drained = 0;
        PooledMessage message;
        while (drained < limit && null != (message = queue.relaxedPoll()))
        {
            drained++;
            agent.deliver(message, subscribers, null);
            agent.releaseDelivered(message);
        }
        if (drained > 0)
        {
            // Once per drain rather than per message.
            completed.add(drained);
            agent.returnReleased();
        }
        return drained;
    }

    @Override
    boolean isEmpty()
    {
        return queue.isEmpty();
    }

    @Override
    long progressIfBalanced()
    {
        final long producerIndex = queue.currentProducerIndex();
        return completed.get() == producerIndex ? producerIndex : -1;
    }
}
