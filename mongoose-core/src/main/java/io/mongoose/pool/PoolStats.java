package io.mongoose.pool;

/**
 * A snapshot of one pool's counters, exact when no message moves: {@code free} counts the free list, {@code retired}
 * grown instances dropped on return to a full free list, {@code invalidReleases} releases refused for want of a
 * matching reference.
 */
public record PoolStats(
    String name, int capacity, long created, long free, long inFlight, long exhaustedCount, long retired,
    long invalidReleases)
{
}
