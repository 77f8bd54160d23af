package io.mongoose.internal;

import java.util.concurrent.locks.LockSupport;

/**
 * Waits off the fast path: {@link #pause(long)} for an empty pool under {@link io.mongoose.pool.ExhaustionPolicy#WAIT},
 * {@link #pauseForFullQueue()} for a lossless publish on a full queue. Stateless and allocation-free; the caller owns
 * the attempt count and the deadline.
 */
public final class Backoff
{
    private static final long SPINS = 200;
    private static final long YIELDS = 100;
    private static final long PARK_NANOS = 20_000;
    private static final long FULL_QUEUE_PARK_NANOS = 1_000;

    private Backoff()
    {
    }

    /**
     * Load and link what the waits call, without waiting: called from the static initializer of a class whose fast
     * path may wait here, so a first wait does not load classes (and allocate) on a running thread.
     */
    public static void link()
    {
        LockSupport.parkNanos(0);
    }

    /** Pause once, after {@code attempt} (from 1) tries: spin briefly, then yield, then park in short steps. */
    public static void pause(final long attempt)
    {
        if (attempt < SPINS)
        {
            Thread.onSpinWait();
        }
        else if (attempt < SPINS + YIELDS)
        {
            Thread.yield();
        }
        else
        {
            LockSupport.parkNanos(PARK_NANOS);
        }
    }

    /** Park before probing a full queue again: a spinning probe would slow the consumer it waits for. */
    public static void pauseForFullQueue()
    {
        LockSupport.parkNanos(FULL_QUEUE_PARK_NANOS);
    }
}
