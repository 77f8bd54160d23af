package io.mongoose.pool;

/**
 * Framework use: the references a feed takes and drops on a message it delivers, as opposed to those user code holds
 * (see {@link PooledMessage#refCount()}). A publish turns the caller's reference into one per subscriber queue; the
 * agent that dispatched the message, or the stop that finds it undelivered, drops the queue's. Keeping the two apart
 * is what lets a publish refuse a message its caller no longer holds, and keeps a stray {@link PooledMessage#release()}
 * from freeing a message a queue still holds. Application code has no reason to call these.
 */
public final class FeedReferences
{
    private FeedReferences()
    {
    }

    /**
     * Turn one reference user code holds into {@code queues} references held for delivery. Refused, changing nothing,
     * when user code holds none: the message was published already, or released, or never acquired.
     *
     * @param message the message about to be offered.
     * @param queues  how many queues it is offered to, at least 1.
     * @return {@code false} if user code holds no reference to it.
     */
    public static boolean handOver(final PooledMessage message, final int queues)
    {
        return message.handOver(queues);
    }

    /**
     * Undo {@link #handOver(PooledMessage, int)} for a message that was offered to no queue.
     *
     * @param message the message.
     * @param queues  as handed over.
     */
    public static void takeBack(final PooledMessage message, final int queues)
    {
        message.takeBack(queues);
    }

    /**
     * Drop one reference a queue held; the last one returns the message to its pool.
     *
     * @param message a message taken from a queue, or refused by it.
     * @return {@code true} if it was the last reference.
     * @throws IllegalStateException if no queue holds a reference to it.
     */
    public static boolean releaseQueued(final PooledMessage message)
    {
        return message.releaseQueued();
    }

    /**
     * @param message a message.
     * @return how many references user code holds to it: a publish needs one.
     */
    public static int heldCount(final PooledMessage message)
    {
        return message.heldCount();
    }
}
