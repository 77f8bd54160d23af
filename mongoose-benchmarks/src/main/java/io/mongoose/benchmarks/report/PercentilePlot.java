package io.mongoose.benchmarks.report;

import org.HdrHistogram.Histogram;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.Color;

/**
 * Builds HdrHistogram's classic percentile plot: one line per histogram, x the percentile on a log scale of
 * {@code 1 / (1 - p)} labelled 90%, 99%, 99.9%, ..., y the latency on a log scale, since one chart often spans
 * nanoseconds at the median to milliseconds in the tail.
 */
public final class PercentilePlot
{
    private final XYChart chart;
    private double smallestY = Double.MAX_VALUE;
    private double largestY = 0;
    private double largestX = 1;

    private PercentilePlot(final String title)
    {
        chart = new XYChart(ChartStyle.WIDTH, ChartStyle.HEIGHT);
        chart.setTitle(title);
        chart.setXAxisTitle("Percentile");
        chart.setYAxisTitle("Latency from intended send time (log scale)");
        final XYStyler styler = chart.getStyler();
        ChartStyle.apply(styler);
        styler.setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        styler.setXAxisLogarithmic(true);
        styler.setYAxisLogarithmic(true);
        styler.setXAxisMin(1.0);
        styler.setXAxisTickLabelsFormattingFunction(PercentileCurve::percentileLabel);
        styler.setYAxisTickLabelsFormattingFunction(Formats::axisLatency);
    }

    /**
     * @param title the chart's title.
     * @return an empty plot.
     */
    public static PercentilePlot titled(final String title)
    {
        return new PercentilePlot(title);
    }

    /**
     * Add one histogram as a line.
     *
     * @param name      legend entry; unique within the plot.
     * @param histogram latency in nanoseconds; an empty histogram adds nothing (there is no line to draw).
     * @param colour    the line's colour.
     * @return this plot.
     */
    public PercentilePlot add(final String name, final Histogram histogram, final Color colour)
    {
        if (histogram.getTotalCount() == 0)
        {
            return this;
        }
        final PercentileCurve curve = PercentileCurve.of(histogram);
        if (curve.x().length == 0)
        {
            return this;
        }
        final XYSeries series = chart.addSeries(name, curve.x(), curve.y());
        series.setMarker(SeriesMarkers.NONE);
        series.setLineColor(colour);
        series.setLineStyle(ChartStyle.lineStroke());
        for (int i = 0; i < curve.x().length; i++)
        {
            smallestY = Math.min(smallestY, curve.y()[i]);
            largestY = Math.max(largestY, curve.y()[i]);
            largestX = Math.max(largestX, curve.x()[i]);
        }
        return this;
    }

    /**
     * @return whether at least one line was added.
     */
    public boolean hasLines()
    {
        return !chart.getSeriesCollection().isEmpty();
    }

    /**
     * @return the chart, its axes widened to whole decades so that both ends carry a label (a log axis cut mid-decade
     * leaves the top or bottom line unlabelled).
     */
    public XYChart chart()
    {
        if (hasLines())
        {
            final XYStyler styler = chart.getStyler();
            styler.setYAxisMin(decadeBelow(smallestY));
            styler.setYAxisMax(decadeAbove(largestY));
            styler.setXAxisMax(decadeAbove(largestX));
        }
        return chart;
    }

    private static double decadeBelow(final double value)
    {
        return Math.pow(10, Math.floor(Math.log10(value)));
    }

    private static double decadeAbove(final double value)
    {
        return Math.pow(10, Math.ceil(Math.log10(value)));
    }
}
