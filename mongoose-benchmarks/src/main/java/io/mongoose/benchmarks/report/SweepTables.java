package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.RunResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The sections of the sweep's separate runs, each a {@link SummarySection} of {@link SummaryReport#standardSections()}:
 * latency by rate, Mongoose's ratios to each peer, service time and maximum throughput.
 */
public final class SweepTables
{
    /** Table 1's heading. */
    public static final String MONGOOSE_HEADING = "## Table 1: Mongoose latency by rate";
    /** Table 2's heading. */
    public static final String PEERS_HEADING = "## Table 2: peer latency by rate";
    /** Table 3's heading. */
    public static final String RATIOS_HEADING = "## Table 3: Mongoose / peer latency ratios";
    /** The service-time section's heading. */
    public static final String SERVICE_HEADING = "## Service time p50 / p99";
    /** The throughput section's heading. */
    public static final String THROUGHPUT_HEADING = "## Maximum throughput";

    private SweepTables()
    {
    }

    /** Table 1: Mongoose's latency at each rate, the counterpart of the reference page's rate-sweep table. */
    static void mongooseLatency(final StringBuilder out, final ReportContext context)
    {
        out.append(MONGOOSE_HEADING).append("\n\n");
        final List<String> header = new ArrayList<>(List.of("Rate"));
        header.addAll(Formats.LATENCY_HEADINGS);
        final MarkdownTable table = new MarkdownTable(header, 1);
        for (final LoadedRun run : context.runs().latencyRuns(Transports.MONGOOSE))
        {
            final List<String> row = new ArrayList<>(List.of(Formats.rateLabel(run.result().targetRate())));
            row.addAll(Formats.latencyCells(run.result()));
            table.row(row);
        }
        if (table.isEmpty())
        {
            out.append("No Mongoose latency run was found.\n\n");
            return;
        }
        out.append("Latency from intended send time to handler. A rate whose achieved rate fell short of ")
            .append(Formats.percent(RunResult.TARGET_TOLERANCE)).append(" of its target is marked ")
            .append(Formats.MISSED).append(".\n\n");
        table.appendTo(out);
    }

    /** Table 2: the same figures for every peer, in the same harness and JVM flags. */
    static void peerLatency(final StringBuilder out, final ReportContext context)
    {
        out.append(PEERS_HEADING).append("\n\n");
        final List<String> header = new ArrayList<>(List.of("Transport", "Rate"));
        header.addAll(Formats.LATENCY_HEADINGS);
        final MarkdownTable table = new MarkdownTable(header, 2);
        for (final String peer : context.runs().peers())
        {
            for (final LoadedRun run : context.runs().latencyRuns(peer))
            {
                final List<String> row = new ArrayList<>(List.of(Transports.displayName(peer),
                    Formats.rateLabel(run.result().targetRate())));
                row.addAll(Formats.latencyCells(run.result()));
                table.row(row);
            }
        }
        appendOr(out, table, "", "No peer latency run was found.");
    }

    /** Table 3: Mongoose's latency over each peer's, per percentile and rate. */
    static void ratios(final StringBuilder out, final ReportContext context)
    {
        out.append(RATIOS_HEADING).append("\n\n");
        final List<String> header = new ArrayList<>(List.of("Peer", "Rate"));
        header.addAll(Percentile.labels());
        header.add("Rate targets");
        final MarkdownTable table = new MarkdownTable(header, 2);
        final RunCatalog runs = context.runs();
        for (final String peer : runs.peers())
        {
            for (final long rate : runs.latencyRates())
            {
                final Optional<LoadedRun> mongoose = runs.latency(Transports.MONGOOSE, rate);
                final Optional<LoadedRun> other = runs.latency(peer, rate);
                if (mongoose.isEmpty() || other.isEmpty())
                {
                    continue;
                }
                final List<String> row =
                    new ArrayList<>(List.of(Transports.displayName(peer), Formats.rateLabel(rate)));
                for (final Percentile percentile : Percentile.values())
                {
                    row.add(Formats.ratio(percentile.valueIn(mongoose.get().result().latency()),
                        percentile.valueIn(other.get().result().latency())));
                }
                row.add(targets(mongoose.get().result(), other.get().result()));
                table.row(row);
            }
        }
        appendOr(out, table, "Each cell is Mongoose's latency over the peer's at the same percentile and rate: " +
            "below 1.00× Mongoose was faster. Each point is one run in a JVM of its own, on whatever placement of " +
            "the two CPUs it landed on; the paired runs compare transports under one placement.\n\n",
            "No rate has both a Mongoose and a peer latency run.");
    }

