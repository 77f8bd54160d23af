package io.mongoose.benchmarks.report;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The transports the sweep measures, in report order: Mongoose first, then its peers; an unknown name sorts after the
 * known ones, alphabetically, so a new peer shows up before this class knows it.
 */
public final class Transports
{
    /** The transport every ratio is taken against. */
    public static final String MONGOOSE = "mongoose";
    /** Mongoose on a queue feed, compared with Mongoose's ring feed as a peer is. */
    public static final String MONGOOSE_QUEUE = "mongoose-queue";

    private static final List<String> ORDER =
        List.of(MONGOOSE, MONGOOSE_QUEUE, "disruptor", "disruptor-twin", "agrona", "jctools", "abq");
    private static final Map<String, String> DISPLAY_NAMES = Map.of(
        MONGOOSE, "Mongoose",
        MONGOOSE_QUEUE, "Mongoose queue feed",
        "disruptor", "Disruptor",
        "disruptor-twin", "Disruptor twin",
        "agrona", "Agrona queue",
        "jctools", "JCTools queue",
        "abq", "ArrayBlockingQueue");
    private static final Map<String, String> DESCRIPTIONS = Map.of(
        MONGOOSE, "the full pooled path on a ring feed: claim the next pooled message of the feed's ring, fill, " +
            "publish; the agent dispatches it in place by type and hands the slot back",
        MONGOOSE_QUEUE, "the full pooled path on a queue feed: acquire through the publisher's pool cache, fill, " +
            "publish into an SPSC queue of references; the agent dispatches by type and releases",
        "disruptor", "a single-producer RingBuffer of pre-allocated 32-byte events and one BatchEventProcessor",
        "disruptor-twin", "the paired runs' A/A control: a second Disruptor hop, built and run as the first",
        "agrona", "a OneToOneConcurrentArrayQueue of recycled events",
        "jctools", "a JCTools SpscArrayQueue of recycled events",
        "abq", "ArrayBlockingQueue with a blocking take per message: the naive baseline");

    private Transports()
    {
    }

    /**
     * @param transport a transport name from a run file.
     * @return what its hop is, in a phrase; {@code null} for a transport the report does not know.
     */
    public static String description(final String transport)
    {
        return DESCRIPTIONS.get(transport);
    }

    /**
     * @param transports transport names as the run files spell them, duplicates allowed.
     * @return each name once, in report order.
     */
    public static List<String> ordered(final Collection<String> transports)
    {
        final List<String> names = new ArrayList<>(new TreeSet<>(transports));
        names.sort(Comparator.comparingInt((String t) -> ORDER.contains(t) ? ORDER.indexOf(t) : ORDER.size())
            .thenComparing(Comparator.naturalOrder()));
        return names;
    }

    /**
     * @param transport a transport name from a run file.
     * @return its name for tables and legends, e.g. {@code ArrayBlockingQueue} for {@code abq}.
     */
    public static String displayName(final String transport)
    {
        return DISPLAY_NAMES.getOrDefault(transport, transport);
    }
}
