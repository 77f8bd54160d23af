package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.RunResult;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;

/**
 * The cells a latency table shows for one run, shared by the Mongoose table and the peer table so both read alike.
 */
public final class LatencyCells
{
    /** Headings of the cells {@link #of(RunResult)} returns, in order. */
    public static final List<String> HEADINGS = headings();

    private LatencyCells()
    {
    }

    /**
     * @param histogram latency in nanoseconds.
     * @return one formatted latency per {@link Percentile}, in order.
     */
    public static List<String> percentiles(final Histogram histogram)
    {
        final List<String> cells = new ArrayList<>();
        for (final Percentile percentile : Percentile.values())
        {
            cells.add(Formats.latency(percentile.valueIn(histogram)));
        }
        return cells;
    }

    /**
     * @param result a latency run.
     * @return its percentiles, sample count, achieved rate (labelled when missed), GC count and collection time in
     * the window, and bytes allocated per message.
     */
    public static List<String> of(final RunResult result)
    {
        final List<String> cells = new ArrayList<>(percentiles(result.latency()));
        cells.add(Formats.count(result.samples()));
        cells.add(result.targetMet() ? RunLabels.achieved(result) : "**" + RunLabels.achieved(result) + "**");
        cells.add(gc(result));
        cells.add(Formats.bytesPerMessage(result.allocatedBytesPerMessage()));
        return cells;
    }

    /**
     * @param result a run.
     * @return its GC count in the window, with the collection time when there was any: {@code 0}, {@code 2 (13 ms)}.
     */
    public static String gc(final RunResult result)
    {
        return result.gcCount() == 0 ? "0" : result.gcCount() + " (" + result.gcMillis() + " ms)";
    }

    private static List<String> headings()
    {
        final List<String> headings = new ArrayList<>();
        for (final Percentile percentile : Percentile.values())
        {
            headings.add(percentile.label());
        }
        headings.addAll(List.of("Samples", "Achieved / target", "GC in window", "Allocated B/msg"));
        return List.copyOf(headings);
    }
}
