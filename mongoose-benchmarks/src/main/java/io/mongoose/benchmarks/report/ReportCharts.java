package io.mongoose.benchmarks.report;

import org.knowm.xchart.BitmapEncoder;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The charts of the report and how they are written. Add a chart by adding its {@link ChartSource} to
 * {@link #standard()}; summary.md links whatever {@link #render} returns.
 */
public final class ReportCharts
{
    /** The rate the per-peer and all-transport charts compare at: the reference page's headline rate. */
    public static final long COMPARISON_RATE = ReferenceFigures.HEADLINE_RATE;

    private ReportCharts()
    {
    }

    /**
     * @return the report's chart sources, in the order summary.md lists their charts.
     */
    public static List<ChartSource> standard()
    {
        return List.of(
            new LatencyByRateChart(),
            new AllTransportsChart(COMPARISON_RATE),
            new PeerComparisonCharts(COMPARISON_RATE),
            new ThroughputChart());
    }

    /**
     * Make every chart the sources can make from the runs and write each as a PNG.
     *
     * @param sources what to chart.
     * @param runs    the runs.
     * @param output  the directory to write to; must exist.
     * @return the charts written, in order.
     * @throws IOException if a file cannot be written.
     */
    public static List<ReportChart> render(final List<ChartSource> sources, final RunCatalog runs, final Path output)
        throws IOException
    {
        final List<ReportChart> written = new ArrayList<>();
        for (final ChartSource source : sources)
        {
            for (final ReportChart chart : source.charts(runs))
            {
                // A grid of one chart: XChart 4 deprecates its single-chart encoders in favour of the grid one.
                try (OutputStream out = Files.newOutputStream(output.resolve(chart.fileName())))
                {
                    BitmapEncoder.saveBitmap(List.of(chart.chart()), 1, 1, out, BitmapEncoder.BitmapFormat.PNG);
                }
                written.add(chart);
            }
        }
        return written;
    }
}
