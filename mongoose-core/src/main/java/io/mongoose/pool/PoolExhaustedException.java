package io.mongoose.pool;

/** {@link ObjectPool#acquire()} found the pool empty under {@link ExhaustionPolicy#FAIL}, or waited in vain. */
public final class PoolExhaustedException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /** @param message what ran out, and the pool's state. */
    public PoolExhaustedException(final String message)
    {
        super(message);
    }
}
