package io.mongoose.pool;

/** What {@link ObjectPool#acquire()} does when the free list is empty; each time counts in {@link PoolStats}. */
public enum ExhaustionPolicy
{
    /** Create an instance beyond capacity; one that finds the free list full on return is retired and counted. */
    GROW,
    /** Wait up to the pool's maximum wait for a release, then fail with {@link PoolExhaustedException}. */
    WAIT,
    /** Fail at once with {@link PoolExhaustedException}. */
    FAIL
}
