package io.mongoose.pool;

/**
 * Thrown by {@link ObjectPool#acquire()} on an empty pool under {@link ExhaustionPolicy#FAIL}, or under
 * {@link ExhaustionPolicy#WAIT} when no message came back in time.
 */
public final class PoolExhaustedException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /** @param message what ran out, and the pool's state. */
    public PoolExhaustedException(final String message)
    {
        super(message);
    }
}
