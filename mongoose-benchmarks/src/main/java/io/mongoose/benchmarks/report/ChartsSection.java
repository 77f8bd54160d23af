package io.mongoose.benchmarks.report;

/**
 * Links to the charts written next to summary.md, each shown inline under its caption.
 */
public final class ChartsSection implements SummarySection
{
    /** The section's heading. */
    public static final String HEADING = "## Charts";

    @Override
    public void appendTo(final StringBuilder out, final ReportContext context)
    {
        out.append(HEADING).append("\n\n");
        if (context.charts().isEmpty())
        {
            out.append("The runs hold nothing to chart.\n\n");
            return;
        }
        out.append("Latency charts follow HdrHistogram's percentile plot: the x axis spreads each further nine " +
            "of the percentile over one decade, both axes are logarithmic.\n\n");
        for (final ReportChart chart : context.charts())
        {
            out.append("- [").append(chart.caption()).append("](").append(chart.fileName()).append(")\n");
        }
        out.append('\n');
        for (final ReportChart chart : context.charts())
        {
            out.append("![").append(chart.caption()).append("](").append(chart.fileName()).append(")\n\n");
        }
    }
}
