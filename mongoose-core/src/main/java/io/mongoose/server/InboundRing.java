package io.mongoose.server;

import io.mongoose.dispatch.EventHandler;
import io.mongoose.pool.PooledMessage;
import io.mongoose.pool.SpscMessageRing;

/**
 * A ring feed's way into its one agent group: the feed's {@link SpscMessageRing}, read in place, and the agent's
 * position in it.
 *
 * <p>Threading: {@link #next} on the agent's thread only; the ring's sequences may be read anywhere.
 */
final class InboundRing extends Inbound
{
    final SpscMessageRing<?> ring;
    /**
     * Per subscriber, in {@link #subscribers}' order, its handler for the ring's one message type, or {@code null} if it
     * has none: looked up once here instead of by type per message.
     */
    final EventHandler<PooledMessage>[] handlers;
    /**
     * The handler of the ring's only subscriber when that subscriber handles the ring's type and has no latency
     * monitoring, else {@code null}: the usual case, which the agent dispatches without the per-subscriber loop.
     */
    final EventHandler<PooledMessage> soleHandler;
    /** The next sequence the agent dispatches; written back to the ring once per drain. */
    long next;
    @SuppressWarnings("unchecked")
    InboundRing(final String feedName, final SpscMessageRing<?> ring, final ProcessorSlot[] subscribers)
    {
        super(feedName, subscribers);
        this.ring = ring;
        this.handlers = (EventHandler<PooledMessage>[])new EventHandler<?>[subscribers.length];
        for (int i = 0; i < subscribers.length; i++)
        {
            handlers[i] = subscribers[i].table.handlerFor(ring.pool().type());
        }
        this.soleHandler = 1 == subscribers.length && null == subscribers[0].latency ? handlers[0] : null;
    }
}
