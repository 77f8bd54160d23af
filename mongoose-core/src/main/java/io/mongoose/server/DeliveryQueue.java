package io.mongoose.server;

import io.mongoose.pool.AnnouncementIdentities;
import io.mongoose.pool.PooledMessage;
import org.jctools.queues.SpscArrayQueue;


/**
 * The SPSC queue from one feed to one agent group: JCTools' {@link SpscArrayQueue}, whose producer can also announce a
 * message in the message itself before offering it, so that the agent can take it without reading the queue's slot.
 *
 * <p>Why: through a plain queue of references the agent first misses on the slot the producer just wrote and only then
 * learns which message to fetch, a second miss that depends on the first. A message from a
 * {@link io.mongoose.pool.SingleThreadMessageRing} is most likely followed by the next message of its ring, so the
 * agent watches that message's own cache line ({@link InboundQueue#takeAnnounced()}): when the producer's announcement
 * lands there, the agent has the message and its fields in one transfer, and takes the slot with its next poll.
 *
 * <p>Threading: {@link #announceNext(PooledMessage)} and the offers on the feed's one producer thread; everything else
 * on the agent's thread, except {@link #dispatchedAhead}, which the stopping thread reads after joining the agent.
 */
final class DeliveryQueue extends SpscArrayQueue<PooledMessage>
{
    /**
     * Messages the agent took on announcement and dispatched whose slots were still not visible when it stopped; the
     * stop skips that many at the head of the queue instead of releasing them a second time.
     */
    long dispatchedAhead;
    /** This queue's identity in announcements: never reused in this JVM, so no stale announcement can match it. */
    final long identity = AnnouncementIdentities.next();

    DeliveryQueue(final int capacity)
    {
        super(capacity);
    }

    /**
     * Announce {@code message} as the next element, if the next {@link #offer(Object)} cannot fail. The caller, this
     * queue's producer, must then offer it.
     *
     * @param message the message about to be offered, its fields written.
     * <p>JCTools' offer moves its limit ahead a step at a time (a quarter of the capacity, at most 4096 slots) after
     * checking the slot that far ahead is free, so the first message of each step, and every message while the queue
     * is nearly full, goes through its slot unannounced.
     *
     * @return {@code true} if announced; {@code false} if the queue may be full, and nothing was written.
     */
    boolean announceNext(final PooledMessage message)
    {
        final long index = lvProducerIndex();
        // Below the limit JCTools' offer stores into the slot without a further check (SpscArrayQueue.offer).
        if (index >= producerLimit)
        {
            return false;
        }
        message.announce(identity, index);
        return true;
    }
}
