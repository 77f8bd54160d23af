package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.RunResult;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * One latency point (a transport at a target rate) of the sweep's repeats: its runs by repeat number, and which of
 * them stands for the point.
 *
 * <p>The selected run is the one whose latency p50 is the median of the repeats' p50s: the middle one for an odd
 * count, the lower of the middle two for an even count (a real run, never an average of two), ties on p50 broken by
 * p90 and then by the earlier repeat. A median rather than a mean because on a shared or virtual machine a whole run
 * can land in a slow mode (every percentile several times higher): one such run moves a mean a long way and a median
 * of three not at all.
 */
public final class RepeatedPoint
{
    /** Orders repeats by p50, then p90, then repeat number: the selected run is the middle of this order. */
    private static final Comparator<Map.Entry<Integer, LoadedRun>> BY_P50 = Comparator
        .comparingLong((Map.Entry<Integer, LoadedRun> e) -> p50(e.getValue().result()))
        .thenComparingLong(e -> p90(e.getValue().result()))
        .thenComparingInt(Map.Entry::getKey);

    private final String transport;
    private final long rate;
    private final String name;
    private final TreeMap<Integer, LoadedRun> repeats;
    private final int selected;

    /**
     * @param transport the transport every repeat ran.
     * @param rate      the target rate every repeat ran at.
     * @param name      the point's base name ({@link RepeatName#point()}).
     * @param repeats   the runs by repeat number, at least one.
     * @throws IllegalArgumentException if there is no run.
     */
    RepeatedPoint(final String transport, final long rate, final String name,
        final SortedMap<Integer, LoadedRun> repeats)
    {
        if (repeats.isEmpty())
        {
            throw new IllegalArgumentException("repeats of " + name + ": none; expected at least one run");
        }
        this.transport = transport;
        this.rate = rate;
        this.name = name;
        this.repeats = new TreeMap<>(repeats);
        this.selected = median(r -> true).orElseThrow().getKey();
    }

    /**
     * @return the transport.
     */
    public String transport()
    {
        return transport;
    }

    /**
     * @return the target rate, messages per second.
     */
    public long rate()
    {
        return rate;
    }

    /**
     * @return the point's base name, e.g. {@code disruptor_latency_1m_mps}.
     */
    public String name()
    {
        return name;
    }

    /**
     * The median of some of the repeats, chosen by the rule that chooses {@link #selected()} among all of them, so that
     * a subset (the runs of one placement, say) is summarised the way the point is.
     *
     * @param which the repeats to take the median of.
     * @return the median run of those {@code which} accepts; empty if it accepts none.
     */
    public Optional<LoadedRun> medianOf(final Predicate<LoadedRun> which)
    {
        return median(which).map(Map.Entry::getValue);
    }

    /**
     * @return the runs by repeat number, ascending.
     */
    public SortedMap<Integer, LoadedRun> repeats()
    {
        return new TreeMap<>(repeats);
    }

    /**
     * @param repeat a repeat number.
     * @return that repeat's run, if there is one.
     */
    public Optional<LoadedRun> repeat(final int repeat)
    {
        return Optional.ofNullable(repeats.get(repeat));
    }

    /**
     * @return how many runs the point has.
     */
    public int count()
    {
        return repeats.size();
    }

    /**
     * @return the number of the repeat whose p50 is the median (see the class comment).
     */
    public int selectedRepeat()
    {
        return selected;
    }

    /**
     * @return the run whose p50 is the median.
     */
    public LoadedRun selected()
    {
        return repeats.get(selected);
    }

    /**
     * @return the lowest p50 of the repeats, nanoseconds.
     */
    public long minP50()
    {
        return repeats.values().stream().mapToLong(r -> p50(r.result())).min().orElseThrow();
    }

    /**
     * @return the highest p50 of the repeats, nanoseconds.
     */
    public long maxP50()
    {
        return repeats.values().stream().mapToLong(r -> p50(r.result())).max().orElseThrow();
    }

    /**
     * @param result a latency run.
     * @return its latency p50, nanoseconds.
     */
    static long p50(final RunResult result)
    {
        return Percentile.P50.valueIn(result.latency());
    }

    /**
     * @param result a latency run.
     * @return its latency p90, nanoseconds.
     */
    static long p90(final RunResult result)
    {
        return Percentile.P90.valueIn(result.latency());
    }

    private Optional<Map.Entry<Integer, LoadedRun>> median(final Predicate<LoadedRun> which)
    {
        final List<Map.Entry<Integer, LoadedRun>> ordered = new ArrayList<>();
        for (final Map.Entry<Integer, LoadedRun> entry : repeats.entrySet())
        {
            if (which.test(entry.getValue()))
            {
                ordered.add(entry);
            }
        }
        ordered.sort(BY_P50);
        return ordered.isEmpty() ? Optional.empty() : Optional.of(ordered.get((ordered.size() - 1) / 2));
    }
}
