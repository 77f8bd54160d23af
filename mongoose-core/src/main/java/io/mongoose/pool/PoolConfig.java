package io.mongoose.pool;

import java.time.Duration;
import java.util.Objects;

/**
 * Sizing, exhaustion behaviour and heap layout of one {@link ObjectPool}.
 *
 * @param capacity         instances created up front and the most the free list holds; at least 1. A pool whose
 *                         messages wait in queues in front of a stage that acquires from it must hold more than those
 *                         queues: a server checks this at build for the types its sources publish.
 * @param exhaustionPolicy what an acquire on an empty pool does.
 * @param maxWait          how long {@link ExhaustionPolicy#WAIT} waits before failing; ignored by other policies.
 * @param layout           where the up-front messages lie relative to each other; matters to ring feeds.
 */
public record PoolConfig(int capacity, ExhaustionPolicy exhaustionPolicy, Duration maxWait, MessageLayout layout)
{
    /** Default capacity: enough for a deep queue per subscriber without growing. */
    public static final int DEFAULT_CAPACITY = 16_384;
    /** Default wait for {@link ExhaustionPolicy#WAIT}. */
    public static final Duration DEFAULT_MAX_WAIT = Duration.ofSeconds(1);

    /**
     * Checks every field.
     */
    public PoolConfig
    {
        if (capacity < 1)
        {
            throw new IllegalArgumentException("capacity: " + capacity + "; expected at least 1");
        }
        Objects.requireNonNull(exhaustionPolicy, "exhaustionPolicy: null; expected GROW, WAIT or FAIL");
        Objects.requireNonNull(maxWait, "maxWait: null; expected a non-negative duration");
        if (maxWait.isNegative())
        {
            throw new IllegalArgumentException("maxWait: " + maxWait + "; expected a non-negative duration");
        }
        Objects.requireNonNull(layout, "layout: null; expected SPACED or PACKED");
    }

    /**
     * A config with the default layout, {@link MessageLayout#SPACED}.
     *
     * @param capacity         instances created up front.
     * @param exhaustionPolicy what an acquire on an empty pool does.
     * @param maxWait          how long {@link ExhaustionPolicy#WAIT} waits before failing.
     */
    public PoolConfig(final int capacity, final ExhaustionPolicy exhaustionPolicy, final Duration maxWait)
    {
        this(capacity, exhaustionPolicy, maxWait, MessageLayout.SPACED);
    }

    /**
     * @param capacity instances created up front.
     * @return a config that fails fast on exhaustion, with messages {@link MessageLayout#SPACED}.
     */
    public static PoolConfig of(final int capacity)
    {
        return new PoolConfig(capacity, ExhaustionPolicy.FAIL, DEFAULT_MAX_WAIT);
    }

    /**
     * @return default capacity, fail-fast exhaustion, messages {@link MessageLayout#SPACED}.
     */
    public static PoolConfig defaults()
    {
        return of(DEFAULT_CAPACITY);
    }

    /**
     * @param policy the new exhaustion policy.
     * @return a copy with that policy.
     */
    public PoolConfig withExhaustionPolicy(final ExhaustionPolicy policy)
    {
        return new PoolConfig(capacity, policy, maxWait, layout);
    }

    /**
     * @param messageLayout where the up-front messages should lie relative to each other.
     * @return a copy with that layout.
     */
    public PoolConfig withLayout(final MessageLayout messageLayout)
    {
        return new PoolConfig(capacity, exhaustionPolicy, maxWait, messageLayout);
    }

    /**
     * @param wait the new maximum wait.
     * @return a copy waiting at most that long, with policy {@link ExhaustionPolicy#WAIT}.
     */
    public PoolConfig waitingAtMost(final Duration wait)
    {
        return new PoolConfig(capacity, ExhaustionPolicy.WAIT, wait, layout);
    }
}