    /** Service time (actual send to handler) p50 and p99 per transport and rate. */
    static void serviceTime(final StringBuilder out, final ReportContext context)
    {
        out.append(SERVICE_HEADING).append("\n\n");
        final RunCatalog runs = context.runs();
        final List<String> header = new ArrayList<>(List.of("Transport"));
        runs.latencyRates().forEach(rate -> header.add(Formats.rateLabel(rate)));
        final MarkdownTable table = new MarkdownTable(header, 1);
        for (final String transport : runs.transports())
        {
            if (runs.latencyRuns(transport).isEmpty())
            {
                continue;
            }
            final List<String> row = new ArrayList<>(List.of(Transports.displayName(transport)));
            for (final long rate : runs.latencyRates())
            {
                row.add(runs.latency(transport, rate).map(r -> Formats.latency(Percentile.P50.valueIn(
                    r.result().service())) + " / " + Formats.latency(Percentile.P99.valueIn(r.result().service())))
                    .orElse(Formats.NO_RUN));
            }
            table.row(row);
        }
        appendOr(out, table, "Service time runs from the actual send to the handler, so it leaves out any wait " +
            "behind the send schedule that the latency tables include. Each cell is p50 / p99.\n\n",
            "No latency run was found.");
    }

    /** Every unpaced run's achieved rate per transport, their median, and Mongoose's median over each transport's. */
    static void throughput(final StringBuilder out, final ReportContext context)
    {
        out.append(THROUGHPUT_HEADING).append("\n\n");
        final RunCatalog runs = context.runs();
        final Optional<Double> mongoose = runs.medianThroughput(Transports.MONGOOSE);
        final MarkdownTable table = new MarkdownTable(List.of("Transport", "Runs (msg/s)", "Median (msg/s)",
            "Mongoose / transport", "GC in windows", "Allocated B/msg (max)"), 1);
        for (final String transport : runs.transports())
        {
            final Optional<Double> median = runs.medianThroughput(transport);
            if (median.isEmpty())
            {
                continue;
            }
            final List<String> achieved = new ArrayList<>();
            final List<String> gc = new ArrayList<>();
            double allocated = 0;
            for (final LoadedRun run : runs.throughputRuns(transport))
            {
                achieved.add(Formats.rate(run.result().achievedRate()));
                gc.add(Formats.gc(run.result()));
                allocated = Math.max(allocated, run.result().allocatedBytesPerMessage());
            }
            table.row(List.of(Transports.displayName(transport), String.join(", ", achieved),
                Formats.rate(median.get()), mongoose.map(m -> Formats.ratio(m, median.get())).orElse(Formats.NO_RUN),
                String.join(", ", gc), Formats.bytesPerMessage(allocated)));
        }
        appendOr(out, table, "Unpaced runs: the publisher sends as fast as the transport accepts. Above 1.00× " +
            "Mongoose's median moved more messages per second. Each run lands on a placement of the two CPUs of " +
            "its own; the paired unpaced run compares the transports under one.\n\n",
            "No throughput run was found.");
    }

    /** "both met", or which side missed its target: a ratio against a run that fell behind compares other loads. */
    static String targets(final RunResult mongoose, final RunResult peer)
    {
        final List<String> missed = new ArrayList<>();
        for (final RunResult run : List.of(mongoose, peer))
        {
            if (!run.targetMet())
            {
                missed.add(Transports.displayName(run.transport()) + " " + Formats.achieved(run));
            }
        }
        return missed.isEmpty() ? "both met" : "**" + String.join("; ", missed) + "**";
    }

    /** The table after its explanation, or {@code none} when it has no row. */
    private static void appendOr(final StringBuilder out, final MarkdownTable table, final String explanation,
        final String none)
    {
        if (table.isEmpty())
        {
            out.append(none).append("\n\n");
        }
        else
        {
            out.append(explanation);
            table.appendTo(out);
        }
    }
}
