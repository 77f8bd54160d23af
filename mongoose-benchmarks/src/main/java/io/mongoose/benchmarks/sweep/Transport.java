package io.mongoose.benchmarks.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The hops the harness can measure. Everything else in a run (pacing, stamping, recording) is the same code.
 */
public enum Transport
{
    /**
     * Mongoose's full path on a ring feed, the fastest a single-subscriber feed has: claim the next pooled message of
     * the feed's ring, fill, publish, agent dispatch in place, typed handler, hand-back.
     */
    MONGOOSE,
    /**
     * Mongoose's full path on a queue feed, as a feed fanned out to several agent groups takes it: acquire from the
     * producer's pool cache, publish, SPSC queue of references, agent dispatch, typed handler, release.
     */
    MONGOOSE_QUEUE,
    /** LMAX Disruptor: single-producer ring of pre-allocated events, one batch event processor. */
    DISRUPTOR,
    /**
     * The paired runs' A/A control: a second LMAX Disruptor hop, built and run exactly as {@link #DISRUPTOR} is, in a
     * lane of its own. Two identical transports should read 1.00× against each other, so what this one reads against
     * {@link #DISRUPTOR} in the same cycles is the harness's own noise, the yardstick for every Mongoose / peer ratio.
     * Paired runs only: a separate run of it would repeat {@link #DISRUPTOR}'s.
     */
    DISRUPTOR_TWIN,
    /** Agrona {@code OneToOneConcurrentArrayQueue} with recycled events. */
    AGRONA,
    /** JCTools {@code SpscArrayQueue} with recycled events. */
    JCTOOLS,
    /** {@code java.util.concurrent.ArrayBlockingQueue} with put/take: the naive baseline. */
    ABQ;

    /**
     * @return the name used on the command line and in files.
     */
    public String flagName()
    {
        // A hyphen, not an underscore: run files are named transport_rate_..., split at underscores.
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * @param name a flag name.
     * @return the transport, or {@code null} if there is none by that name.
     */
    public static Transport byName(final String name)
    {
        for (final Transport t : values())
        {
            if (t.flagName().equals(name))
            {
                return t;
            }
        }
        return null;
    }

    /**
     * @return whether only the paired runs take this transport: {@link #DISRUPTOR_TWIN}, whose separate run would
     *         repeat the Disruptor's.
     */
    public boolean pairedOnly()
    {
        return null != pairedRole();
    }

    /**
     * @return for a {@link #pairedOnly()} transport, what it is to the paired runs, for a separate run's refusal;
     *         {@code null} for the others.
     */
    public String pairedRole()
    {
        return switch (this)
        {
            case DISRUPTOR_TWIN -> "the paired runs' A/A control";
            default -> null;
        };
    }

    /**
     * @return the flag names a separate sweep run takes: every transport but the paired-only ones.
     */
    public static List<String> separateRunNames()
    {
        final List<String> names = new ArrayList<>();
        for (final Transport t : values())
        {
            if (!t.pairedOnly())
            {
                names.add(t.flagName());
            }
        }
        return names;
    }
}
