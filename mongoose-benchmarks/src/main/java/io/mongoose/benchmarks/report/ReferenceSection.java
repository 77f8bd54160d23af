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
 * Against the published reference: the reference page's figures, quoted as it prints them and attributed, next to
 * ours from the run files, and how the two measurements differ.
 */
public final class ReferenceSection implements SummarySection
{
    /** The section's heading. */
    public static final String HEADING = "## Against the published reference";
    /** Source cell of a quoted reference row. */
    public static final String REFERENCE_SOURCE = "Reference (quoted)";

    @Override
    public void appendTo(final StringBuilder out, final ReportContext context)
    {
        out.append(HEADING).append("\n\n");
        out.append("Figures marked \"quoted\" are from the \"").append(ReferenceFigures.PAGE_TITLE)
            .append("\" page, the published benchmark of the product Mongoose re-implements, exactly as that page " +
                "prints them. The other rows are computed from this sweep's run files. The two do not measure the " +
                "same interval (below), so the ratio rows are an orientation, not a like-for-like score.\n\n");
        appendRateSweep(out, context.runs());
        appendThroughputAndMemory(out, context);
        out.append("The reference measures from publish to handler receipt, which starts the clock once a message is ")
            .append("sent. This sweep measures latency from the time the open-loop schedule meant to send each ")
            .append("message, so a publisher or transport that falls behind is charged the whole wait (free of ")
            .append("coordinated omission); its service time, from the actual send, is the closer match to the ")
            .append("reference's interval. The reference ran on macOS with best-effort pinning; this host is a ")
            .append("2-vCPU VM whose CPUs the hypervisor moves, which sets the tail here (p99 and above).\n\n");
    }

