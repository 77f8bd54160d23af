package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.PairedRunData;
import io.mongoose.benchmarks.sweep.RunResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The performance targets Mongoose holds itself to, each with the figure the runs give and its verdict. Ratio targets
 * are judged on the paired runs, where both sides of a ratio share each cycle's placement of the two CPUs; the
 * separate runs' ratios are shown beside them.
 */
public final class TargetsSection implements SummarySection
{
    /** The section's heading. */
    public static final String HEADING = "## Performance targets";
    /** Rates at which Mongoose's p50 and p90 must be at most the peers'. */
    static final List<Long> RATIO_RATES = List.of(10_000L, 100_000L, 1_000_000L);
    /** The peers those ratios are taken against: the LMAX Disruptor and the raw JCTools hop Mongoose is built on. */
    static final List<String> RATIO_PEERS = List.of("disruptor", "jctools");
    /** The rate whose p50 must stay under {@link #HIGH_RATE_P50_LIMIT_NANOS}. */
    static final long HIGH_RATE = 10_000_000L;
    static final long HIGH_RATE_P50_LIMIT_NANOS = 1_000;
    /** The least unpaced throughput of the full pooled path, messages per second (median of runs). */
    static final double THROUGHPUT_FLOOR = 20_000_000;
    static final String MET = "met";
    static final String NOT_MET = "**not met**";

    @Override
    public void appendTo(final StringBuilder out, final ReportContext context)
    {
        out.append(HEADING).append("\n\n");
        out.append("A ratio is Mongoose's figure over the peer's and meets its target at most 1.00× as printed. Ratio ")
            .append("targets are judged on the paired runs (the median over the JVMs of each JVM's median per-cycle ")
            .append("ratio); the sweep's separate runs, each on a placement of the CPUs of its own, are shown beside ")
            .append("them and not judged. A dash: the input has no such run.\n\n");
        appendRatios(out, context.runs());
        appendAbsolutes(out, context.runs());
    }

    private static void appendRatios(final StringBuilder out, final RunCatalog runs)
    {
        out.append("Mongoose's p50 and p90 at most the Disruptor's and the raw JCTools hop's at 10k, 100k and 1M ")
            .append("msg/s; p99 is the tail, where Mongoose must be no worse than the peers in the same run.\n\n");
        final MarkdownTable table = new MarkdownTable(List.of("Rate", "Peer", "Sweep p50", "Sweep p90", "Sweep p99",
            "Paired p50", "Paired p90", "Paired: p50 and p90", "Paired p99", "Paired: p99 (tail)"), 2);
        for (final long rate : RATIO_RATES)
        {
            final Optional<LoadedRun> mongoose = runs.latency(Transports.MONGOOSE, rate);
            final Optional<PairedRunData> paired = paired(runs, rate);
            for (final String peer : RATIO_PEERS)
            {
                final Optional<LoadedRun> other = runs.latency(peer, rate);
                final List<String> row = new ArrayList<>(List.of(Formats.rateLabel(rate), Transports.displayName(peer)));
                for (final double percentile : new double[] {50, 90, 99})
                {
                    row.add(mongoose.isPresent() && other.isPresent() ? Formats.ratio(
                        mongoose.get().result().latency().getValueAtPercentile(percentile),
                        other.get().result().latency().getValueAtPercentile(percentile)) : Formats.NO_RUN);
                }
                final int m = paired.map(r -> r.transports().indexOf(Transports.MONGOOSE)).orElse(-1);
                final int p = paired.map(r -> r.transports().indexOf(peer)).orElse(-1);
                if (m < 0 || p < 0)
                {
                    row.addAll(List.of(Formats.NO_RUN, Formats.NO_RUN, Formats.NO_RUN, Formats.NO_RUN, Formats.NO_RUN));
                    table.row(row);
                    continue;
                }
                final PairedRunData run = paired.get();
                final double p50 = PairedReport.medianOfJvms(run.p50()[m], run.p50()[p], run.cyclesPerJvm());
                final double p90 = PairedReport.medianOfJvms(run.p90()[m], run.p90()[p], run.cyclesPerJvm());
                final double p99 = PairedReport.medianOfJvms(run.p99()[m], run.p99()[p], run.cyclesPerJvm());
                row.addAll(List.of(PairedReport.times(p50), PairedReport.times(p90), verdict(p50, p90),
                    PairedReport.times(p99), atMostOne(p99) ? MET : NOT_MET));
                table.row(row);
            }
        }
        table.appendTo(out);
    }

