package io.mongoose.benchmarks.report;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A paired run's result ({@code sweep.PairedRunMain}) as Markdown: each transport's latency over all measured slices,
 * and Mongoose's ratio to each peer cycle by cycle ({@link PairedRatios}), over all cycles and per JVM. Also the
 * paired statistics the summary's sections take.
 */
public final class PairedReport
{
    private PairedReport()
    {
    }

    /**
     * @param heading      the title and method paragraph, Markdown, ending in a blank line.
     * @param transports   transport names as the run files spell them, Mongoose among them.
     * @param totals       each transport's latency over all measured slices, in {@code transports} order.
     * @param p50          each transport's p50 per measured cycle, in the same order.
     * @param p90          each transport's p90 per measured cycle.
     * @param p99          each transport's p99 per measured cycle.
     * @param cyclesPerJvm the measured cycles of each JVM, in order; with more than one, per-JVM tables follow.
     * @return the Markdown.
     * @throws IllegalArgumentException if Mongoose is not among {@code transports}.
     */
    public static String markdown(final String heading, final List<String> transports, final Histogram[] totals,
        final long[][] p50, final long[][] p90, final long[][] p99, final int[] cyclesPerJvm)
    {
        final int mongoose = mongooseIndex(transports);
        final StringBuilder out = new StringBuilder(heading);
        final MarkdownTable latency = new MarkdownTable(List.of("Transport", "Messages", "p50", "p90", "p99", "p99.9",
            "max"), 1);
        for (int i = 0; i < transports.size(); i++)
        {
            final List<String> row = new ArrayList<>(List.of(Transports.displayName(transports.get(i)),
                Formats.count(totals[i].getTotalCount())));
            for (final double percentile : new double[] {50, 90, 99, 99.9})
            {
                row.add(Formats.latency(totals[i].getValueAtPercentile(percentile)));
            }
            row.add(Formats.latency(totals[i].getMaxValue()));
            latency.row(row);
        }
        latency.appendTo(out);
        out.append("Mongoose / peer, cycle by cycle: each cycle's Mongoose slice divided by the same cycle's peer ")
            .append("slice, then the median and quartiles over the cycles. Below 1.00× Mongoose was faster.\n\n");
        final MarkdownTable ratios = new MarkdownTable(List.of("Peer", "Cycles", "p50 ratio: median (quartiles)",
            "p90 ratio: median (quartiles)", "p99 ratio: median (quartiles)",
            "Cycles with Mongoose's p50 at or below the peer's"), 1);
        for (int i = 0; i < transports.size(); i++)
        {
            if (i != mongoose)
            {
                final PairedRatios r50 = new PairedRatios(p50[mongoose], p50[i]);
                ratios.row(List.of(Transports.displayName(transports.get(i)), Integer.toString(r50.cycles()),
                    summary(r50), summary(new PairedRatios(p90[mongoose], p90[i])),
                    summary(new PairedRatios(p99[mongoose], p99[i])), r50.mongooseAtOrBelow() + " of " + r50.cycles()));
            }
        }
        ratios.appendTo(out);
        if (cyclesPerJvm.length > 1)
        {
            out.append("Per JVM: Mongoose's p50 over each peer's, cycle by cycle within each JVM alone. A JVM's JIT ")
                .append("choices and heap layout are fixed for its life, so it can sit in a mode of its own that only ")
                .append("other JVMs average out; the last row is the median of the JVMs' medians.\n\n");
            appendPerJvm(out, transports, mongoose, p50, cyclesPerJvm, "p50 ratio", false);
            out.append("The tail the same way: Mongoose's p99 over each peer's, cycle by cycle within each JVM.\n\n");
            appendPerJvm(out, transports, mongoose, p99, cyclesPerJvm, "p99 ratio", false);
        }
        return out.substring(0, out.length() - 1);
    }

