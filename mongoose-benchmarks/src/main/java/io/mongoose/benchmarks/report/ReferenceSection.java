package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.BenchmarkEnvironment;
import io.mongoose.benchmarks.sweep.RunResult;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The answer to the reference page, "Mongoose Server Benchmarks and Performance" (the published benchmark of the
 * product Mongoose re-implements): its figures quoted exactly as it prints them, beside ours from the run files, and
 * how the two measurements differ. The page measured one in-VM hop with pooled events and a busy-spin agent on macOS
 * with best-effort pinning, 5 s warm-up then a 10 s window, from publish to handler receipt.
 */
public final class ReferenceSection implements SummarySection
{
    /** The section's heading. */
    public static final String HEADING = "## Against the published reference";
    /** Source cell of a quoted reference row. */
    public static final String REFERENCE_SOURCE = "Reference (quoted)";
    /** The page's title, used in every attribution. */
    public static final String PAGE_TITLE = "Mongoose Server Benchmarks and Performance";
    /** The rate of the page's headline table, which the README and the charts also compare at. */
    public static final long HEADLINE_RATE = 1_000_000;
    /** "approximately 10 million messages per second" sustained. */
    static final long SUSTAINED_THROUGHPUT = 10_000_000;
    /** The page's rate-sweep table (its headline table is the 1M row), ascending rate. */
    static final List<RateRow> RATE_SWEEP = List.of(
        new RateRow(10_000, List.of("293 ns", "335 ns", "417 ns", "7.5 µs", "30 µs", "52 µs", "54 µs"), 149_972),
        new RateRow(100_000, List.of("291 ns", "333 ns", "335 ns", "3.9 µs", "27 µs", "41 µs", "68 µs"), 1_498_351),
        new RateRow(1_000_000, List.of("250 ns", "293 ns", "335 ns", "875 ns", "20 µs", "77 µs", "84 µs"), 4_986_664),
        new RateRow(10_000_000, List.of("16.5 µs", "20.2 µs", "25.3 µs", "444 µs", "594 µs", "827 µs", "1.13 ms"),
            105_484_779));

    /**
     * One row of the page's rate-sweep table.
     *
     * @param rate        target rate, messages per second.
     * @param percentiles the latencies as the page prints them, one per {@link Percentile}, in order.
     * @param samples     the row's sample count.
     */
    record RateRow(long rate, List<String> percentiles, long samples)
    {
        /** The figure in nanoseconds, for ratios. */
        long nanos(final Percentile percentile)
        {
            return Formats.parseLatency(percentiles.get(percentile.ordinal()));
        }
    }

    @Override
    public void appendTo(final StringBuilder out, final ReportContext context)
    {
        out.append(HEADING).append("\n\n");
        out.append("Figures marked \"quoted\" are from the \"").append(PAGE_TITLE).append("\" page, the published ")
            .append("benchmark of the product Mongoose re-implements, exactly as it prints them; the other rows are ")
            .append("computed from this sweep's run files. The two measure different intervals (below), so the ratio ")
            .append("rows are an orientation, not a like-for-like score.\n\n");
        appendRateSweep(out, context.runs());
        appendThroughputAndMemory(out, context);
        out.append("This sweep's latency runs from the time the open-loop schedule meant to send each message, so a ")
            .append("publisher or transport that falls behind is charged the whole wait (free of coordinated ")
            .append("omission); its service time, from the actual send, is the closer match to the reference's ")
            .append("interval. This host is a 2-vCPU VM whose CPUs the hypervisor moves, which sets the tail here ")
            .append("(p99 and above).\n\n");
    }

    private static void appendRateSweep(final StringBuilder out, final RunCatalog runs)
    {
        out.append("### Latency across the rate sweep\n\n");
        final List<String> header = new ArrayList<>(List.of("Rate", "Source"));
        header.addAll(Percentile.labels());
        header.add("Samples");
        final MarkdownTable table = new MarkdownTable(header, 2);
        for (final RateRow reference : RATE_SWEEP)
        {
            final String rate = Formats.rateLabel(reference.rate());
            final List<String> quoted = new ArrayList<>(List.of(rate, REFERENCE_SOURCE));
            quoted.addAll(reference.percentiles());
            quoted.add(Formats.count(reference.samples()));
            table.row(quoted);
            final Optional<RunResult> ours = runs.latency(Transports.MONGOOSE, reference.rate()).map(LoadedRun::result);
            if (ours.isEmpty())
            {
                final List<String> none = new ArrayList<>(List.of(rate, "Mongoose, this sweep: no run"));
                while (none.size() < header.size())
                {
                    none.add(Formats.NO_RUN);
                }
                table.row(none);
                continue;
            }
            final RunResult result = ours.get();
            final String missed = result.targetMet() ? "" : " (**" + Formats.achieved(result) + "**)";
            table.row(ourRow(rate, "Mongoose latency, this sweep" + missed, result.latency(), result.samples()));
            table.row(ourRow(rate, "Mongoose service time, this sweep", result.service(),
                result.service().getTotalCount()));
            final List<String> ratios = new ArrayList<>(List.of(rate, "Latency, this sweep / reference"));
            for (final Percentile percentile : Percentile.values())
            {
                ratios.add(Formats.ratio(percentile.valueIn(result.latency()), reference.nanos(percentile)));
            }
            ratios.add(Formats.ratio(result.samples(), reference.samples()));
            table.row(ratios);
        }
        table.appendTo(out);
    }

