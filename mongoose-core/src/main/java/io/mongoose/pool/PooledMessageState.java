package io.mongoose.pool;

/**
 * The framework's fields of a {@link PooledMessage} that the producer does not write per message: identity, pool,
 * reference count and the pool-ring bookkeeping.
 *
 * <p>Why a class of their own: the JVM lays a superclass's fields out before a subclass's, so putting these here leaves
 * {@link PooledMessage}'s own per-publish fields (the announcement and the publish stamp) directly ahead of the
 * subclass's payload. A consumer waiting on the announcement then most often finds the payload on the same cache line,
 * and takes both in one transfer.
 */
abstract class PooledMessageState extends PooledMessagePad
{
    final int typeId = MessageTypes.idOf(getClass());
    ObjectPool<?> pool;
    @SuppressWarnings("unused") // accessed through PooledMessage.REF_COUNT
    volatile int refCount;
    /**
     * The {@link SingleThreadMessageRing} this message belongs to while it is lent to one, else {@code null}. Written
     * only while no other thread can see the message: by the ring as it claims it, and by the ring's taker as it
     * returns it to the pool's free list (whose offer publishes the write).
     */
    SingleThreadMessageRing<?> ring;
    @SuppressWarnings("unused") // accessed through PooledMessage.RING_STATE
    volatile int ringState;
    /**
     * Where in a lap its ring takes this message (its ring's {@code slotAt} gives the slot), fixed when the ring is
     * built; meaningful only while {@link #ring} is set.
     */
    int ringPosition;
    /**
     * The {@link SpscMessageRing} whose slot this message lies in, else {@code null}: a reference taken or dropped while
     * it lies there is counted by that ring, so its consumer need not read the count of every message it dispatches.
     * Written by the ring's producer as the message enters a slot (before the publish that shows it to the consumer),
     * by the consumer as it leaves one and by the ring's closer, each before the ring's reference goes. A holder racing
     * the consumer's write may count a change the ring no longer cares about, which costs the consumer one read.
     */
    SpscMessageRing<?> spscRing;
}
