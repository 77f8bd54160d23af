package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.PairedRunData;
import io.mongoose.benchmarks.sweep.RunResult;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The performance targets Mongoose holds itself to, each with the figure this report's runs give and whether it is
 * met, so no verdict is typed by hand. Ratio targets are judged on the paired runs, where both sides of a ratio share
 * each cycle's placement of the two CPUs; the separate runs' ratios are shown beside them.
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
        out.append("Each target with what this report's runs measured and whether that meets it. A ratio is ")
            .append("Mongoose's figure over the peer's, at most 1.00× (as printed) to meet a target. Ratio targets ")
            .append("are judged on the paired runs (see Paired runs): the median over the JVMs of each JVM's median ")
            .append("per-cycle ratio, where a cycle gives both sides the same placement of the two CPUs. The sweep's ")
            .append("separate runs (Table 3) are shown beside them and not judged: each lands on a placement of its ")
            .append("own, which alone can move a ratio several-fold. A dash: the input has no such run.\n\n");
        appendRatios(out, context.runs());
        appendAbsolutes(out, context.runs());
    }

    private static void appendRatios(final StringBuilder out, final RunCatalog runs)
    {
        out.append("Mongoose's p50 and p90 at most the Disruptor's and the raw JCTools hop's at 10k, 100k and 1M ")
            .append("msg/s; p99 is the tail, where Mongoose must be no worse than the peers in the same run.\n\n");
        final MarkdownTable table = MarkdownTable.numeric(List.of("Rate", "Peer", "Sweep p50", "Sweep p90",
            "Sweep p99", "Paired p50", "Paired p90", "Paired: p50 and p90", "Paired p99", "Paired: p99 (tail)"), 2);
        for (final long rate : RATIO_RATES)
        {
            final Optional<LoadedRun> mongoose = runs.latency(Transports.MONGOOSE, rate);
            final Optional<PairedRunData> paired = paired(runs, rate);
            for (final String peer : RATIO_PEERS)
            {
                final Optional<LoadedRun> other = runs.latency(peer, rate);
                final List<String> row = new ArrayList<>(List.of(RunLabels.rate(rate), Transports.displayName(peer)));
                for (final double percentile : new double[] {50, 90, 99})
                {
                    row.add(mongoose.isPresent() && other.isPresent() ? times(ratio(
                        mongoose.get().result().latency().getValueAtPercentile(percentile),
                        other.get().result().latency().getValueAtPercentile(percentile))) : Formats.NO_RUN);
                }
                final Optional<double[]> pairedRatios = paired.flatMap(run -> pairedRatios(run, peer));
                if (pairedRatios.isPresent())
                {
                    final double[] r = pairedRatios.get();
                    row.addAll(List.of(times(r[0]), times(r[1]), verdict(r[0], r[1])));
                }
                else
                {
                    row.addAll(List.of(Formats.NO_RUN, Formats.NO_RUN, Formats.NO_RUN));
                }
                row.addAll(tailCells(paired, peer));
                table.row(row);
            }
        }
        table.appendTo(out);
        out.append('\n');
    }

    private static void appendAbsolutes(final StringBuilder out, final RunCatalog runs)
    {
        final MarkdownTable table = MarkdownTable.numeric(List.of("Target", "Measured", "Verdict"), 1);
        final Optional<LoadedRun> high = runs.latency(Transports.MONGOOSE, HIGH_RATE);
        if (high.isPresent())
        {
            final RunResult r = high.get().result();
            final long p50 = r.latency().getValueAtPercentile(50);
            table.row(List.of("10M msg/s achieved, p50 under 1 µs (sweep)", RunLabels.achieved(r) + ", p50 " +
                Formats.latency(p50), r.targetMet() && p50 < HIGH_RATE_P50_LIMIT_NANOS ? MET : NOT_MET));
        }
        else
        {
            table.row(List.of("10M msg/s achieved, p50 under 1 µs (sweep)", Formats.NO_RUN, Formats.NO_RUN));
        }
        final String highTarget = "10M msg/s, p50 under 1 µs (paired: the median of Mongoose's per-cycle p50)";
        final Optional<long[]> highCycles = paired(runs, HIGH_RATE)
            .map(run -> run.p50()[run.transports().indexOf(Transports.MONGOOSE)]).filter(c -> c.length > 0);
        if (highCycles.isPresent())
        {
            final long median = PairedReport.lowerMedian(highCycles.get());
            table.row(List.of(highTarget, Formats.latency(median) + " over " + highCycles.get().length + " cycles",
                median < HIGH_RATE_P50_LIMIT_NANOS ? MET : NOT_MET));
        }
        else
        {
            table.row(List.of(highTarget, Formats.NO_RUN, Formats.NO_RUN));
        }
        final Optional<Double> mongooseMax = runs.medianThroughput(Transports.MONGOOSE);
        final Optional<Double> disruptorMax = runs.medianThroughput("disruptor");
        table.row(List.of("Max throughput of the full pooled path at least 20M msg/s (median of runs)",
            mongooseMax.map(Formats::rate).map(s -> s + " msg/s (" +
                Formats.count(runs.throughputRuns(Transports.MONGOOSE).size(), "run") + ")").orElse(Formats.NO_RUN),
            mongooseMax.map(m -> m >= THROUGHPUT_FLOOR ? MET : NOT_MET).orElse(Formats.NO_RUN)));
        if (mongooseMax.isPresent() && disruptorMax.isPresent())
        {
            table.row(List.of("Max throughput at least the Disruptor's (medians)", Formats.ratio(mongooseMax.get(),
                disruptorMax.get()) + " (Disruptor " + Formats.rate(disruptorMax.get()) + " msg/s)",
                mongooseMax.get() >= disruptorMax.get() ? MET : NOT_MET));
        }
        else
        {
            table.row(List.of("Max throughput at least the Disruptor's (medians)", Formats.NO_RUN, Formats.NO_RUN));
        }
        appendPairedThroughput(table, runs);
        final List<RunResult> windows = mongooseWindows(runs);
        long collections = 0;
        double mostBytes = 0;
        for (final RunResult r : windows)
        {
            collections += r.gcCount();
            mostBytes = Math.max(mostBytes, r.allocatedBytesPerMessage());
        }
        final String count = windows.size() + " Mongoose windows";
        table.row(List.of("No collection in any window", windows.isEmpty() ? Formats.NO_RUN :
            Formats.count(collections) + " in " + count,
            windows.isEmpty() ? Formats.NO_RUN : 0 == collections ? MET : NOT_MET));
        table.row(List.of("Under 1 byte allocated per message in every window", windows.isEmpty() ? Formats.NO_RUN :
            "at most " + Formats.bytesPerMessage(mostBytes) + " B/msg in " + count,
            windows.isEmpty() ? Formats.NO_RUN : mostBytes < 1 ? MET : NOT_MET));
        out.append("The absolute targets, over every Mongoose window of this report's separate runs (latency ")
            .append("points and throughput runs).\n\n");
        table.appendTo(out);
        out.append('\n');
    }

    /**
     * The throughput target on the unpaced paired run, if there is one with the Disruptor: the median of the JVMs'
     * median per-cycle ratios, as the paired latency ratios are taken, judged as the separate runs' medians are (at
     * least 1, unrounded).
     */
    private static void appendPairedThroughput(final MarkdownTable table, final RunCatalog runs)
    {
        final String target = "Max throughput at least the Disruptor's (paired: the median of the JVMs' per-cycle " +
            "ratios)";
        final Optional<PairedRunData> unpaced = paired(runs, 0);
        final int m = unpaced.map(r -> r.transports().indexOf(Transports.MONGOOSE)).orElse(-1);
        final int d = unpaced.map(r -> r.transports().indexOf("disruptor")).orElse(-1);
        if (unpaced.isEmpty() || m < 0 || d < 0)
        {
            table.row(List.of(target, Formats.NO_RUN, Formats.NO_RUN));
            return;
        }
        final PairedRunData run = unpaced.get();
        final double ratio = PairedReport.throughputRatio(run.picosPerMessage()[m], run.picosPerMessage()[d],
            run.cyclesPerJvm());
        table.row(List.of(target, String.format(Locale.US, "%.3f×", ratio) + " over " + run.cycles() +
            " cycles in " + run.cyclesPerJvm().length + (1 == run.cyclesPerJvm().length ? " JVM" : " JVMs"),
            ratio >= 1 ? MET : NOT_MET));
    }

    /** Every Mongoose run of the report, each window once. */
    private static List<RunResult> mongooseWindows(final RunCatalog runs)
    {
        final List<RunResult> windows = new ArrayList<>();
        runs.latencyRuns(Transports.MONGOOSE).stream().map(LoadedRun::result).forEach(windows::add);
        runs.throughputRuns(Transports.MONGOOSE).stream().map(LoadedRun::result).forEach(windows::add);
        return windows;
    }

    /** The paired run at {@code rate} in the standard configuration: {@link RunCatalog#pairedRuns()} holds no other. */
    private static Optional<PairedRunData> paired(final RunCatalog runs, final long rate)
    {
        return runs.pairedRuns().stream().filter(r -> r.rate() == rate).findFirst();
    }

    /** p50 and p90 as the median of the JVMs' median ratios; empty without the peer. */
    private static Optional<double[]> pairedRatios(final PairedRunData run, final String peer)
    {
        final int m = run.transports().indexOf(Transports.MONGOOSE);
        final int p = run.transports().indexOf(peer);
        if (m < 0 || p < 0)
        {
            return Optional.empty();
        }
        return Optional.of(new double[] {
            PairedReport.medianOfJvms(run.p50()[m], run.p50()[p], run.cyclesPerJvm()),
            PairedReport.medianOfJvms(run.p90()[m], run.p90()[p], run.cyclesPerJvm())});
    }

    /**
     * The paired p99 ratio and the tail's verdict: the median of the JVMs' per-cycle ratios, judged as the other
     * ratios are.
     */
    private static List<String> tailCells(final Optional<PairedRunData> paired, final String peer)
    {
        if (paired.isEmpty())
        {
            return List.of(Formats.NO_RUN, Formats.NO_RUN);
        }
        final PairedRunData run = paired.get();
        final int m = run.transports().indexOf(Transports.MONGOOSE);
        final int p = run.transports().indexOf(peer);
        if (m < 0 || p < 0)
        {
            return List.of(Formats.NO_RUN, Formats.NO_RUN);
        }
        final double p99 = PairedReport.medianOfJvms(run.p99()[m], run.p99()[p], run.cyclesPerJvm());
        return List.of(times(p99), atMostOne(p99) ? MET : NOT_MET);
    }

    private static double ratio(final double mongoose, final double peer)
    {
        return 0 == peer ? Double.NaN : mongoose / peer;
    }

    private static String times(final double ratio)
    {
        return Double.isNaN(ratio) ? Formats.NOT_AVAILABLE : String.format(Locale.US, "%.2f×", ratio);
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