    private static void appendRateSweep(final StringBuilder out, final RunCatalog runs)
    {
        out.append("### Latency across the rate sweep\n\n");
        final List<String> header = new ArrayList<>(List.of("Rate", "Source"));
        for (final Percentile percentile : Percentile.values())
        {
            header.add(percentile.label());
        }
        header.add("Samples");
        final MarkdownTable table = MarkdownTable.numeric(header, 2);
        for (final ReferenceFigures.RateRow reference : ReferenceFigures.RATE_SWEEP)
        {
            final String rate = RunLabels.rate(reference.rate());
            final List<String> quoted = new ArrayList<>(List.of(rate, REFERENCE_SOURCE));
            quoted.addAll(reference.percentiles());
            quoted.add(Formats.count(reference.samples()));
            table.row(quoted);

            final Optional<LoadedRun> ours = runs.latency(Transports.MONGOOSE, reference.rate());
            if (ours.isEmpty())
            {
                final List<String> none = new ArrayList<>(List.of(rate, "Mongoose, this sweep: no run"));
                for (int i = 0; i <= Percentile.values().length; i++)
                {
                    none.add(Formats.NO_RUN);
                }
                table.row(none);
                continue;
            }
            final RunResult result = ours.get().result();
            final String missed = result.targetMet() ? "" : " (**" + RunLabels.achieved(result) + "**)";
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
        out.append('\n');
    }

    private static List<String> ourRow(final String rate, final String source, final Histogram histogram,
        final long samples)
    {
        final List<String> row = new ArrayList<>(List.of(rate, source));
        row.addAll(LatencyCells.percentiles(histogram));
        row.add(Formats.count(samples));
        return row;
    }

    private static void appendThroughputAndMemory(final StringBuilder out, final ReportContext context)
    {
        final RunCatalog runs = context.runs();
        final List<LoadedRun> mongoose = new ArrayList<>(runs.latencyRuns(Transports.MONGOOSE));
        mongoose.addAll(runs.throughputRuns(Transports.MONGOOSE));
        out.append("### Throughput, memory and method\n\n");
        final MarkdownTable table = MarkdownTable.text(List.of("Item", "Reference (quoted)", "Mongoose, this sweep"));
        table.row(List.of("Sustained throughput", "~" + RunLabels.rate(ReferenceFigures.SUSTAINED_THROUGHPUT),
            ourThroughput(runs)));
        table.row(List.of("GC count in measurement windows", Long.toString(ReferenceFigures.GC_COUNT),
            gcSummary(mongoose)));
        table.row(List.of("Allocated bytes per message",
            ReferenceFigures.ALLOCATED_BYTES_PER_MESSAGE + " (stated for the pooled hot path)",
            allocationSummary(mongoose)));
        table.row(List.of("Heap used", "~" + ReferenceFigures.HEAP_MEGABYTES + " MB, stable",
            ExampleOutputStats.of(context.exampleLines())
                .map(s -> s.heap() + " in the pooled-events example's " + s.lines() + " progress lines (GC count " +
                    s.gcCount() + ")")
                .orElse("not measured by the sweep; pass --exampleOutput to quote the pooled-events example")));
        table.row(List.of("Warm-up / window",
            Formats.count(ReferenceFigures.WARMUP_MILLIS) + " ms / " + Formats.count(ReferenceFigures.RUN_MILLIS) +
                " ms",
            distinct(mongoose, r -> Formats.count(r.warmupMillis()) + " ms / " + Formats.count(r.runMillis()) +
                " ms")));
        table.row(List.of("Host", ReferenceFigures.HOST_OS + ", pinning best effort without CPU isolation",
            distinct(mongoose, r -> r.environment().getOrDefault(BenchmarkEnvironment.OS, BenchmarkEnvironment.UNKNOWN)
                + ", " + r.environment().getOrDefault(BenchmarkEnvironment.CPU_CORES, BenchmarkEnvironment.UNKNOWN) +
                " cores, consumer pinning: " + r.consumerPinning())));
        table.row(List.of("Latency measured from", ReferenceFigures.MEASURED_FROM,
            "intended send time on an open-loop schedule (service time: actual send)"));
        table.appendTo(out);
        out.append('\n');
    }

    private static String gcSummary(final List<LoadedRun> runs)
    {
        if (runs.isEmpty())
        {
            return Formats.NO_RUN;
        }
        final long collected = runs.stream().filter(r -> r.result().gcCount() > 0).count();
        final long most = runs.stream().mapToLong(r -> r.result().gcCount()).max().orElse(0);
        return 0 == collected ? "0 in all " + runs.size() + " windows" :
            "non-zero in " + collected + " of " + runs.size() + " windows (at most " + most + " in one)";
    }

    private static String allocationSummary(final List<LoadedRun> runs)
    {
        if (runs.isEmpty())
        {
            return Formats.NO_RUN;
        }
        final double most = runs.stream().mapToDouble(r -> r.result().allocatedBytesPerMessage()).max().orElse(0);
        return most == 0 ? "0 in all " + runs.size() + " windows" :
            "at most " + Formats.bytesPerMessage(most) + " in any of " + runs.size() + " windows";
    }

    private static String ourThroughput(final RunCatalog runs)
    {
        final List<String> parts = new ArrayList<>();
        runs.medianThroughput(Transports.MONGOOSE).ifPresent(m -> parts.add("median " + RunLabels.rate(Math.round(m)) +
            " over " + runs.throughputRuns(Transports.MONGOOSE).size() + " unpaced runs"));
        final Optional<LoadedRun> top = runs.latency(Transports.MONGOOSE, ReferenceFigures.SUSTAINED_THROUGHPUT);
        top.ifPresent(r -> parts.add("paced " + RunLabels.rate(ReferenceFigures.SUSTAINED_THROUGHPUT) + " run: " +
            RunLabels.achieved(r.result())));
        return parts.isEmpty() ? Formats.NO_RUN : String.join("; ", parts);
    }

    private static String distinct(final List<LoadedRun> runs, final Function<RunResult, String> value)
    {
        final Set<String> values = new LinkedHashSet<>();
        runs.forEach(r -> values.add(value.apply(r.result())));
        return values.isEmpty() ? Formats.NO_RUN : String.join("; ", values);
    }
}
