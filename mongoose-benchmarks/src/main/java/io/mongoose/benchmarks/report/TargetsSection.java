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
 * met, so no verdict is typed by hand. The ratio targets are judged twice: on the sweep's separate runs and on the
 * paired runs. Separate runs each land on a placement of the two CPUs of their own, which can decide a ratio by itself,
 * so their verdict compares runs of one placement at a time ({@link SamePlacement}); a paired cycle gives both sides the
 * same placement by construction.
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
    /** The separate runs' verdict when Mongoose and the peer had no run on a common placement. */
    static final String NO_COMMON_PLACEMENT = "no common placement";

    @Override
    public void appendTo(final StringBuilder out, final ReportContext context)
    {
        out.append(HEADING).append("\n\n");
        out.append("Each target with what this report's runs measured and whether that meets it; the figures come ")
            .append("from the tables below. A ratio is Mongoose's figure over the peer's (at most 1.00× to meet a ")
            .append("target, as printed). Sweep p50 and p90: the separate runs of Table 3, each point the median of ")
            .append("its repeats, whatever the placement of the two CPUs each run landed on. A far placement slows ")
            .append("every transport's hop several-fold (see Repeats), so those two can set a far Mongoose run against ")
            .append("a near peer run or the reverse, and the separate runs' verdict is taken on the same placement ")
            .append("instead: each side's median near run when both had near runs, and each side's median far run when ")
            .append("both had far runs (both must meet the target), and no verdict when the two had no placement in ")
            .append("common (runs without placement readings are judged on the medians). Paired: the paired runs in ")
            .append("the standard configuration (see Paired runs), the median of the JVMs' per-cycle ratios, p99 ")
            .append("included (a paired run recorded before its ")
            .append("per-cycle p99 gives the pooled cycles' histograms' p99 ratio, marked pooled, and no tail ")
            .append("verdict); a paired cycle gives both sides the same placement. A ratio target is met when the ")
            .append("paired runs meet it and so do the separate runs wherever they have a same-placement comparison. ")
            .append("The tail is judged on the paired runs alone, cycle by cycle: a stall of the host (tens of ")
            .append("microseconds to milliseconds) delays every message behind it in whichever slice it falls in, so ")
            .append("the p99 of a pooled histogram or of one separate run mostly counts which transport the longest ")
            .append("stalls happened to hit, where the median cycle compares the two under the same conditions. A ")
            .append("dash: the input has no such run.\n\n");
        appendRatios(out, context.runs());
        appendAbsolutes(out, context.runs());
    }

    private static void appendRatios(final StringBuilder out, final RunCatalog runs)
    {
        out.append("Mongoose's p50 and p90 at most the Disruptor's and the raw JCTools hop's at 10k, 100k and 1M ")
            .append("msg/s; p99 is the tail, where Mongoose must be no worse than the peers in the same run.\n\n");
        final MarkdownTable table = MarkdownTable.numeric(List.of("Rate", "Peer", "Sweep p50", "Sweep p90",
            "Sweep, same placement: p50 / p90", "Sweep: p50 and p90", "Paired p50", "Paired p90",
            "Paired: p50 and p90", "Sweep p99", "Paired p99", "Paired: p99 (tail)"), 2);
        final Optional<SamePlacement> samePlacement = SamePlacement.of(runs);
        final List<String> tailMisses = new ArrayList<>();
        for (final long rate : RATIO_RATES)
        {
            final Optional<LoadedRun> mongoose = runs.latency(Transports.MONGOOSE, rate);
            final Optional<PairedRunData> paired = paired(runs, rate);
            for (final String peer : RATIO_PEERS)
            {
                final Optional<LoadedRun> other = runs.latency(peer, rate);
                final List<String> row = new ArrayList<>(List.of(RunLabels.rate(rate), Transports.displayName(peer)));
                if (mongoose.isPresent() && other.isPresent())
                {
                    final Histogram m = mongoose.get().result().latency();
                    final Histogram p = other.get().result().latency();
                    final double p50 = ratio(m.getValueAtPercentile(50), p.getValueAtPercentile(50));
                    final double p90 = ratio(m.getValueAtPercentile(90), p.getValueAtPercentile(90));
                    row.addAll(List.of(times(p50), times(p90)));
                    row.addAll(samePlacement.map(same -> samePlacementCells(same, peer, rate))
                        .orElse(List.of(Formats.NO_RUN, verdict(p50, p90))));
                }
                else
                {
                    row.addAll(List.of(Formats.NO_RUN, Formats.NO_RUN, Formats.NO_RUN, Formats.NO_RUN));
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
                row.add(mongoose.isPresent() && other.isPresent() ? times(ratio(
                    mongoose.get().result().latency().getValueAtPercentile(99),
                    other.get().result().latency().getValueAtPercentile(99))) : Formats.NO_RUN);
                final List<String> tail = tailCells(paired, peer);
                row.addAll(tail);
                table.row(row);
                if (NOT_MET.equals(tail.get(1)))
                {
                    paddedP99(runs, rate, peer).ifPresent(padded -> tailMisses.add(RunLabels.rate(rate) +
                        " against " + Transports.displayName(peer) + ", " + tail.get(0) + " with the peer's own " +
                        "event and " + times(padded) + " padded"));
                }
            }
        }
        table.appendTo(out);
        out.append('\n');
        if (!tailMisses.isEmpty())
        {
            out.append("Each tail miss beside the same ratio from the paired run that followed it with the peers' ")
                .append("event padded to the size of Mongoose's message (not judged; see \"")
                .append(LinePerMessageSection.HEADING.substring(3)).append("\"): ")
                .append(String.join("; ", tailMisses)).append(".\n\n");
        }
        TailSpread.appendTo(out, runs, RATIO_RATES, RATIO_PEERS);
    }

    /** The paired p99 ratio against {@code peer} with padded peer events at {@code rate}, if that run has it. */
    private static Optional<Double> paddedP99(final RunCatalog runs, final long rate, final String peer)
    {
        return runs.paddedPairedRuns().stream()
            .filter(r -> r.rate() == rate && r.hasP99() && r.transports().contains(peer) &&
                r.transports().contains(Transports.MONGOOSE))
            .findFirst()
            .map(r -> LinePerMessageSection.p99Ratio(r, peer));
    }

    /**
     * The same-placement ratios with their basis, one per placement both sides had runs of, and the verdict on them
     * all: met only if every placement's ratios meet the target. {@link #NO_COMMON_PLACEMENT} without any.
     */
    private static List<String> samePlacementCells(final SamePlacement same, final String peer, final long rate)
    {
        final List<SamePlacement.Comparison> comparisons = same.compare(Transports.MONGOOSE, peer, rate);
        if (comparisons.isEmpty())
        {
            return List.of(Formats.NO_RUN, NO_COMMON_PLACEMENT);
        }
        final List<String> cells = new ArrayList<>();
        boolean met = true;
        for (final SamePlacement.Comparison c : comparisons)
        {
            cells.add(times(c.p50Ratio()) + " / " + times(c.p90Ratio()) + ", " + c.basis());
            met &= MET.equals(verdict(c.p50Ratio(), c.p90Ratio()));
        }
        return List.of(String.join("; ", cells), met ? MET : NOT_MET);
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
        final Optional<PairedRunData> highPaired = paired(runs, HIGH_RATE);
        for (final boolean near : new boolean[] {true, false})
        {
            final String target = "10M msg/s, p50 under 1 µs (paired, " + (near ? "near" : "far") + " cycles: " +
                "the median of Mongoose's per-cycle p50)";
            final Optional<long[]> cycles = highPaired.map(run -> PairedReport.ofPlacement(
                run.p50()[run.transports().indexOf(Transports.MONGOOSE)], run.readings(), near));
            if (cycles.isEmpty() || 0 == cycles.get().length)
            {
                table.row(List.of(target, Formats.NO_RUN, Formats.NO_RUN));
                continue;
            }
            final long median = PairedReport.lowerMedian(cycles.get());
            table.row(List.of(target, Formats.latency(median) + " over " + cycles.get().length + " cycles",
                median < HIGH_RATE_P50_LIMIT_NANOS ? MET : NOT_MET));
        }
        final Optional<Double> mongooseMax = runs.medianThroughput(Transports.MONGOOSE);
        final Optional<Double> disruptorMax = runs.medianThroughput("disruptor");
        table.row(List.of("Max throughput of the full pooled path at least 20M msg/s (median of runs)",
            mongooseMax.map(Formats::rate).map(s -> s + " msg/s (" + runs.throughputRuns(Transports.MONGOOSE).size() +
                " runs)").orElse(Formats.NO_RUN),
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
        out.append("The absolute targets, over every Mongoose window of this report (latency points, their repeats, ")
            .append("the drain-limit phase and the throughput runs). Near and far cycles are split as in the paired ")
            .append("runs' section.\n\n");
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
        table.row(List.of(target, String.format(Locale.US, "%.3f×", ratio) + " over " + run.readings().length +
            " cycles in " + run.cyclesPerJvm().length + (1 == run.cyclesPerJvm().length ? " JVM" : " JVMs"),
            ratio >= 1 ? MET : NOT_MET));
    }

    /** Every Mongoose run of the report, each window once. */
    private static List<RunResult> mongooseWindows(final RunCatalog runs)
    {
        final List<RunResult> windows = new ArrayList<>();
        final boolean repeated = runs.repeatRuns().isPresent();
        if (repeated)
        {
            // The reported point is a copy of one of its repeats: count the repeats, not the copy again.
            runs.repeatRuns().get().all().stream().map(LoadedRun::result)
                .filter(r -> Transports.MONGOOSE.equals(r.transport())).forEach(windows::add);
        }
        else
        {
            runs.latencyRuns(Transports.MONGOOSE).stream().map(LoadedRun::result).forEach(windows::add);
        }
        runs.drainLimitRuns().ifPresent(d -> d.all().stream().map(LoadedRun::result).forEach(windows::add));
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
     * ratios are; for a run recorded before its per-cycle p99, the pooled histograms' ratio, marked pooled, and no
     * verdict.
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
        if (!run.hasP99())
        {
            return List.of(times(ratio(run.totals()[m].getValueAtPercentile(99),
                run.totals()[p].getValueAtPercentile(99))) + " pooled", TailSourceSection.NOT_RECORDED);
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
