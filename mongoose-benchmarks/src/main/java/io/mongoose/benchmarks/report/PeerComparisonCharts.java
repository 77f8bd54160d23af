package io.mongoose.benchmarks.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code latency_<rate>_vs_<peer>.png}: Mongoose against one peer at one rate, a chart per peer, so each pairing can
 * be read without the other lines in the way.
 */
public final class PeerComparisonCharts implements ChartSource
{
    private final long rate;

    /**
     * @param rate the target rate to compare at, messages per second.
     */
    public PeerComparisonCharts(final long rate)
    {
        this.rate = rate;
    }

    /**
     * @param rate a target rate, messages per second.
     * @param peer a peer's transport name.
     * @return the file name of that pairing's chart, e.g. {@code latency_1m_mps_vs_disruptor.png}.
     */
    public static String fileName(final long rate, final String peer)
    {
        return "latency_" + RunLabels.fileRate(rate) + "_vs_" + peer + ".png";
    }

    @Override
    public List<ReportChart> charts(final RunCatalog runs)
    {
        final Optional<LoadedRun> mongoose = runs.latency(Transports.MONGOOSE, rate);
        if (mongoose.isEmpty())
        {
            return List.of();
        }
        final List<ReportChart> charts = new ArrayList<>();
        for (final String peer : runs.peers())
        {
            final Optional<LoadedRun> other = runs.latency(peer, rate);
            if (other.isEmpty())
            {
                continue;
            }
            final String peerName = Transports.displayName(peer);
            final PercentilePlot plot = PercentilePlot
                .titled("Mongoose vs " + peerName + " at " + RunLabels.rate(rate))
                .add(RunLabels.transportLegend(mongoose.get().result()), mongoose.get().result().latency(),
                    ChartStyle.colourOf(Transports.MONGOOSE))
                .add(RunLabels.transportLegend(other.get().result()), other.get().result().latency(),
                    ChartStyle.colourOf(peer));
            if (plot.hasLines())
            {
                charts.add(new ReportChart(fileName(rate, peer),
                    "Mongoose vs " + peerName + " at " + RunLabels.rate(rate), plot.chart()));
            }
        }
        return charts;
    }
}
