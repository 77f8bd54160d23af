package io.mongoose.benchmarks.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The hops the harness can measure. Everything else in a run (pacing, stamping, recording) is the same code.
 */
public enum Transport
{
    /** Mongoose's full path: pool acquire, publish, SPSC queue, agent dispatch, typed handler, release. */
    MONGOOSE,
    /** LMAX Disruptor: single-producer ring of pre-allocated events, one batch event processor. */
    DISRUPTOR,
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
        return name().toLowerCase(Locale.ROOT);
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
     * @return every flag name.
     */
    public static List<String> names()
    {
        final List<String> names = new ArrayList<>();
        for (final Transport t : values())
        {
            names.add(t.flagName());
        }
        return names;
    }
}
