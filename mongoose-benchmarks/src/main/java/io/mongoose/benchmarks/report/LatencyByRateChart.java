package io.mongoose.benchmarks.report;

import java.util.List;

/**
 * {@code latency_by_rate.png}: Mongoose's percentile distribution at every rate it was run at, on one chart, so the
 * point where queueing starts to lift the curve is visible at a glance.
 */
public final class LatencyByRateChart implements ChartSource
{
    /** The chart's file name. */
    public static final String FILE_NAME = "latency_by_rate.png";

    @Override
    public List<ReportChart> charts(final RunCatalog runs)
    {
        final List<LoadedRun> mongoose = runs.latencyRuns(Transports.MONGOOSE);
        final PercentilePlot plot = PercentilePlot.titled("Mongoose latency by rate");
        for (int i = 0; i < mongoose.size(); i++)
        {
            final LoadedRun run = mongoose.get(i);
            plot.add(RunLabels.rateLegend(run.result()), run.result().latency(), ChartStyle.rateColour(i));
        }
        if (!plot.hasLines())
        {
            return List.of();
        }
        return List.of(new ReportChart(FILE_NAME, "Mongoose latency percentiles at every rate", plot.chart()));
    }
}
