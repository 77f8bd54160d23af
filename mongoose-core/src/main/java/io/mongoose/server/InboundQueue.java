package io.mongoose.server;

import io.mongoose.pool.PooledMessage;

/**
 * One feed's queue into one agent group, with the processors of that group that receive the feed, and the agent's
 * position in the queue.
 *
 * <p>Threading: the take methods on the agent's thread only.
 */
final class InboundQueue extends Inbound
{
    final DeliveryQueue queue;
    /** Messages taken from the queue whose handlers have all returned; advanced once per drain, by the agent. */
    final SingleWriterCounter completed = new SingleWriterCounter();
    /** The message likely to come next: the ring successor of the last one dispatched, or null. */
    private PooledMessage expected;
    /** Messages taken on announcement whose slots are still to be taken from the queue. */
    private int takenAhead;
    /** Messages taken on announcement, ever; agent thread only (tests read it once the agent is joined). */
    long takenOnAnnouncement;

    InboundQueue(final String feedName, final int capacity, final ProcessorSlot[] subscribers)
    {
        super(feedName, subscribers);
        this.queue = new DeliveryQueue(capacity);
    }

    /**
     * The next message, if the producer announced it in the expected message: read from that message's cache line,
     * without touching the queue. Its slot is taken by the next {@link #poll()}.
     *
     * @return the next message, or {@code null} if it was not announced in the expected one (poll instead).
     */
    PooledMessage takeAnnounced()
    {
        final PooledMessage next = expected;
        // The next index: the slots taken so far, and the messages taken ahead of their slots.
        if (null != next && next.isAnnounced(queue.identity, queue.currentConsumerIndex() + takenAhead))
        {
            takenAhead++;
            takenOnAnnouncement++;
            return next;
        }
        return null;
    }

    /**
     * The next message from the queue's slot, once the slots of the messages taken on announcement are taken.
     *
     * @return the next message, or {@code null} if there is none yet.
     */
    PooledMessage poll()
    {
        return takeSlotsAhead() ? queue.relaxedPoll() : null;
    }

    /**
     * Expect the message after {@code last} in its ring next: a producer publishing from a ring takes its slots in
     * order. Only a guess: a wrong one costs a poll, never a wrong delivery, since a message is taken on announcement
     * only if it was announced for this queue at this index.
     *
     * @param last the drain's last message; read for its ring and slot only, so it may already be released.
     */
    void expectAfter(final PooledMessage last)
    {
        expected = last.ringSuccessor();
    }

    /**
     * Take from the queue the slots of the messages already taken on announcement. The producer writes a slot just
     * after the announcement, so it is normally visible by the time the handlers have run.
     *
     * @return {@code true} if none is left; {@code false} if a slot is not visible yet.
     */
    private boolean takeSlotsAhead()
    {
        while (takenAhead > 0)
        {
            if (null == queue.relaxedPoll())
            {
                return false;
            }
            takenAhead--;
        }
        return true;
    }

    /**
     * At the agent's close: wait up to {@code timeoutNanos} for the remaining slots, then leave the count of any still
     * missing on the queue, for the stop to skip.
     */
    void settleOnClose(final long timeoutNanos)
    {
        final long deadline = System.nanoTime() + timeoutNanos;
        while (!takeSlotsAhead() && System.nanoTime() - deadline < 0)
        {
            Thread.onSpinWait();
        }
        queue.dispatchedAhead = takenAhead;
    }
}
