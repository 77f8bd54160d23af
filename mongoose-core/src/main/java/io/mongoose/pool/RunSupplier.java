package io.mongoose.pool;

import org.jctools.queues.MessagePassingQueue;

/**
 * Hands the messages of {@code held[next, ...)} to a free list's batch {@code fill}, in order. Owned by one
 * {@link SingleThreadReleaseBatch}, so it needs no synchronisation and no allocation per run.
 */
final class RunSupplier implements MessagePassingQueue.Supplier<PooledMessage>
{
    private PooledMessage[] held;
    private int next;

    void start(final PooledMessage[] held, final int from)
    {
        this.held = held;
        this.next = from;
    }

    int next()
    {
        return next;
    }

    @Override
    public PooledMessage get()
    {
        return held[next++];
    }
}
