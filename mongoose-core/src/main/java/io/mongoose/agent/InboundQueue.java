package io.mongoose.agent;

import io.mongoose.feed.DeliveryQueue;
import io.mongoose.internal.SingleWriterCounter;
import io.mongoose.pool.PooledMessage;

/** One queue feed's queue into one agent group. */
public final class InboundQueue extends Inbound
{
    public final DeliveryQueue queue;
    /** Messages taken whose handlers have all returned; advanced once per drain. */
    final SingleWriterCounter completed = new SingleWriterCounter();

    public InboundQueue(final String feedName, final int capacity, final ProcessorSlot[] subscribers)
    {
        super(feedName, subscribers);
        this.queue = new DeliveryQueue(capacity);
    }

    /** The loop and the per-message work in one method, so C2 inlines the agent's {@code deliver} into the loop. */
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
