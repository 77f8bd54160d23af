package io.mongoose.benchmarks.report;

import java.util.List;
import java.util.Optional;

/**
 * {@code latency_<rate>_all.png}: every transport's percentile distribution at one rate on one chart.
 */
public final class AllTransportsChart implements ChartSource
{
    private final long rate;

    /**
     * @param rate the target rate to compare at, messages per second.
     */
    public AllTransportsChart(final long rate)
    {
        this.rate = rate;
    }

    /**
     * @param rate a target rate, messages per second.
     * @return the chart's file name, e.g. {@code latency_1m_mps_all.png}.
     */
    public static String fileName(final long rate)
    {
        return "latency_" + RunLabels.fileRate(rate) + "_all.png";
    }

    @Override
    public List<ReportChart> charts(final RunCatalog runs)
    {
        final PercentilePlot plot = PercentilePlot.titled("All transports at " + RunLabels.rate(rate));
        for (final String transport : runs.transports())
        {
            final Optional<LoadedRun> run = runs.latency(transport, rate);
            run.ifPresent(r -> plot.add(RunLabels.transportLegend(r.result()), r.result().latency(),
                ChartStyle.colourOf(transport)));
        }
        if (!plot.hasLines())
        {
            return List.of();
        }
        return List.of(new ReportChart(fileName(rate), "Every transport at " + RunLabels.rate(rate), plot.chart()));
    }
}
