package io.mongoose.pool;

/**
 * A snapshot of one pool's counters; exact when no message moves.
 *
 * @param name            the pool's name (its message type's simple name unless given).
 * @param capacity        configured capacity.
 * @param created         instances ever created, including those created up front.
 * @param free            instances in the free list.
 * @param inFlight        instances handed out and not yet returned.
 * @param exhaustedCount  acquires that found the free list empty.
 * @param retired         grown instances dropped on return because the free list was full.
 * @param invalidReleases releases without a matching reference (bugs in the caller), detected and refused.
 */
public record PoolStats(
    String name, int capacity, long created, long free, long inFlight, long exhaustedCount, long retired,
    long invalidReleases)
{
}