    private static void appendAbsolutes(final StringBuilder out, final RunCatalog runs)
    {
        final MarkdownTable table = new MarkdownTable(List.of("Target", "Measured", "Verdict"), 1);
        final Optional<RunResult> high = runs.latency(Transports.MONGOOSE, HIGH_RATE).map(LoadedRun::result);
        final long highP50 = high.map(r -> r.latency().getValueAtPercentile(50)).orElse(0L);
        row(table, "10M msg/s achieved, p50 under 1 µs (sweep)",
            high.map(r -> Formats.achieved(r) + ", p50 " + Formats.latency(highP50)),
            high.map(r -> r.targetMet() && highP50 < HIGH_RATE_P50_LIMIT_NANOS));
        final Optional<long[]> highCycles = paired(runs, HIGH_RATE)
            .map(run -> run.p50()[run.transports().indexOf(Transports.MONGOOSE)]).filter(c -> c.length > 0);
        final Optional<Long> cycleMedian = highCycles.map(PairedReport::lowerMedian);
        row(table, "10M msg/s, p50 under 1 µs (paired: the median of Mongoose's per-cycle p50)",
            cycleMedian.map(median -> Formats.latency(median) + " over " + highCycles.get().length + " cycles"),
            cycleMedian.map(median -> median < HIGH_RATE_P50_LIMIT_NANOS));
        final Optional<Double> mongooseMax = runs.medianThroughput(Transports.MONGOOSE);
        final Optional<Double> disruptorMax = runs.medianThroughput("disruptor");
        row(table, "Max throughput of the full pooled path at least 20M msg/s (median of runs)",
            mongooseMax.map(m -> Formats.rate(m) + " msg/s (" +
                Formats.count(runs.throughputRuns(Transports.MONGOOSE).size(), "run") + ")"),
            mongooseMax.map(m -> m >= THROUGHPUT_FLOOR));
        row(table, "Max throughput at least the Disruptor's (medians)", mongooseMax.flatMap(m -> disruptorMax.map(
                d -> Formats.ratio(m, d) + " (Disruptor " + Formats.rate(d) + " msg/s)")),
            mongooseMax.flatMap(m -> disruptorMax.map(d -> m >= d)));
        // The unpaced paired run, judged as the separate runs' medians are (at least 1, unrounded).
        final Optional<PairedRunData> unpaced = paired(runs, 0)
            .filter(r -> r.transports().contains(Transports.MONGOOSE) && r.transports().contains("disruptor"));
        final Optional<Double> pairedRatio = unpaced.map(r -> PairedReport.throughputRatio(
            r.picosPerMessage()[r.transports().indexOf(Transports.MONGOOSE)],
            r.picosPerMessage()[r.transports().indexOf("disruptor")], r.cyclesPerJvm()));
        row(table, "Max throughput at least the Disruptor's (paired: the median of the JVMs' per-cycle ratios)",
            pairedRatio.map(ratio -> String.format(Locale.US, "%.3f×", ratio) + " over " + unpaced.get().cycles() +
                " cycles in " + Formats.count(unpaced.get().cyclesPerJvm().length, "JVM")),
            pairedRatio.map(ratio -> ratio >= 1));
        final List<RunResult> windows = new ArrayList<>();
        runs.latencyRuns(Transports.MONGOOSE).forEach(r -> windows.add(r.result()));
        runs.throughputRuns(Transports.MONGOOSE).forEach(r -> windows.add(r.result()));
        final long collections = windows.stream().mapToLong(RunResult::gcCount).sum();
        final double mostBytes = windows.stream().mapToDouble(RunResult::allocatedBytesPerMessage).max().orElse(0);
        final Optional<String> count = Optional.of(windows.size() + " Mongoose windows").filter(c -> !windows.isEmpty());
        row(table, "No collection in any window", count.map(c -> Formats.count(collections) + " in " + c),
            count.map(c -> 0 == collections));
        row(table, "Under 1 byte allocated per message in every window",
            count.map(c -> "at most " + Formats.bytesPerMessage(mostBytes) + " B/msg in " + c),
            count.map(c -> mostBytes < 1));
        out.append("The absolute targets, over every Mongoose window of the separate runs (latency points and ")
            .append("throughput runs).\n\n");
        table.appendTo(out);
    }

    /** A target's row: its figure and verdict, or dashes without the runs it needs. */
    private static void row(final MarkdownTable table, final String target, final Optional<String> measured,
        final Optional<Boolean> met)
    {
        table.row(List.of(target, measured.orElse(Formats.NO_RUN), met.map(m -> m ? MET : NOT_MET)
            .orElse(Formats.NO_RUN)));
    }

    /** The paired run at {@code rate} in the standard configuration. */
    private static Optional<PairedRunData> paired(final RunCatalog runs, final long rate)
    {
        return runs.pairedRuns().stream().filter(r -> r.rate() == rate).findFirst();
    }

    /** Judged on the two decimals printed, so a cell reading 1.00× is never called a miss. */
    static String verdict(final double p50, final double p90)
    {
        return atMostOne(p50) && atMostOne(p90) ? MET : NOT_MET;
    }

    private static boolean atMostOne(final double ratio)
    {
        return !Double.isNaN(ratio) && Math.round(ratio * 100) <= 100;
    }
}