    /**
     * An unpaced paired run ({@code --rate=max}): each transport's throughput, and Mongoose's over each peer's cycle
     * by cycle (the peer's time per message over Mongoose's, so above 1.00× Mongoose moved more), over all cycles
     * and per JVM.
     *
     * @param heading         the title and method paragraph, Markdown, ending in a blank line.
     * @param transports      transport names as the run files spell them, Mongoose among them.
     * @param picosPerMessage each transport's time per message in each measured cycle, picoseconds.
     * @param cyclesPerJvm    the measured cycles of each JVM, in order.
     * @return the Markdown.
     * @throws IllegalArgumentException if Mongoose is not among {@code transports}, or a time is not positive.
     */
    public static String throughputMarkdown(final String heading, final List<String> transports,
        final long[][] picosPerMessage, final int[] cyclesPerJvm)
    {
        final int mongoose = mongooseIndex(transports);
        final StringBuilder out = new StringBuilder(heading);
        final MarkdownTable rates = new MarkdownTable(List.of("Transport", "Cycles",
            "Throughput, msg/s: median (quartiles) of the slices"), 1);
        for (int i = 0; i < transports.size(); i++)
        {
            final double[] perSecond = new double[picosPerMessage[i].length];
            for (int c = 0; c < perSecond.length; c++)
            {
                if (picosPerMessage[i][c] <= 0)
                {
                    throw new IllegalArgumentException(transports.get(i) + ": time per message of cycle " + c + ": " +
                        picosPerMessage[i][c] + " ps; expected > 0");
                }
                perSecond[c] = 1e12 / picosPerMessage[i][c];
            }
            Arrays.sort(perSecond);
            rates.row(List.of(Transports.displayName(transports.get(i)), Integer.toString(perSecond.length),
                Formats.rate(PairedRatios.quantile(perSecond, 0.5)) + " (" +
                    Formats.rate(PairedRatios.quantile(perSecond, 0.25)) + "–" +
                    Formats.rate(PairedRatios.quantile(perSecond, 0.75)) + ")"));
        }
        rates.appendTo(out);
        out.append("Mongoose / peer throughput, cycle by cycle: the peer's time per message in a cycle divided by ")
            .append("Mongoose's in the same cycle, then the median and quartiles over the cycles. Above 1.00× ")
            .append("Mongoose moved more messages per second.\n\n");
        final MarkdownTable ratios = new MarkdownTable(List.of("Peer", "Cycles",
            "Throughput ratio: median (quartiles)", "Cycles with Mongoose's throughput at or above the peer's"), 1);
        final long[] m = picosPerMessage[mongoose];
        for (int i = 0; i < transports.size(); i++)
        {
            if (i != mongoose)
            {
                final long[] p = picosPerMessage[i];
                ratios.row(List.of(Transports.displayName(transports.get(i)), Integer.toString(m.length),
                    summary(new PairedRatios(p, m)), new PairedRatios(m, p).mongooseAtOrBelow() + " of " + m.length));
            }
        }
        ratios.appendTo(out);
        if (cyclesPerJvm.length > 1)
        {
            out.append("Per JVM: Mongoose's throughput over each peer's, cycle by cycle within each JVM alone; the ")
                .append("last row is the median of the JVMs' medians.\n\n");
            appendPerJvm(out, transports, mongoose, picosPerMessage, cyclesPerJvm, "Throughput ratio", true);
        }
        return out.substring(0, out.length() - 1);
    }

    /**
     * @param mongoose     Mongoose's time per message per cycle.
     * @param peer         the peer's, in the same cycles.
     * @param cyclesPerJvm each JVM's cycles, in order.
     * @return Mongoose's throughput over the peer's: the median of the JVMs' median per-cycle ratios.
     */
    public static double throughputRatio(final long[] mongoose, final long[] peer, final int[] cyclesPerJvm)
    {
        return medianOfJvms(peer, mongoose, cyclesPerJvm);
    }

