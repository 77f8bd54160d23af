package io.mongoose.server;

import io.mongoose.pool.PooledMessage;
import org.jctools.queues.SpscArrayQueue;

/**
 * One feed's queue into one agent group, with the processors of that group that receive the feed.
 */
final class InboundQueue
{
    final String feedName;
    final SpscArrayQueue<PooledMessage> queue;
    final ProcessorSlot[] subscribers;
    /** Set by {@link FeedPauses}: the agent skips this queue while it is set, so messages wait in it. */
    volatile boolean paused;
    /** Messages taken from the queue whose handlers have all returned; advanced once per drain, by the agent. */
    final SingleWriterCounter completed = new SingleWriterCounter();

    InboundQueue(final String feedName, final int capacity, final ProcessorSlot[] subscribers)
    {
        this.feedName = feedName;
        this.queue = new SpscArrayQueue<>(capacity);
        this.subscribers = subscribers;
    }
}
