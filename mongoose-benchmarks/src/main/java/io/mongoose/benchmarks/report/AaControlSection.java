package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.PairedRunData;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The paired runs' A/A control: a second Disruptor hop ({@code disruptor-twin}), identical to the first, run in the
 * same cycles. What the twin reads against the Disruptor, by the statistic the targets take, is how far the harness and
 * host alone move a paired ratio: the yardstick for Mongoose's ratio to the same Disruptor. Nothing is judged here.
 */
public final class AaControlSection implements SummarySection
{
    /** The section's heading. */
    public static final String HEADING = "## A/A control: the Disruptor against its twin";
    /** The twin's name in the paired runs' files. */
    static final String TWIN = "disruptor-twin";
    /** Mongoose's ratio lies within the twin's range, as printed. */
    static final String WITHIN = "within";
    static final String ABOVE = "above";
    static final String BELOW = "below";
    /** The rate column of the unpaced run. */
    static final String UNPACED = "unpaced";
    private static final String DISRUPTOR = "disruptor";

    @Override
    public void appendTo(final StringBuilder out, final ReportContext context)
    {
        out.append(HEADING).append("\n\n");
        final List<PairedRunData> runs = context.runs().pairedRuns().stream()
            .filter(r -> r.transports().containsAll(List.of(TWIN, DISRUPTOR, Transports.MONGOOSE)))
            // Paced rates in order, unpaced last.
            .sorted(Comparator.comparingLong(r -> 0 == r.rate() ? Long.MAX_VALUE : r.rate())).toList();
        if (runs.isEmpty())
        {
            out.append("The input's paired runs have no `").append(TWIN).append("` lane. The full sweep's paired ")
                .append("runs carry one (`PairedRunMain --transports=mongoose,disruptor,").append(TWIN)
                .append(",jctools`), and this section then sets what a second, identical Disruptor reads against the ")
                .append("first beside Mongoose's ratio against it.\n\n");
            return;
        }
        out.append("Each paired run carries a second Disruptor hop, built and run as the first, in a lane of its own ")
            .append("(`").append(TWIN).append("`). Two identical transports should read 1.00×, so the twin's ratio ")
            .append("to the Disruptor is how far the harness and host alone move a paired ratio. Each ratio is the ")
            .append("median of the JVMs' median per-cycle ratios (throughput: the lane's messages per second over ")
            .append("the Disruptor's), with the range of the twin's per-JVM ratios; within it, this run cannot tell ")
            .append("Mongoose from a second Disruptor by that measure. Nothing is judged here.\n\n");
        final MarkdownTable table = new MarkdownTable(List.of("Rate", "Measure", "Mongoose / Disruptor",
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
    }

    /** Mongoose's ratio {@code mongoose / mongoosePeer} against the twin's {@code twin / twinPeer} and its range. */
    private static List<String> row(final PairedRunData run, final String measure, final long[] mongoose,
        final long[] mongoosePeer, final long[] twin, final long[] twinPeer)
    {
        final int[] cycles = run.cyclesPerJvm();
        final double ours = PairedReport.medianOfJvms(mongoose, mongoosePeer, cycles);
        final List<Double> twins = PairedReport.jvmMedians(twin, twinPeer, cycles);
        final double low = twins.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        final double high = twins.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        return List.of(0 == run.rate() ? UNPACED : Formats.rateLabel(run.rate()), measure, PairedReport.times(ours),
            PairedReport.times(PairedReport.medianOfJvms(twin, twinPeer, cycles)),
            PairedReport.jvmMediansText(twin, twinPeer, cycles), String.format(Locale.ROOT, "%.2f–%.2f×", low, high),
            against(ours, low, high));
    }

    /** Judged on the two decimals printed, as the verdicts are. */
    static String against(final double ratio, final double low, final double high)
    {
        final long cents = Math.round(ratio * 100);
        return cents > Math.round(high * 100) ? ABOVE : cents < Math.round(low * 100) ? BELOW : WITHIN;
    }
}