    /** The middle value, the lower middle for an even count. */
    static long lowerMedian(final long[] values)
    {
        final long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[(sorted.length - 1) / 2];
    }

    /** The paired ratio every target takes: each JVM's median per-cycle ratio, then the median of those. */
    static double medianOfJvms(final long[] mongoose, final long[] peer, final int[] cyclesPerJvm)
    {
        return Formats.median(jvmMedians(mongoose, peer, cyclesPerJvm));
    }

    /** Each JVM's median ratio as printed, e.g. {@code 0.93, 1.13}. */
    static String jvmMediansText(final long[] mongoose, final long[] peer, final int[] cyclesPerJvm)
    {
        return jvmMedians(mongoose, peer, cyclesPerJvm).stream().map(r -> String.format(Locale.US, "%.2f", r))
            .collect(Collectors.joining(", "));
    }

    /** Each JVM's median ratio of {@code mongoose} over {@code peer}, in order. */
    static List<Double> jvmMedians(final long[] mongoose, final long[] peer, final int[] cyclesPerJvm)
    {
        final List<Double> medians = new ArrayList<>();
        int from = 0;
        for (final int cycles : cyclesPerJvm)
        {
            medians.add(new PairedRatios(Arrays.copyOfRange(mongoose, from, from + cycles),
                Arrays.copyOfRange(peer, from, from + cycles)).quantile(0.5));
            from += cycles;
        }
        return medians;
    }

    /** {@code 0.80× (0.77–0.85)}: the median and quartiles. */
    static String summary(final PairedRatios ratios)
    {
        return times(ratios.quantile(0.5)) + " (" + times(ratios.quantile(0.25)).replace("×", "") + "–" +
            times(ratios.quantile(0.75)).replace("×", "") + ")";
    }

    static String times(final double ratio)
    {
        return Formats.ratio(ratio, 1);
    }

    private static int mongooseIndex(final List<String> transports)
    {
        final int mongoose = transports.indexOf(Transports.MONGOOSE);
        if (mongoose < 0)
        {
            throw new IllegalArgumentException("transports: " + transports + "; expected mongoose among them");
        }
        return mongoose;
    }

    /**
     * Each JVM's cycles alone, then the median of the JVMs' medians; {@code inverse} takes the peer's value over
     * Mongoose's (times per message, where Mongoose's throughput over the peer's is wanted).
     */
    private static void appendPerJvm(final StringBuilder out, final List<String> transports, final int mongoose,
        final long[][] values, final int[] cyclesPerJvm, final String label, final boolean inverse)
    {
        final List<String> header = new ArrayList<>(List.of("JVM", "Cycles"));
        final List<String> last = new ArrayList<>(List.of("Median of the JVMs",
            Integer.toString(Arrays.stream(cyclesPerJvm).sum())));
        for (int i = 0; i < transports.size(); i++)
        {
            if (i != mongoose)
            {
                header.add(label + " to " + Transports.displayName(transports.get(i)) + ": median (quartiles)");
                last.add(times(inverse ? throughputRatio(values[mongoose], values[i], cyclesPerJvm) :
                    medianOfJvms(values[mongoose], values[i], cyclesPerJvm)));
            }
        }
        final MarkdownTable table = new MarkdownTable(header, 1);
        int from = 0;
        for (int j = 0; j < cyclesPerJvm.length; j++)
        {
            final int to = from + cyclesPerJvm[j];
            final List<String> row = new ArrayList<>(List.of(Integer.toString(j + 1), Integer.toString(to - from)));
            for (int i = 0; i < transports.size(); i++)
            {
                if (i != mongoose)
                {
                    final long[] m = Arrays.copyOfRange(values[mongoose], from, to);
                    final long[] p = Arrays.copyOfRange(values[i], from, to);
                    row.add(summary(inverse ? new PairedRatios(p, m) : new PairedRatios(m, p)));
                }
            }
            table.row(row);
            from = to;
        }
        table.row(last);
        table.appendTo(out);
    }
}
