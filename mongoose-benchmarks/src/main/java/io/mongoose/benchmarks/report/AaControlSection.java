package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.PairedRunData;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

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
            .append("Disruptor's), with the range of the twin's per-JVM ratios. Where Mongoose's ratio lies ")
            .append("within that range, this run cannot tell Mongoose from a second Disruptor by that measure. ")
            .append("Nothing is judged here.\n\n");
        final MarkdownTable table = MarkdownTable.numeric(List.of("Rate", "Measure", "Mongoose / Disruptor",
            "Twin / Disruptor", "Twin: each JVM's ratio", "Twin: range", "Mongoose against the twin's range"), 2);
        for (final PairedRunData run : runs)
        {
            final int m = run.transports().indexOf(Transports.MONGOOSE);
            final int d = run.transports().indexOf(DISRUPTOR);
            final int t = run.transports().indexOf(TWIN);
            if (0 == run.rate())
            {
                // A throughput ratio is the Disruptor's time per message over the lane's.
                final long[][] picos = run.picosPerMessage();
                table.row(row(run, "throughput", picos[d], picos[m], picos[d], picos[t]));
                continue;
            }
            table.row(row(run, "p50", run.p50()[m], run.p50()[d], run.p50()[t], run.p50()[d]));
            table.row(row(run, "p90", run.p90()[m], run.p90()[d], run.p90()[t], run.p90()[d]));
            table.row(row(run, "p99", run.p99()[m], run.p99()[d], run.p99()[t], run.p99()[d]));
        }
        table.appendTo(out);
        out.append('\n');
    }

    /**
     * One measure: Mongoose's ratio {@code mongoose / mongoosePeer} and the twin's {@code twin / twinPeer}, each the
     * median of the JVMs' median per-cycle ratios, with the range of the twin's per-JVM ratios and where Mongoose's
     * ratio lies against it.
     */
    private static List<String> row(final PairedRunData run, final String measure, final long[] mongoose,
        final long[] mongoosePeer, final long[] twin, final long[] twinPeer)
    {
        final int[] cycles = run.cyclesPerJvm();
        final double ours = PairedReport.medianOfJvms(mongoose, mongoosePeer, cycles);
        final List<Double> twins = PairedReport.jvmMedians(twin, twinPeer, cycles);
        final double low = twins.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        final double high = twins.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        return List.of(0 == run.rate() ? UNPACED : RunLabels.rate(run.rate()), measure, PairedReport.times(ours),
            PairedReport.times(PairedReport.medianOfJvms(twin, twinPeer, cycles)),
            PairedReport.jvmMediansText(twin, twinPeer, cycles),
            String.format(java.util.Locale.ROOT, "%.2f–%.2f×", low, high), against(ours, low, high));
    }

    /** Judged on the two decimals printed, as the verdicts are. */
    static String against(final double ratio, final double low, final double high)
    {
        final long cents = Math.round(ratio * 100);
        if (cents > Math.round(high * 100))
        {
            return ABOVE;
        }
        if (cents < Math.round(low * 100))
        {
            return BELOW;
        }
        return WITHIN;
    }
}
