package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.RunResult;
import io.mongoose.benchmarks.sweep.RunResultFiles;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;

/**
 * {@code drain_limit.png}: Mongoose's p50 and p99 against drain limit, one line per rate and percentile, from the
 * sweep's drain-limit phase. Both axes are logarithmic: the limits grow by powers of two, the latencies can span
 * nanoseconds to milliseconds. A run that missed its target is marked with a cross and labelled with its achieved
 * rate.
 */
public final class DrainLimitChart implements ChartSource
{
    /** The chart's file name. */
    public static final String FILE_NAME = "drain_limit.png";
    /** Legend entry of the markers on runs that missed their target. */
    public static final String MISSED_SERIES = RunLabels.MISSED + " target (labelled with the rate achieved)";

    private static final Color MISSED_COLOUR = new Color(200, 0, 0);
    private static final float[] DASH = {8f, 6f};

    @Override
    public List<ReportChart> charts(final RunCatalog runs)
    {
        final Optional<DrainLimitRuns> phase = runs.drainLimitRuns();
        if (phase.isEmpty())
        {
            return List.of();
        }
        final DrainLimitRuns drainLimits = phase.get();
        final XYChart chart = new XYChart(ChartStyle.WIDTH, ChartStyle.HEIGHT);
        chart.setTitle("Mongoose latency vs drain limit");
        chart.setXAxisTitle("Drain limit (messages per queue per duty cycle, log scale)");
        chart.setYAxisTitle("Latency from intended send time (log scale)");
        final XYStyler styler = chart.getStyler();
        ChartStyle.apply(styler);
        styler.setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        styler.setXAxisLogarithmic(true);
        styler.setYAxisLogarithmic(true);
        styler.setXAxisTickLabelsFormattingFunction(DrainLimitChart::limitLabel);
        styler.setYAxisTickLabelsFormattingFunction(Formats::axisLatency);
        styler.setMarkerSize(10);
        styler.setAnnotationTextFontColor(MISSED_COLOUR);
        styler.setAnnotationTextFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));

        final List<Double> missedX = new ArrayList<>();
        final List<Double> missedY = new ArrayList<>();
        double smallestY = Double.MAX_VALUE;
        double largestY = 0;
        int rateIndex = 0;
        for (final long rate : drainLimits.rates())
        {
            final Color colour = ChartStyle.rateColour(rateIndex++);
            for (final Percentile percentile : List.of(Percentile.P50, Percentile.P99))
            {
                final List<LoadedRun> points = drainLimits.runs(rate);
                final double[] x = new double[points.size()];
                final double[] y = new double[points.size()];
                for (int i = 0; i < x.length; i++)
                {
                    final RunResult result = points.get(i).result();
                    x[i] = result.drainLimit();
                    y[i] = micros(percentile.valueIn(result.latency()));
                    smallestY = Math.min(smallestY, y[i]);
                    largestY = Math.max(largestY, y[i]);
                    if (!result.targetMet())
                    {
                        missedX.add(x[i]);
                        missedY.add(y[i]);
                        if (percentile == Percentile.P99)
                        {
                            chart.addAnnotation(achievedLabel(result, x[i], y[i]));
                        }
                    }
                }
                final XYSeries series = chart.addSeries(RunLabels.rate(rate) + " " + percentile.label(), x, y);
                series.setLineColor(colour);
                series.setMarkerColor(colour);
                final boolean median = percentile == Percentile.P50;
                series.setMarker(median ? SeriesMarkers.CIRCLE : SeriesMarkers.DIAMOND);
                series.setLineStyle(median ? ChartStyle.lineStroke() : new BasicStroke(ChartStyle.LINE_WIDTH,
                    BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND, 10f, DASH, 0f));
            }
        }
        if (!missedX.isEmpty())
        {
            final XYSeries missed = chart.addSeries(MISSED_SERIES, missedX, missedY);
            missed.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            missed.setMarker(SeriesMarkers.CROSS);
            missed.setMarkerColor(MISSED_COLOUR);
        }
        // Half a step of the sweep's own spacing beyond each end, rather than whole decades: the limits span three.
        final SortedSet<Integer> limits = drainLimits.drainLimits();
        styler.setXAxisMin(limits.first() / 2.0);
        styler.setXAxisMax(limits.last() * 2.0);
        styler.setYAxisMin(decadeBelow(smallestY));
        styler.setYAxisMax(decadeAbove(largestY));
        return List.of(new ReportChart(FILE_NAME, "Mongoose p50 and p99 against drain limit", chart));
    }

    /**
     * @param x an x-axis tick value.
     * @return the drain limit as a whole number at each decade ({@code 1}, {@code 10}, {@code 100},
     * {@code 1,000}); blank between, where XChart's log axis puts its minor ticks.
     */
    static String limitLabel(final double x)
    {
        final double decades = Math.log10(x);
        return Math.abs(decades - Math.rint(decades)) < 1e-6 ? Formats.count(Math.round(x)) : "";
    }

    private static AnnotationText achievedLabel(final RunResult result, final double x, final double y)
    {
        // Above the point: on a log axis a fixed factor is a fixed distance however high the point is. Short, since
        // neighbouring limits may have missed too; the legend's MISSED entry says what the label is.
        return new AnnotationText("achieved " + Formats.rate(result.achievedRate()), x, y * 1.6, false);
    }

    private static double micros(final long nanos)
    {
        // A log axis has no place for 0; one nanosecond is the clock's resolution at best.
        return Math.max(nanos, 1) / RunResultFiles.NANOS_PER_MICRO;
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
