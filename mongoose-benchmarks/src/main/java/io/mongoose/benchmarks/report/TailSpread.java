package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.PairedRunData;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How firm each paired tail ratio of the targets is: the JVMs' own ratios and a bootstrap interval
 * ({@link JvmMedianInterval}) beside the ratio the verdict takes. A p99 on this host sits among the host's stalls, so the
 * JVMs of one run disagree by more than the margin a tail verdict turns on; the table says whether a run could tell
 * Mongoose's tail from the peer's at all. It judges nothing: the verdicts stay on the ratio itself.
 */
final class TailSpread
{
    static final String HOLDS_ONE = "no: the interval holds 1.00×";
    static final String HIGHER = "yes: Mongoose's higher";
    static final String LOWER = "yes: Mongoose's lower";

    private TailSpread()
    {
    }

    /**
     * Append the table for every rate and peer of the ratio targets whose paired run recorded each cycle's p99; nothing
     * when none did.
     *
     * @param out   where to write.
     * @param runs  the report's runs.
     * @param rates the rates of the ratio targets.
     * @param peers the peers of the ratio targets.
     */
    static void appendTo(final StringBuilder out, final RunCatalog runs, final List<Long> rates,
        final List<String> peers)
    {
        final MarkdownTable table = MarkdownTable.numeric(List.of("Rate", "Peer", "Paired p99",
            "Each JVM's median ratio", JvmMedianInterval.LEVEL_PERCENT + "% interval", "Could the run tell them apart?"),
            2);
        boolean any = false;
        for (final long rate : rates)
        {
            final Optional<PairedRunData> paired = runs.pairedRuns().stream()
                .filter(r -> r.rate() == rate && r.hasP99()).findFirst();
            if (paired.isEmpty())
            {
                continue;
            }
            final PairedRunData run = paired.get();
            final int m = run.transports().indexOf(Transports.MONGOOSE);
            for (final String peer : peers)
            {
                final int p = run.transports().indexOf(peer);
                if (m < 0 || p < 0)
                {
                    continue;
                }
                final long[] mongoose = run.p99()[m];
                final long[] other = run.p99()[p];
                final JvmMedianInterval interval = JvmMedianInterval.of(mongoose, other, run.cyclesPerJvm());
                table.row(List.of(RunLabels.rate(rate), Transports.displayName(peer),
                    Formats.ratio(PairedReport.medianOfJvms(mongoose, other, run.cyclesPerJvm()), 1),
                    PairedReport.jvmMediansText(mongoose, other, run.cyclesPerJvm()), interval.text(),
                    apart(interval)));
                any = true;
            }
        }
        if (!any)
        {
            return;
        }
        out.append("How firm each paired tail ratio is. The ratio above is the median of the JVMs' own median ")
            .append("per-cycle ratios, and those JVMs can disagree by more than a tail verdict's margin. Beside it: ")
            .append("each JVM's ratio, and a ").append(JvmMedianInterval.LEVEL_PERCENT).append("% bootstrap interval ")
            .append("of the ratio (").append(String.format(Locale.US, "%,d", JvmMedianInterval.RESAMPLES))
            .append(" resamples of the JVMs, then of each one's cycles, from a fixed seed), which says how far ")
            .append("another set of JVMs in the same hour might have put it. An interval that holds 1.00× means the ")
            .append("run could not tell Mongoose's tail from the peer's. Nothing is judged on this table: the ")
            .append("verdicts above stay on the ratio itself.\n\n");
        table.appendTo(out);
        out.append('\n');
    }

    /** Judged on the two decimals printed, as the verdicts are. */
    static String apart(final JvmMedianInterval interval)
    {
        if (Math.round(interval.low() * 100) > 100)
        {
            return HIGHER;
        }
        if (Math.round(interval.high() * 100) < 100)
        {
            return LOWER;
        }
        return HOLDS_ONE;
    }
}
