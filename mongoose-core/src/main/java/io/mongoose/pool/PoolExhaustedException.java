package io.mongoose.pool;

/**
 * Thrown by {@link ObjectPool#acquire()} when the pool is empty and its policy is {@link ExhaustionPolicy#FAIL}, or
 * {@link ExhaustionPolicy#WAIT} and no message came back in time. Use {@link ObjectPool#tryAcquire()} for a
 * return-code form.
 */
public final class PoolExhaustedException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /**
     * @param message what ran out, and the pool's state.
     */
    public PoolExhaustedException(final String message)
    {
        super(message);
    }
}
