package io.mongoose.concurrency;

import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PooledMessage;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The pooled message the jcstress scenarios share: two payload fields a producer writes and a reader checks, and a
 * record of every {@link #reset()} so an arbiter can tell whether, how often and at what reference count the pool
 * reset it.
 *
 * <p>The payload fields are plain, like a real message's: Mongoose promises their visibility through its hand-offs
 * (reference counts, queues), which is exactly what the scenarios test. The reset record is plain too: it is written by
 * whichever thread releases last and read by the arbiter, which jcstress runs after both actors.
 */
public final class ProbeMessage extends PooledMessage
{
    /** What a producer writes into {@link #first}; never a reset value. */
    public static final long FIRST = 1111L;
    /** What a producer writes into {@link #second}; never a reset value. */
    public static final long SECOND = 2222L;

    /** First payload field; 0 after {@link #reset()}. */
    public long first;
    /** Second payload field; 0 after {@link #reset()}. */
    public long second;
    /** Releases that ran {@link #reset()}: exactly one per trip back to the pool. */
    public int resets;
    /** {@link #refCount()} seen inside the last {@link #reset()}; -1 before the first. */
    public int refCountAtReset = -1;
    /**
     * Threads holding the instance as acquired right now, counted by the scenario that checks exclusive hand-out.
     * Atomic because two threads that were wrongly handed the same instance would otherwise lose each other's update
     * and hide the very overlap it is there to show.
     */
    public final AtomicInteger holders = new AtomicInteger();

    /**
     * A pool of {@code capacity} probes that fails fast when empty, so that growth can never hide an instance the
     * pool lost.
     *
     * @param capacity instances created up front.
     * @return a new pool, not registered anywhere: each jcstress state owns its own.
     */
    public static ObjectPool<ProbeMessage> newPool(final int capacity)
    {
        return new ObjectPool<>("probe", ProbeMessage.class, ProbeMessage::new,
            PoolConfig.of(capacity).failOnExhaustion());
    }

    /** Fills both payload fields, as a producer does before handing the message on. */
    public void fill()
    {
        first = FIRST;
        second = SECOND;
    }

    @Override
    protected void reset()
    {
        resets++;
        refCountAtReset = refCount();
        first = 0;
        second = 0;
    }
}
