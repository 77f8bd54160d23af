package io.mongoose.pool;

import java.util.concurrent.locks.LockSupport;

/**
 * The wait ladder shared by bounded waits off the fast path (an empty pool under {@link ExhaustionPolicy#WAIT}, a full
 * queue under a lossless publish): spin briefly, then yield, then park in short steps. Stateless and allocation-free,
 * so any number of threads can use it; the caller owns the attempt count and the deadline.
 */
public final class Backoff
{
    private static final long SPINS = 200;
    private static final long YIELDS = 100;
    private static final long PARK_NANOS = 20_000;

    private Backoff()
    {
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
}
