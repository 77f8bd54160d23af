package io.mongoose.server;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingIdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;

import java.util.List;

/**
 * Agrona idle strategies by the names used in configuration.
 */
public final class IdleStrategies
{
    /** Spin on the core: lowest latency, burns the core. */
    public static final String BUSY_SPIN = "busy-spin";
    /** {@link Thread#yield()} when idle. */
    public static final String YIELD = "yield";
    /** Spin, then yield, then park with growing intervals. */
    public static final String BACKOFF = "backoff";
    /** Park for a fixed short period when idle. */
    public static final String SLEEP = "sleep";
    /** Every accepted name, in the order errors list them. */
    public static final List<String> NAMES = List.of(BUSY_SPIN, YIELD, BACKOFF, SLEEP);

    private static final long SLEEP_PERIOD_NANOS = 100_000;

    private IdleStrategies()
    {
    }

    /**
     * @param name one of {@link #NAMES}.
     * @return a new idle strategy (one per agent: they hold state).
     * @throws IllegalArgumentException naming the value and the accepted names.
     */
    public static IdleStrategy byName(final String name)
    {
        if (null == name)
        {
            throw new IllegalArgumentException(unknown("null"));
        }
        switch (name)
        {
            case BUSY_SPIN:
                return new BusySpinIdleStrategy();
            case YIELD:
                return new YieldingIdleStrategy();
            case BACKOFF:
                return new BackoffIdleStrategy();
            case SLEEP:
                return new SleepingIdleStrategy(SLEEP_PERIOD_NANOS);
            default:
                throw new IllegalArgumentException(unknown("'" + name + "'"));
        }
    }

    /**
     * @param name a candidate name.
     * @return whether {@link #byName(String)} accepts it; {@code false} for {@code null}.
     */
    public static boolean isKnown(final String name)
    {
        // List.of(...).contains(null) throws NullPointerException rather than answering false.
        return null != name && NAMES.contains(name);
    }

    static String unknown(final String shown)
    {
        return "idleStrategy: unknown " + shown + "; expected one of " + String.join(", ", NAMES);
    }
}
