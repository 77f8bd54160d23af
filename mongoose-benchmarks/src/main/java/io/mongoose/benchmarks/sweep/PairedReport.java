package io.mongoose.benchmarks.sweep;

import org.HdrHistogram.Histogram;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A {@link PairedRunMain} run's result as Markdown: each transport's latency over all measured slices, then Mongoose's
 * ratio to each peer cycle by cycle ({@link PairedRatios}).
 */
final class PairedReport
{
    /** A cycle is far when its round trip exceeds this many times the reference, as the sweep classes its runs. */
    static final int FAR_FACTOR = 2;
    /** Which percentile of the cycles' round trips is the reference. */
    static final int REFERENCE_PERCENTILE = 10;

    private PairedReport()
    {
    }

    /**
     * @param options          what was run.
     * @param publisherPinning the publisher thread's pinning outcome.
     * @param consumerPinning  the consumer thread's pinning outcome.
     * @param totals           each transport's latency over all measured slices, in {@code options.transports()} order.
     * @param p50              each transport's p50 per measured cycle, in the same order.
     * @param p90              each transport's p90 per measured cycle.
     * @param roundTrips       the placement reading before each measured cycle, nanoseconds.
     * @return the Markdown.
     */
    static String markdown(final PairedOptions options, final String publisherPinning,
        final String consumerPinning, final Histogram[] totals, final long[][] p50, final long[][] p90,
        final long[] roundTrips)
    {
        final StringBuilder out = new StringBuilder();
        final List<Transport> transports = options.transports();
        out.append("# Paired hop latency at ").append(SweepOptions.rateLabel(options.rate()).toUpperCase(Locale.ROOT))
            .append(" msg/s\n\n");
        out.append("Measured by `PairedRunMain` (`scripts/paired.sh`) at ")
            .append(Instant.now().truncatedTo(ChronoUnit.SECONDS)).append(" on Java ")
            .append(System.getProperty("java.version")).append(", ").append(Runtime.getRuntime().availableProcessors())
            .append(" CPUs. ").append(options.cycles()).append(" cycles after ").append(options.warmupCycles())
            .append(" discarded; each cycle gave every transport one slice of ").append(options.sliceMillis())
            .append(" ms at ").append(String.format(Locale.ROOT, "%,d", options.rate()))
            .append(" msg/s on an open-loop schedule (latency from the intended send time), the order rotating ")
            .append("by one each cycle. One publisher thread and one consumer thread for all transports; ")
            .append("publisher: ").append(publisherPinning).append("; consumer: ").append(consumerPinning)
            .append(". Queue or ring capacity ").append(options.queueCapacity()).append(", drain limit ")
            .append(options.drainLimit()).append(".\n\n");
        out.append("| Transport | Messages | p50 | p90 | p99 | p99.9 | max |\n");
        out.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n");
        for (int i = 0; i < transports.size(); i++)
        {
            final Histogram h = totals[i];
            out.append("| ").append(displayName(transports.get(i))).append(" | ")
                .append(String.format(Locale.ROOT, "%,d", h.getTotalCount())).append(" | ")
                .append(nanos(h.getValueAtPercentile(50))).append(" | ").append(nanos(h.getValueAtPercentile(90)))
                .append(" | ").append(nanos(h.getValueAtPercentile(99))).append(" | ")
                .append(nanos(h.getValueAtPercentile(99.9))).append(" | ").append(nanos(h.getMaxValue()))
                .append(" |\n");
        }
        out.append("\nMongoose / peer, cycle by cycle: each cycle's Mongoose slice divided by the same cycle's ")
            .append("peer slice, then the median and quartiles over the cycles. Below 1.00× Mongoose was ")
            .append("faster.\n\n");
        out.append("| Peer | Cycles | p50 ratio: median (quartiles) | p90 ratio: median (quartiles) | ")
            .append("Cycles with Mongoose's p50 at or below the peer's |\n");
        out.append("| --- | ---: | ---: | ---: | ---: |\n");
        final int mongoose = transports.indexOf(Transport.MONGOOSE);
        for (int i = 0; i < transports.size(); i++)
        {
            if (i == mongoose)
            {
                continue;
            }
            final PairedRatios r50 = new PairedRatios(p50[mongoose], p50[i]);
            final PairedRatios r90 = new PairedRatios(p90[mongoose], p90[i]);
            out.append("| ").append(displayName(transports.get(i))).append(" | ").append(r50.cycles())
                .append(" | ").append(summary(r50)).append(" | ").append(summary(r90)).append(" | ")
                .append(r50.mongooseAtOrBelow()).append(" of ").append(r50.cycles()).append(" |\n");
        }
        appendPlacement(out, transports, p50, roundTrips);
        return out.toString();
    }

