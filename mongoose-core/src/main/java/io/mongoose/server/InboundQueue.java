package io.mongoose.server;

/**
 * One feed's queue into one agent group, with the processors of that group that receive the feed.
 *
 * <p>Threading: the queue is drained on the agent's thread only.
 */
final class InboundQueue extends Inbound
{
    final DeliveryQueue queue;
    /** Messages taken from the queue whose handlers have all returned; advanced once per drain, by the agent. */
    final SingleWriterCounter completed = new SingleWriterCounter();

    InboundQueue(final String feedName, final int capacity, final ProcessorSlot[] subscribers)
    {
        super(feedName, subscribers);
        this.queue = new DeliveryQueue(capacity);
    }
}
