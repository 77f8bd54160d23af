package io.mongoose.pool;

import org.jctools.queues.MessagePassingQueue;

/** Hands {@code held[next, ...)} to a free list's batch {@code fill}, in order; one per release batch. */
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
