package io.mongoose.internal;

/**
 * A ring of pooled messages that is itself the queue between one producer and one consumer: the producer claims the
 * message in the next slot, fills it and publishes it; the consumer reads published messages in place and hands their
 * slots back. Made by {@link MessageAccess#newRing(Object, int)}.
 *
 * <p>Threading: {@link #tryClaim()}, the publishes, {@link #producerSequence()} and {@link #claimedUnpublished()} on
 * the producer's thread; {@link #isPublished(long)}, {@link #messageAt(long)}, {@link #afterDrain(long, long)} and
 * {@link #consumedUpTo(long)} on the consumer's; the sequences anywhere; {@link #close()} once both are done.
 *
 * @param <M> the message type.
 */
public abstract class MessageRing<M>
{
    /** For the pool package's one implementation. */
    protected MessageRing()
    {
    }

    /** @return the message in the next slot, reset and lent to the caller until published; null if the ring is full. */
    public abstract M tryClaim();

    /** @param message the oldest claimed message not yet published. */
    public abstract void publish(M message);

    /**
     * Publish the {@code count} oldest claimed messages, in claim order from {@code offset}; checked whole first, so a
     * batch that does not match publishes nothing.
     */
    public abstract void publish(M[] messages, int offset, int count);

    /** @return whether the message at the next sequence the consumer expects is published (then visible). */
    public abstract boolean isPublished(long sequence);

    /** @return the message at a published sequence not yet handed back. */
    public abstract M messageAt(long sequence);

    /** After the dispatch of the drain [from, to): messages a handler kept leave the ring; returns how many. */
    public abstract int afterDrain(long from, long to);

    /** @param sequence one past the last message handed back to the producer. */
    public abstract void consumedUpTo(long sequence);

    /** @return messages published, ever (an acquire read). */
    public abstract long published();

    /** @return messages handed back, ever. */
    public abstract long consumed();

    /** @return messages published and not yet handed back. */
    public abstract long depth();

    /** @return the producer's own count of published messages; producer thread only. */
    public abstract long producerSequence();

    /** @return messages claimed and not yet published; producer thread only. */
    public abstract int claimedUnpublished();

    /** @return the one message class the ring carries. */
    public abstract Class<? extends M> messageType();

    /** Return every message to its pool and refuse later claims; returns how many. */
    public abstract int close();

    /**
     * After {@link #close()}, on the producer thread, under the lock the closer held: a claim that raced the close can
     * have refilled a slot the close had emptied; give any such message back to its pool.
     *
     * @return the messages given back.
     */
    public abstract int returnStrays();
}
