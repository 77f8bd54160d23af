package io.mongoose.agent;

import io.mongoose.dispatch.EventHandler;
import io.mongoose.internal.MessageRing;
import io.mongoose.pool.PooledMessage;

/**
 * A ring feed's way into its one agent group: the feed's {@link MessageRing}, read in place, and the agent's
 * position in it.
 *
 * <p>Threading: {@link #next} on the agent's thread only; the ring's sequences may be read anywhere.
 */
public final class InboundRing extends Inbound
{
    final MessageRing<PooledMessage> ring;
    /**
     * Per subscriber, in {@link #subscribers}' order, its handler for the ring's one message type, or {@code null} if
     * it
     * has none: looked up once here instead of by type per message.
     */
    final EventHandler<PooledMessage>[] handlers;
    /**
     * The handler of the ring's only subscriber when that subscriber handles the ring's type and has no latency
     * monitoring, else {@code null}: the usual case, which the agent dispatches without the per-subscriber loop.
     */
    final EventHandler<PooledMessage> soleHandler;
    /**
     * What a drain calls per message: {@link #soleHandler}, or the agent's fan-out to every subscriber. Set once by the
     * agent as it is built, before its thread starts.
     */
    EventHandler<PooledMessage> handler;
    /** The next sequence the agent dispatches; written back to the ring once per drain. */
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

    /**
     * The messages published since the last drain, up to {@code limit}, dispatched in place in the ring; then their
     * slots handed back with one store. A message a handler retained leaves the ring (see
     * {@link MessageRing#afterDrain(long, long)}); the others are never written by the agent.
     */
    @Override
    int drain(final DispatchAgent agent, final int limit)
    {
        final MessageRing<PooledMessage> ring = this.ring;
        final long first = next;
        // The message expected next says whether it is published: an idle agent waits on that one line, which brings
        // the message's fields too, rather than on the ring's published sequence, a line the producer writes each time.
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

    /** The agent hands a drain's slots back after their handlers have returned, so consumed is "completed". */
    @Override
    long progressIfBalanced()
    {
        final long published = ring.published();
        return ring.consumed() == published ? published : -1;
    }
}
