package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.PairedRunData;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The paired runs' A/A control: a second Disruptor hop, identical to the first, run as one more lane of the same
 * cycles ({@code disruptor-twin}). Two identical transports should read 1.00× against each other, so what the twin
 * reads against the Disruptor, taken with the statistic each target takes, is how far the harness and the host alone
 * move a paired ratio in that run: the yardstick for Mongoose's ratio against the same Disruptor beside it.
 *
 * <p>Why the report carries it. On a 2-vCPU VM a transport's lane can sit in a mode of its own for a JVM's life (its
 * ring's place in the heap, the cache lines its events straddle), and the tail is made by the host's stalls. Without
 * a control, a ratio of 1.05× cannot say whether Mongoose is worse or the run is noisy. Nothing is judged here: the
 * targets stay set against the peers as they are.
 */
public final class AaControlSection implements SummarySection
{
    /** The section's heading. */
    public static final String HEADING = "## A/A control: the Disruptor against its twin";
    /** The twin's name in the paired runs' files. */
    static final String TWIN = "disruptor-twin";
    private static final String DISRUPTOR = "disruptor";
    /** Mongoose's ratio lies within the twin's interval, as printed. */
    static final String WITHIN = "within";
    static final String ABOVE = "above";
    static final String BELOW = "below";
    /** The rate column of the unpaced run. */
    static final String UNPACED = "unpaced";

    @Override
    public void appendTo(final StringBuilder out, final ReportContext context)
    {
        out.append(HEADING).append("\n\n");
        final List<PairedRunData> runs = new ArrayList<>(context.runs().pairedRuns().stream()
            .filter(r -> r.transports().contains(TWIN) && r.transports().contains(DISRUPTOR) &&
                r.transports().contains(Transports.MONGOOSE))
            .toList());
        if (runs.isEmpty())
        {
            out.append("The input's paired runs have no `").append(TWIN).append("` lane. The full sweep's paired ")
                .append("runs carry one (`PairedRunMain --transports=mongoose,disruptor,").append(TWIN)
                .append(",jctools`), and this section then sets what a second, identical Disruptor reads against the ")
                .append("first beside Mongoose's ratio against it.\n\n");
            return;
        }
        // Paced rates in order, unpaced last.
        runs.sort(Comparator.comparingLong(r -> 0 == r.rate() ? Long.MAX_VALUE : r.rate()));
        out.append("Each paired run also carries a second Disruptor hop, built and run exactly as the first, in a ")
            .append("lane of its own (`").append(TWIN).append("`). Two identical transports should read 1.00×, so ")
            .append("what the twin reads against the Disruptor is how far the harness and the host alone move a ")
            .append("paired ratio in this run. Each ratio is the statistic the targets take (the median of the ")
            .append("JVMs' median per-cycle ratios; for throughput, the lane's messages per second over the ")
            .append("Disruptor's), with the twin's ").append(JvmMedianInterval.LEVEL_PERCENT)
            .append("% bootstrap interval (as in the targets section's tail table). Where Mongoose's ratio lies ")
            .append("within the twin's interval, this run cannot tell Mongoose from a second Disruptor by that ")
            .append("measure. Nothing is judged here.\n\n");
        final MarkdownTable table = MarkdownTable.numeric(List.of("Rate", "Measure", "Mongoose / Disruptor",
            "Twin / Disruptor", "Twin: each JVM's ratio", "Twin: " + JvmMedianInterval.LEVEL_PERCENT + "% interval",
            "Mongoose against the twin's interval"), 2);
        for (final PairedRunData run : runs)
        {
            final int m = run.transports().indexOf(Transports.MONGOOSE);
            final int d = run.transports().indexOf(DISRUPTOR);
            final int t = run.transports().indexOf(TWIN);
            if (0 == run.rate())
            {
                if (run.hasPicosPerMessage())
                {
                    // A throughput ratio is the Disruptor's time per message over the lane's.
                    final long[][] picos = run.picosPerMessage();
                    table.row(row(run, "throughput", picos[d], picos[m], picos[d], picos[t]));
                }
                continue;
            }
            table.row(row(run, "p50", run.p50()[m], run.p50()[d], run.p50()[t], run.p50()[d]));
            table.row(row(run, "p90", run.p90()[m], run.p90()[d], run.p90()[t], run.p90()[d]));
            if (run.hasP99())
            {
                table.row(row(run, "p99", run.p99()[m], run.p99()[d], run.p99()[t], run.p99()[d]));
            }
        }
        table.appendTo(out);
        out.append('\n');
        final List<String> far = new ArrayList<>();
        for (final PairedRunData run : runs)
        {
            farCycles(run).ifPresent(far::add);
        }
        if (!far.isEmpty())
        {
            out.append("Each lane's p50 in the far cycles: the median of its per-cycle p50 over the cycles the ")
                .append("placement probe read far, as the paired runs' section splits them. The 10M msg/s target ")
                .append("asks Mongoose's to stay under 1 µs there; the peers' show what the placement allows.\n\n");
            far.forEach(line -> out.append("- ").append(line).append('\n'));
            out.append('\n');
        }
    }

    /**
     * One measure: Mongoose's ratio {@code mongoose / mongoosePeer} and the twin's {@code twin / twinPeer}, each the
     * median of the JVMs' median per-cycle ratios, with the twin's interval and where Mongoose's ratio lies against it.
     */
    private static List<String> row(final PairedRunData run, final String measure, final long[] mongoose,
        final long[] mongoosePeer, final long[] twin, final long[] twinPeer)
    {
        final int[] cycles = run.cyclesPerJvm();
        final double ours = PairedReport.medianOfJvms(mongoose, mongoosePeer, cycles);
        final JvmMedianInterval interval = JvmMedianInterval.of(twin, twinPeer, cycles);
        return List.of(0 == run.rate() ? UNPACED : RunLabels.rate(run.rate()), measure, PairedReport.times(ours),
            PairedReport.times(PairedReport.medianOfJvms(twin, twinPeer, cycles)),
            PairedReport.jvmMediansText(twin, twinPeer, cycles), interval.text(), against(ours, interval));
    }

    /** Judged on the two decimals printed, as the verdicts are. */
    static String against(final double ratio, final JvmMedianInterval interval)
    {
        final long cents = Math.round(ratio * 100);
        if (cents > Math.round(interval.high() * 100))
        {
            return ABOVE;
        }
        if (cents < Math.round(interval.low() * 100))
        {
            return BELOW;
        }
        return WITHIN;
    }

    /** Every lane's median p50 over the run's far cycles, if it had any. */
    private static Optional<String> farCycles(final PairedRunData run)
    {
        if (0 == run.rate())
        {
            return Optional.empty();
        }
        // The far cycles' own readings, counted.
        final int far = PairedReport.ofPlacement(run.readings(), run.readings(), false).length;
        if (0 == far)
        {
            return Optional.empty();
        }
        final List<String> lanes = new ArrayList<>();
        for (final String lane : Transports.ordered(run.transports()))
        {
            // As the targets section takes Mongoose's far-cycle p50 at 10M msg/s, so the two agree.
            final long[] p50 = PairedReport.ofPlacement(run.p50()[run.transports().indexOf(lane)], run.readings(),
                false);
            lanes.add(Transports.displayName(lane) + " " + Formats.latency(PairedReport.lowerMedian(p50)));
        }
        return Optional.of(RunLabels.rate(run.rate()) + ", " + far + " of " + run.readings().length +
            " cycles far: " + String.join(", ", lanes) + ".");
    }
}
