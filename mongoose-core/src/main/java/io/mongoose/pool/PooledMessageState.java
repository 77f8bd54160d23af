package io.mongoose.pool;

/**
 * The framework's fields of one {@link PooledMessage} that a publish does not write: type, pool, reference count, ring
 * bookkeeping, the queue it was last announced to and the publish stamp. An object of its own, so that the message
 * itself is its header, a reference to this, the announced index and the subclass's payload (see
 * {@link PooledMessage}, "Memory"); every access to these fields costs the one load of that reference.
 *
 * <p>Made by the message's constructor, right after the message; a {@link MessageLayout#PACKED} pool replaces it with
 * one made after all its messages, a {@link MessageLayout#SPACED} pool keeps it, so the states space the messages a
 * state apart (see {@link PooledMessage}, "Memory"). Padded ahead ({@link PooledMessagePad}): sixteen bytes between
 * the previous object's last bytes and the count.
 */
final class PooledMessageState extends PooledMessagePad
{
    final int typeId;
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
    /**
     * The queue the message was last announced to (see {@link PooledMessage#announce(long, long)}). A number, not a
     * reference: a reference stored per announcement would cost a GC write barrier on the hot path, and G1 hands the
     * cards it dirties to refinement threads that then compete for the CPUs. Written only when a message moves to
     * another queue, so the line stays one the consumer reads without the producer taking it back.
     */
    long announcedQueue;
    long publishNanos;

    /**
     * @param typeId the message class's dense id ({@link MessageTypes#idOf(Class)}).
     */
    PooledMessageState(final int typeId)
    {
        this.typeId = typeId;
    }
}
