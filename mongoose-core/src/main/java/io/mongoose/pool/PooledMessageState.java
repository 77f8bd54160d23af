package io.mongoose.pool;

import io.mongoose.internal.MessageTypes;

/**
 * The framework's fields of one {@link PooledMessage}: type, pool, reference count, the ring slot it lies in and the
 * publish stamp. An object of its own, made by the message's constructor right after the message, so a ring feed's
 * publish and dispatch, which write none of these, touch only the message's own lines.
 */
final class PooledMessageState
{
    final int typeId;
    ObjectPool<?> pool;
    @SuppressWarnings("unused") // accessed through PooledMessage.REF_COUNT
    volatile int refCount;
    /**
     * The {@link SpscMessageRing} whose slot this message lies in, else {@code null}: a reference taken or dropped
     * while
     * it lies there is counted by that ring, so its consumer need not read the count of every message it dispatches.
     * Written by the ring as the message enters a slot (before the publish that shows it to the consumer), by the
     * consumer as it leaves one and by the ring's closer, each before the ring's reference goes. A holder racing the
     * consumer's write may count a change the ring no longer cares about, which costs the consumer one read.
     */
    SpscMessageRing<?> spscRing;
    long publishNanos;

    /**
     * @param typeId the message class's dense id ({@link MessageTypes#idOf(Class)}).
     */
    PooledMessageState(final int typeId)
    {
        this.typeId = typeId;
    }
}
