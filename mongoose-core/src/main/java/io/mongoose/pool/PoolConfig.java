package io.mongoose.pool;

import java.time.Duration;
import java.util.Objects;

/**
 * Sizing and exhaustion behaviour of one {@link ObjectPool}.
 *
 * <p>Made with {@link #of(int)} or {@link #defaults()} and changed with the withers, each of which returns a copy, e.g.
 * {@code PoolConfig.of(1024).failOnExhaustion()}. Every value is checked when a config is made, so a pool never
 * meets a bad one.
 *
 * <p>A value: equal to another pool config with equal settings.
 */
public final class PoolConfig
{
    /** Default capacity: enough for a deep queue per subscriber without growing. */
    public static final int DEFAULT_CAPACITY = 16_384;
    /**
     * Largest capacity, 2^24, the same as the largest feed queue (a ring feed takes its whole ring from a pool): all
     * of them are made up front, and a pool of {@code Integer.MAX_VALUE} failed deep inside its free list.
     */
    public static final int MAX_CAPACITY = 1 << 24;

    /** Default wait for {@link ExhaustionPolicy#WAIT}, the policy of {@link #of(int)} and {@link #defaults()}. */
    public static final Duration DEFAULT_MAX_WAIT = Duration.ofSeconds(1);
    /** Longest {@link #maxWait()}: a day, longer being a unit mistake rather than a bound. */
    public static final Duration MAX_MAX_WAIT = Duration.ofHours(24);

    private static final String EXPECTED_CAPACITY = "an integer from 1 to " + MAX_CAPACITY;
    private static final String EXPECTED_MAX_WAIT = "a duration from 0 to 24h";

    private final int capacity;
    private final ExhaustionPolicy exhaustionPolicy;
    private final Duration maxWait;

    /**
     * Checks the capacity and the wait; the policy is always one of this class's constants.
     *
     * @throws IllegalArgumentException if {@code capacity} or {@code maxWait} is out of its range, naming the value
     *                                  and the range.
     * @throws NullPointerException     if {@code maxWait} is null.
     */
    private PoolConfig(final int capacity, final ExhaustionPolicy exhaustionPolicy, final Duration maxWait)
    {
        // Errors name "pool": a config belongs to no pool yet.
        if (capacity < 1 || capacity > MAX_CAPACITY)
        {
            throw new IllegalArgumentException("pool capacity: " + capacity + "; expected " + EXPECTED_CAPACITY);
        }
        if (null == maxWait)
        {
            throw new NullPointerException("pool maxWait: null; expected " + EXPECTED_MAX_WAIT);
        }
        if (maxWait.isNegative() || maxWait.compareTo(MAX_MAX_WAIT) > 0)
        {
            throw new IllegalArgumentException("pool maxWait: " + maxWait + "; expected " + EXPECTED_MAX_WAIT);
        }
        this.capacity = capacity;
        this.exhaustionPolicy = exhaustionPolicy;
        this.maxWait = maxWait;
    }

    /**
     * A pool whose acquire, when every message is in flight, waits up to {@link #DEFAULT_MAX_WAIT} for one to come back
     * and then fails with {@link PoolExhaustedException}: a producer that runs ahead of its consumer for a moment slows
     * down instead of failing. Change it with {@link #waitOnExhaustion(Duration)}, {@link #failOnExhaustion()} or
     * {@link #growOnExhaustion()}.
     *
     * @param capacity instances created up front: 1 to {@link #MAX_CAPACITY}.
     * @return a config that waits up to {@link #DEFAULT_MAX_WAIT} on exhaustion.
     * @throws IllegalArgumentException if {@code capacity} is out of 1 to {@link #MAX_CAPACITY}, naming it.
     */
    public static PoolConfig of(final int capacity)
    {
        return new PoolConfig(capacity, ExhaustionPolicy.WAIT, DEFAULT_MAX_WAIT);
    }

    /**
     * @return {@link #of(int)} with the {@link #DEFAULT_CAPACITY}: waits up to {@link #DEFAULT_MAX_WAIT} on exhaustion.
     */
    public static PoolConfig defaults()
    {
        return of(DEFAULT_CAPACITY);
    }

    /**
     * @return instances created up front and the most the free list holds: 1 to {@link #MAX_CAPACITY}. A pool whose
     *         messages wait in queues in front of a stage that acquires from it must hold more than those queues: a
     *         server checks this at build for the types its sources publish.
     */
    public int capacity()
    {
        return capacity;
    }

    /**
     * @return what an acquire on an empty pool does.
     */
    public ExhaustionPolicy exhaustionPolicy()
    {
        return exhaustionPolicy;
    }

    /**
     * @return how long {@link ExhaustionPolicy#WAIT} waits before failing; ignored by other policies: 0 to
     *         {@link #MAX_MAX_WAIT}.
     */
    public Duration maxWait()
    {
        return maxWait;
    }

    /**
     * @param wait how long an acquire on an empty pool waits for a release before failing with
     *             {@link PoolExhaustedException}: 0 to {@link #MAX_MAX_WAIT} (0 fails at once, after a last look).
     * @return a copy with policy {@link ExhaustionPolicy#WAIT} and that wait.
     * @throws IllegalArgumentException if {@code wait} is out of 0 to {@link #MAX_MAX_WAIT}, naming it.
     * @throws NullPointerException     if {@code wait} is null.
     */
    public PoolConfig waitOnExhaustion(final Duration wait)
    {
        return new PoolConfig(capacity, ExhaustionPolicy.WAIT, wait);
    }

    /**
     * @return a copy with policy {@link ExhaustionPolicy#FAIL}: an acquire on an empty pool throws
     *         {@link PoolExhaustedException} at once.
     */
    public PoolConfig failOnExhaustion()
    {
        return new PoolConfig(capacity, ExhaustionPolicy.FAIL, maxWait);
    }

    /**
     * @return a copy with policy {@link ExhaustionPolicy#GROW}: an acquire on an empty pool creates a message (an
     *         allocation, counted in {@link PoolStats#exhaustedCount()}).
     */
    public PoolConfig growOnExhaustion()
    {
        return new PoolConfig(capacity, ExhaustionPolicy.GROW, maxWait);
    }

    /**
     * @param o another object.
     * @return whether it is a pool config with equal settings.
     */
    @Override
    public boolean equals(final Object o)
    {
        return this == o || o instanceof PoolConfig that && capacity == that.capacity &&
            exhaustionPolicy == that.exhaustionPolicy && maxWait.equals(that.maxWait);
    }

    /**
     * @return a hash of every setting, consistent with {@link #equals(Object)}.
     */
    @Override
    public int hashCode()
    {
        return Objects.hash(capacity, exhaustionPolicy, maxWait);
    }

    /**
     * @return every setting, e.g. {@code PoolConfig[capacity=1024, exhaustionPolicy=WAIT, maxWait=PT1S]}.
     */
    @Override
    public String toString()
    {
        return "PoolConfig[capacity=" + capacity + ", exhaustionPolicy=" + exhaustionPolicy + ", maxWait=" + maxWait +
            "]";
    }
}
