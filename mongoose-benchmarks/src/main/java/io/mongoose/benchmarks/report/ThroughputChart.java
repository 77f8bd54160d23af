package io.mongoose.benchmarks.report;

import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.CategoryStyler;

import java.awt.Color;
import java.awt.Font;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code throughput.png}: the median of each transport's maximum-throughput runs, one bar per transport.
 */
public final class ThroughputChart implements ChartSource
{
    /** The chart's file name. */
    public static final String FILE_NAME = "throughput.png";

    private static final double MESSAGES_PER_MILLION = 1_000_000.0;

    @Override
    public List<ReportChart> charts(final RunCatalog runs)
    {
        final List<String> names = new ArrayList<>();
        final List<Double> medians = new ArrayList<>();
        final List<Color> colours = new ArrayList<>();
        for (final String transport : runs.transports())
        {
            final Optional<Double> median = runs.medianThroughput(transport);
            if (median.isPresent())
            {
                names.add(Transports.displayName(transport) + " (" +
                    Formats.count(runs.throughputRuns(transport).size(), "run") + ")");
                medians.add(median.get() / MESSAGES_PER_MILLION);
                colours.add(ChartStyle.colourOf(transport));
            }
        }
        if (names.isEmpty())
        {
            return List.of();
        }
        final CategoryChart chart = new CategoryChart(ChartStyle.WIDTH, ChartStyle.HEIGHT);
        chart.setTitle("Maximum throughput, median of runs");
        chart.setXAxisTitle("Transport");
        chart.setYAxisTitle("Million messages per second");
        final CategoryStyler styler = chart.getStyler();
        ChartStyle.apply(styler);
        styler.setLegendVisible(false);
        styler.setLabelsVisible(true);
        styler.setLabelsPosition(0.92);
        styler.setLabelsFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
        styler.setYAxisMin(0.0);
        styler.setYAxisDecimalPattern("#,##0.#");
        styler.setAvailableSpaceFill(0.6);
        // One series per transport, overlapped on its own category, so each bar keeps its transport's colour.
        styler.setOverlapped(true);
        for (int i = 0; i < names.size(); i++)
        {
            final List<Double> values = new ArrayList<>();
            for (int j = 0; j < names.size(); j++)
            {
                // Null, not 0: XChart draws no bar and no "0" label for a missing value.
                values.add(i == j ? medians.get(i) : null);
            }
            final CategorySeries series = chart.addSeries(names.get(i), names, values);
            series.setFillColor(colours.get(i));
        }
        return List.of(new ReportChart(FILE_NAME, "Maximum throughput per transport (median of runs)", chart));
    }
}
