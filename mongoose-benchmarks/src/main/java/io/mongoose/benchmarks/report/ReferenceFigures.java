package io.mongoose.benchmarks.report;

import java.util.List;
import java.util.Optional;

/**
 * The figures our report answers, quoted from the "Mongoose Server Benchmarks and Performance" page: the published
 * benchmark page of the product Mongoose re-implements (in that product's own documentation, not this repository). Only
 * figures are kept here, exactly as the page prints them; the report's sentences are our own.
 *
 * <p>What the page says it measured: one in-VM dispatch hop with pooled events and a busy-spin agent, on a macOS host
 * without strict CPU isolation (pinning best effort), 5 s warm-up then a 10 s window, latency from publish to handler
 * receipt recorded in HdrHistogram. Its headline table (1M msg/s) and the 1M row of its rate-sweep table carry the same
 * figures, so both are {@link #RATE_SWEEP}'s 1M row.
 */
public final class ReferenceFigures
{
    /** The page's title, used in every attribution. */
    public static final String PAGE_TITLE = "Mongoose Server Benchmarks and Performance";
    /** The rate of the page's headline table, messages per second. */
    public static final long HEADLINE_RATE = 1_000_000;
    /** "approximately 10 million messages per second" sustained, messages per second. */
    public static final long SUSTAINED_THROUGHPUT = 10_000_000;
    /** The stable heap the page's pooled-events example reports, megabytes ("~23 MB"). */
    public static final long HEAP_MEGABYTES = 23;
    /** The GC count the page reports across its measurement windows. */
    public static final long GC_COUNT = 0;
    /** The allocation the page states for the pooled hot path, bytes per message ("zero per-operation"). */
    public static final long ALLOCATED_BYTES_PER_MESSAGE = 0;
    /** The page's warm-up before each window, milliseconds ({@code --warmupMillis=5000}). */
    public static final long WARMUP_MILLIS = 5_000;
    /** The page's measurement window, milliseconds ({@code --runMillis=10000}). */
    public static final long RUN_MILLIS = 10_000;
    /** The page's host operating system. */
    public static final String HOST_OS = "macOS";
    /** What the page's latency spans. */
    public static final String MEASURED_FROM = "publish to handler receipt";

    /** The page's "latency across the rate sweep" table, ascending rate. */
    public static final List<RateRow> RATE_SWEEP = List.of(
        new RateRow(10_000, "10k mps",
            List.of("293 ns", "335 ns", "417 ns", "7.5 µs", "30 µs", "52 µs", "54 µs"), 149_972),
        new RateRow(100_000, "100k mps",
            List.of("291 ns", "333 ns", "335 ns", "3.9 µs", "27 µs", "41 µs", "68 µs"), 1_498_351),
        new RateRow(1_000_000, "1M mps",
            List.of("250 ns", "293 ns", "335 ns", "875 ns", "20 µs", "77 µs", "84 µs"), 4_986_664),
        new RateRow(10_000_000, "10M mps",
            List.of("16.5 µs", "20.2 µs", "25.3 µs", "444 µs", "594 µs", "827 µs", "1.13 ms"), 105_484_779));

    private ReferenceFigures()
    {
    }

    /**
     * @param rate a target rate, messages per second.
     * @return the page's row for that rate, if it has one.
     */
    public static Optional<RateRow> row(final long rate)
    {
        return RATE_SWEEP.stream().filter(r -> r.rate() == rate).findFirst();
    }

    /**
     * One row of the page's rate-sweep table.
     *
     * @param rate        target rate, messages per second.
     * @param label       the row's label as the page prints it.
     * @param percentiles the latencies as the page prints them, one per {@link Percentile}, in its order.
     * @param samples     the row's sample count.
     */
    public record RateRow(long rate, String label, List<String> percentiles, long samples)
    {
        /**
         * Checks there is one figure per percentile column.
         */
        public RateRow
        {
            percentiles = List.copyOf(percentiles);
            if (percentiles.size() != Percentile.values().length)
            {
                throw new IllegalArgumentException("percentiles: " + percentiles.size() + " figures; expected " +
                    Percentile.values().length + ", one per Percentile");
            }
        }

        /**
         * @param percentile a column.
         * @return the figure as the page prints it, e.g. {@code 20 µs}.
         */
        public String quoted(final Percentile percentile)
        {
            return percentiles.get(percentile.ordinal());
        }

        /**
         * @param percentile a column.
         * @return the figure in nanoseconds, for ratios.
         */
        public long nanos(final Percentile percentile)
        {
            return Formats.parseLatency(quoted(percentile));
        }
    }
}