    /**
     * The same p50 ratios split by where the host had the two CPUs in each cycle: near when the cycle's round trip was
     * within {@value #FAR_FACTOR}× the reference (the {@value #REFERENCE_PERCENTILE}th percentile of all cycles'), the
     * sweep's rule for its runs.
     */
    private static void appendPlacement(
        final StringBuilder out, final List<Transport> transports, final long[][] p50, final long[] roundTrips)
    {
        final long[] sorted = roundTrips.clone();
        Arrays.sort(sorted);
        final long reference = sorted[(sorted.length - 1) * REFERENCE_PERCENTILE / 100];
        final long nearLimit = FAR_FACTOR * reference;
        int near = 0;
        for (final long trip : roundTrips)
        {
            near += trip <= nearLimit ? 1 : 0;
        }
        out.append("\nPlacement: before each cycle the publisher timed ").append(PairedRunMain.ROUND_TRIPS)
            .append(" round trips of a value through the consumer's loop (the median is the cycle's reading). ")
            .append("Reference: the ").append(REFERENCE_PERCENTILE).append("th percentile of the cycles' readings, ")
            .append(nanos(reference)).append("; a cycle is near when its reading was at most ").append(FAR_FACTOR)
            .append("× that (").append(nanos(nearLimit)).append("), far otherwise. Median reading ")
            .append(nanos(sorted[(sorted.length - 1) / 2])).append(", highest ")
            .append(nanos(sorted[sorted.length - 1]))
            .append(". Cycles: ").append(near).append(" near, ").append(roundTrips.length - near).append(" far.\n\n");
        out.append("| Peer | p50 ratio, near cycles | p50 ratio, far cycles |\n");
        out.append("| --- | ---: | ---: |\n");
        final int mongoose = transports.indexOf(Transport.MONGOOSE);
        for (int i = 0; i < transports.size(); i++)
        {
            if (i != mongoose)
            {
                out.append("| ").append(displayName(transports.get(i))).append(" | ")
                    .append(ofClass(p50[mongoose], p50[i], roundTrips, nearLimit, true)).append(" | ")
                    .append(ofClass(p50[mongoose], p50[i], roundTrips, nearLimit, false)).append(" |\n");
            }
        }
    }

    private static String ofClass(final long[] mongoose, final long[] peer, final long[] roundTrips,
        final long nearLimit, final boolean near)
    {
        int count = 0;
        for (final long trip : roundTrips)
        {
            count += (trip <= nearLimit) == near ? 1 : 0;
        }
        if (0 == count)
        {
            return "—";
        }
        final long[] m = new long[count];
        final long[] p = new long[count];
        for (int c = 0, j = 0; c < roundTrips.length; c++)
        {
            if ((roundTrips[c] <= nearLimit) == near)
            {
                m[j] = mongoose[c];
                p[j++] = peer[c];
            }
        }
        final PairedRatios ratios = new PairedRatios(m, p);
        return summary(ratios) + ", " + count + (1 == count ? " cycle" : " cycles");
    }

    private static String summary(final PairedRatios ratios)
    {
        return String.format(Locale.ROOT, "%.2f× (%.2f–%.2f)", ratios.quantile(0.5), ratios.quantile(0.25),
            ratios.quantile(0.75));
    }

    static String nanos(final long value)
    {
        if (value < 10_000)
        {
            return String.format(Locale.ROOT, "%,d ns", value);
        }
        return value < 10_000_000 ? String.format(Locale.ROOT, "%.1f µs", value / 1_000.0) :
            String.format(Locale.ROOT, "%.2f ms", value / 1_000_000.0);
    }

    private static String displayName(final Transport transport)
    {
        return switch (transport)
        {
            case MONGOOSE -> "Mongoose";
            case DISRUPTOR -> "Disruptor";
            case JCTOOLS -> "JCTools queue";
            case AGRONA -> "Agrona queue";
            case ABQ -> "ArrayBlockingQueue";
        };
    }
}
