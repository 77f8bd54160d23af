package io.mongoose.benchmarks.sweep;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** The hops the harness can measure. Everything else in a run (pacing, stamping, recording) is the same code. */
public enum Transport
{
    /** Mongoose on a ring feed: claim the ring's next pooled message, publish, dispatch in place, hand back. */
    MONGOOSE,
    /** Mongoose on a queue feed: acquire from the producer's pool cache, publish, SPSC queue, dispatch, release. */
    MONGOOSE_QUEUE,
    /** LMAX Disruptor: single-producer ring of pre-allocated events, one batch event processor. */
    DISRUPTOR,
    /**
     * The paired runs' A/A control: a second Disruptor lane, built and run as {@link #DISRUPTOR} is. What it reads
     * against {@link #DISRUPTOR} in the same cycles is the harness's own noise, the yardstick for every ratio.
     */
    DISRUPTOR_TWIN,
    /** Agrona {@code OneToOneConcurrentArrayQueue} with recycled events. */
    AGRONA,
    /** JCTools {@code SpscArrayQueue} with recycled events. */
    JCTOOLS,
    /** {@code java.util.concurrent.ArrayBlockingQueue} with a blocking take: the naive baseline. */
    ABQ;

    /** @return the name on the command line and in files: a hyphen, as run file names split at underscores. */
    public String flagName()
    {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** @return the transport of that flag name, or {@code null} if there is none. */
    public static Transport byName(final String name)
    {
        return Arrays.stream(values()).filter(t -> t.flagName().equals(name)).findFirst().orElse(null);
    }

    /** @return whether only the paired runs take it ({@link #DISRUPTOR_TWIN}: a separate run repeats another). */
    public boolean pairedOnly()
    {
        return DISRUPTOR_TWIN == this;
    }

    /** @return the flag names a separate sweep run takes: every transport but the paired-only ones. */
    public static List<String> separateRunNames()
    {
        return Arrays.stream(values()).filter(t -> !t.pairedOnly()).map(Transport::flagName).toList();
    }
}
