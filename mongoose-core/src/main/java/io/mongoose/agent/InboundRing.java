package io.mongoose.agent;

import io.mongoose.dispatch.EventHandler;
import io.mongoose.internal.MessageRing;
import io.mongoose.pool.PooledMessage;

/** A ring feed's way into its agent group: the feed's {@link MessageRing}, read in place, and the agent's position. */
public final class InboundRing extends Inbound
{
    final MessageRing<PooledMessage> ring;
    /** Per subscriber, its handler for the ring's one message type or {@code null}: looked up once, not per message. */
    final EventHandler<PooledMessage>[] handlers;
    /** The only subscriber's handler if it has one and no latency monitoring, else {@code null}: no fan-out then. */
    final EventHandler<PooledMessage> soleHandler;
    /** What a drain calls per message: {@link #soleHandler} or the agent's fan-out; set before the thread starts. */
    EventHandler<PooledMessage> handler;
    /** The next sequence the agent dispatches; agent thread only. */
    long next;

    @SuppressWarnings("unchecked")
    public InboundRing(final String feedName, final MessageRing<PooledMessage> ring, final ProcessorSlot[] subscribers)
    {
        super(feedName, subscribers);
        this.ring = ring;
        this.handlers = (EventHandler<PooledMessage>[])new EventHandler<?>[subscribers.length];
        for (int i = 0; i < subscribers.length; i++)
        {
            handlers[i] = subscribers[i].table.handlerFor(ring.messageType());
        }
        this.soleHandler = 1 == subscribers.length && null == subscribers[0].latency ? handlers[0] : null;
    }

    /** Dispatches in place, then hands the drain's slots back with one store; the agent writes no message. */
    @Override
    int drain(final DispatchAgent agent, final int limit)
    {
        final MessageRing<PooledMessage> ring = this.ring;
        final long first = next;
        // An idle agent polls the message it expects next, whose line brings its fields too, not the ring's sequence.
        if (!ring.isPublished(first))
        {
            return 0;
        }
        final long end = agent.walk(ring, first, first + limit, subscribers[0], handler);
        agent.afterRingDrain(ring, first, end);
        next = end;
        ring.consumedUpTo(end);
        return (int)(end - first);
    }

    @Override
    boolean isEmpty()
    {
        return 0 == ring.depth();
    }

    /** A drain's slots are handed back after their handlers return, so consumed means completed. */
    @Override
    long progressIfBalanced()
    {
        final long published = ring.published();
        return ring.consumed() == published ? published : -1;
    }
}
