package io.mongoose.pool;

/**
 * What {@link ObjectPool#acquire()} does when the free list is empty. Every occurrence is counted in
 * {@link PoolStats#exhaustedCount()} whatever the policy.
 */
public enum ExhaustionPolicy
{
    /** Create a new instance beyond capacity (an allocation, counted). Instances that find the free list full on
     * return are retired and counted rather than kept, so the pool never holds more than its capacity. */
    GROW,
    /** Wait up to the pool's maximum wait for a release, then fail with {@link PoolExhaustedException}. */
    WAIT,
    /** Fail at once with {@link PoolExhaustedException}. */
    FAIL
}
