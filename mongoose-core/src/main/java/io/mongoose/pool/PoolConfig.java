package io.mongoose.pool;

import java.time.Duration;
import java.util.Objects;

/** Sizing and exhaustion behaviour of one {@link ObjectPool}: {@link #of(int)}, then checked withers that copy it. */
public final class PoolConfig
{
    /** Default capacity: enough for a deep queue per subscriber without growing. */
    public static final int DEFAULT_CAPACITY = 16_384;
    /** Largest capacity, 2^24, as the largest feed queue, since a ring feed takes its whole ring from a pool. */
    public static final int MAX_CAPACITY = 1 << 24;
    /** Default wait for {@link ExhaustionPolicy#WAIT}, the policy of {@link #of(int)}. */
    public static final Duration DEFAULT_MAX_WAIT = Duration.ofSeconds(1);
    /** Longest {@link #maxWait()}: a day; a longer one is a unit mistake, not a bound. */
    public static final Duration MAX_MAX_WAIT = Duration.ofHours(24);

    private final int capacity;
    private final ExhaustionPolicy exhaustionPolicy;
    private final Duration maxWait;

    private PoolConfig(final int capacity, final ExhaustionPolicy exhaustionPolicy, final Duration maxWait)
    {
        this.capacity = capacity;
        this.exhaustionPolicy = exhaustionPolicy;
        this.maxWait = maxWait;
    }

    /** @return a pool of {@code capacity}, 1 to {@link #MAX_CAPACITY}, waiting {@link #DEFAULT_MAX_WAIT} when empty. */
    public static PoolConfig of(final int capacity)
    {
        if (capacity < 1 || capacity > MAX_CAPACITY)
        {
            throw new IllegalArgumentException("pool capacity: " + capacity + "; expected an integer from 1 to " +
                MAX_CAPACITY);
        }
        return new PoolConfig(capacity, ExhaustionPolicy.WAIT, DEFAULT_MAX_WAIT);
    }

    /** @return {@link #of(int)} the {@link #DEFAULT_CAPACITY}. */
    public static PoolConfig defaults()
    {
        return of(DEFAULT_CAPACITY);
    }

    /** @return instances made up front and most the free list holds; more than the queues in front of its stage. */
    public int capacity()
    {
        return capacity;
    }

    /** @return what an acquire on an empty pool does. */
    public ExhaustionPolicy exhaustionPolicy()
    {
        return exhaustionPolicy;
    }

    /** @return how long {@link ExhaustionPolicy#WAIT} waits for a release before it fails. */
    public Duration maxWait()
    {
        return maxWait;
    }

    /** @return a copy that waits this long (0 to {@link #MAX_MAX_WAIT}) on an empty pool, then fails. */
    public PoolConfig waitOnExhaustion(final Duration wait)
    {
        final String bad = "pool maxWait: " + wait + "; expected a duration from 0 to 24h";
        if (Objects.requireNonNull(wait, bad).isNegative() || wait.compareTo(MAX_MAX_WAIT) > 0)
        {
            throw new IllegalArgumentException(bad);
        }
        return new PoolConfig(capacity, ExhaustionPolicy.WAIT, wait);
    }

    /** @return a copy whose acquire on an empty pool throws {@link PoolExhaustedException} at once. */
    public PoolConfig failOnExhaustion()
    {
        return new PoolConfig(capacity, ExhaustionPolicy.FAIL, maxWait);
    }

    /** @return a copy whose acquire on an empty pool allocates a message (counted as exhausted). */
    public PoolConfig growOnExhaustion()
    {
        return new PoolConfig(capacity, ExhaustionPolicy.GROW, maxWait);
    }

    @Override
    public boolean equals(final Object o)
    {
        return o instanceof PoolConfig that && capacity == that.capacity && exhaustionPolicy == that.exhaustionPolicy &&
            maxWait.equals(that.maxWait);
    }

    @Override
    public int hashCode()
    {
        return Objects.hash(capacity, exhaustionPolicy, maxWait);
    }

    @Override
    public String toString()
    {
        return "PoolConfig[capacity=" + capacity + ", exhaustionPolicy=" + exhaustionPolicy + ", maxWait=" + maxWait +
            "]";
    }
}