    private static List<String> ourRow(final String rate, final String source, final Histogram histogram,
        final long samples)
    {
        final List<String> row = new ArrayList<>(List.of(rate, source));
        row.addAll(Formats.percentiles(histogram));
        row.add(Formats.count(samples));
        return row;
    }

    private static void appendThroughputAndMemory(final StringBuilder out, final ReportContext context)
    {
        final RunCatalog runs = context.runs();
        final List<RunResult> mongoose = new ArrayList<>();
        runs.latencyRuns(Transports.MONGOOSE).forEach(r -> mongoose.add(r.result()));
        runs.throughputRuns(Transports.MONGOOSE).forEach(r -> mongoose.add(r.result()));
        out.append("### Throughput, memory and method\n\n");
        final MarkdownTable table = new MarkdownTable(List.of("Item", "Reference (quoted)", "Mongoose, this sweep"),
            3);
        final List<String> throughput = new ArrayList<>();
        runs.medianThroughput(Transports.MONGOOSE).ifPresent(m -> throughput.add("median " + Formats.rateLabel(
            Math.round(m)) + " over " + runs.throughputRuns(Transports.MONGOOSE).size() + " unpaced runs"));
        runs.latency(Transports.MONGOOSE, SUSTAINED_THROUGHPUT).ifPresent(r -> throughput.add("paced " +
            Formats.rateLabel(SUSTAINED_THROUGHPUT) + " run: " + Formats.achieved(r.result())));
        table.row(List.of("Sustained throughput", "~" + Formats.rateLabel(SUSTAINED_THROUGHPUT),
            throughput.isEmpty() ? Formats.NO_RUN : String.join("; ", throughput)));
        final long collected = mongoose.stream().filter(r -> r.gcCount() > 0).count();
        final long most = mongoose.stream().mapToLong(RunResult::gcCount).max().orElse(0);
        table.row(List.of("GC count in measurement windows", "0", mongoose.isEmpty() ? Formats.NO_RUN :
            0 == collected ? "0 in all " + mongoose.size() + " windows" :
            "non-zero in " + collected + " of " + mongoose.size() + " windows (at most " + most + " in one)"));
        final double bytes = mongoose.stream().mapToDouble(RunResult::allocatedBytesPerMessage).max().orElse(0);
        table.row(List.of("Allocated bytes per message", "0 (stated for the pooled hot path)",
            mongoose.isEmpty() ? Formats.NO_RUN : bytes == 0 ? "0 in all " + mongoose.size() + " windows" :
            "at most " + Formats.bytesPerMessage(bytes) + " in any of " + mongoose.size() + " windows"));
        table.row(List.of("Heap used", "~23 MB, stable", ExampleOutput.of(context.exampleLines())
            .map(s -> s.heap() + " in the pooled-events example's " + s.lines() + " progress lines (GC count " +
                s.gcCount() + ")")
            .orElse("not measured by the sweep; pass --exampleOutput to quote the pooled-events example")));
        table.row(List.of("Warm-up / window", "5,000 ms / 10,000 ms", distinct(mongoose,
            r -> Formats.count(r.warmupMillis()) + " ms / " + Formats.count(r.runMillis()) + " ms")));
        table.row(List.of("Host", "macOS, pinning best effort without CPU isolation", distinct(mongoose,
            r -> r.environment().getOrDefault(BenchmarkEnvironment.OS, BenchmarkEnvironment.UNKNOWN) + ", " +
                r.environment().getOrDefault(BenchmarkEnvironment.CPU_CORES, BenchmarkEnvironment.UNKNOWN) +
                " cores, consumer pinning: " + r.consumerPinning())));
        table.row(List.of("Latency measured from", "publish to handler receipt",
            "intended send time on an open-loop schedule (service time: actual send)"));
        table.appendTo(out);
    }

    private static String distinct(final List<RunResult> runs, final Function<RunResult, String> value)
    {
        final Set<String> values = new LinkedHashSet<>();
        runs.forEach(r -> values.add(value.apply(r)));
        return values.isEmpty() ? Formats.NO_RUN : String.join("; ", values);
    }
}
