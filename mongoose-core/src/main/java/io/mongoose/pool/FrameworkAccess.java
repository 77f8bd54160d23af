package io.mongoose.pool;

import io.mongoose.internal.MessageAccess;
import io.mongoose.internal.MessageRing;
import io.mongoose.internal.ReleaseBatch;

/** The framework's side of {@link PooledMessage} for the other core packages (see {@link MessageAccess}). */
final class FrameworkAccess extends MessageAccess<PooledMessage>
{
    @Override
    public int typeId(final PooledMessage message)
    {
        return message.typeId;
    }

    @Override
    public void stampPublishNanos(final PooledMessage message, final long nanos)
    {
        message.publishNanos = nanos;
    }

    @Override
    public boolean handOver(final PooledMessage message, final int queues)
    {
        return message.handOver(queues);
    }

    @Override
    public void takeBack(final PooledMessage message, final int queues)
    {
        message.takeBack(queues);
    }

    @Override
    public boolean releaseQueued(final PooledMessage message)
    {
        return message.releaseQueued();
    }

    @Override
    public int heldCount(final PooledMessage message)
    {
        return message.heldCount();
    }

    @Override
    @SuppressWarnings("unchecked")
    public MessageRing<PooledMessage> newRing(final Object pool, final int capacity)
    {
        return (MessageRing<PooledMessage>)(MessageRing<?>)((ObjectPool<?>)pool).newSpscRing(capacity);
    }

    @Override
    public ReleaseBatch<PooledMessage> newReleaseBatch(final int capacity)
    {
        return new SingleThreadReleaseBatch(capacity);
    }
}
