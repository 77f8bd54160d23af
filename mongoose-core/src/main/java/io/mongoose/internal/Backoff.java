package io.mongoose.internal;

import java.util.concurrent.locks.LockSupport;

/**
 * Waits off the fast path. {@link #pause(long)} is the ladder for an empty pool under
 * {@link io.mongoose.pool.ExhaustionPolicy#WAIT}: spin briefly, then yield, then park in short steps.
 * {@link #pauseForFullQueue()} is the wait of a lossless publish on a full queue. Stateless and allocation-free; the
 * caller owns the attempt count and the deadline.
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
     * Load and link this class and what its waits call, without waiting. Call it from the static initializer of a
     * class whose fast path may fall back to a wait here, so that a first wait does not load classes (and allocate)
     * on a running publisher or acquirer ({@code docs/architecture.md}, "Cold paths"). Idempotent.
     */
    public static void link()
    {
        // A zero park returns at once; the call resolves LockSupport here rather than at the first real wait.
        LockSupport.parkNanos(0);
    }

    /**
     * Pause once.
     *
     * @param attempt how many times the caller has already tried, from 1.
     */
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

    /**
     * Wait before probing a full queue again: park at once. Each probe reads cache lines the consumer is about to
     * write, so a producer probing in a loop slows the consumer it waits for; a full queue holds a queue's worth of
     * work, so the park (tens of microseconds with Linux's default timer slack) costs no throughput.
     */
    public static void pauseForFullQueue()
    {
        LockSupport.parkNanos(FULL_QUEUE_PARK_NANOS);
    }
}
