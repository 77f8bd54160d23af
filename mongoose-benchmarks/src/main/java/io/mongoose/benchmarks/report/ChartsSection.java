package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.RunResultFiles;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.CategoryStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.DoubleUnaryOperator;

/**
 * The report's PNG charts and the section linking them: Mongoose's latency at every rate, every transport's at the
 * reference page's headline rate, and each transport's median maximum throughput. Latency charts are HdrHistogram's
 * percentile plot: x is {@code 1 / (1 - p)}, so each further nine of the percentile takes one decade; both axes log.
 */
public final class ChartsSection implements SummarySection
{
    /** The section's heading. */
    public static final String HEADING = "## Charts";
    /** Width of every chart, pixels. */
    public static final int WIDTH = 1200;
    /** Height of every chart, pixels. */
    public static final int HEIGHT = 700;
    /** Mongoose's latency at every rate. */
    public static final String BY_RATE_FILE = "latency_by_rate.png";
    /** The median maximum throughput per transport. */
    public static final String THROUGHPUT_FILE = "throughput.png";

    private static final Map<String, Color> TRANSPORT_COLOURS = Map.of(
        Transports.MONGOOSE, new Color(31, 119, 180),
        Transports.MONGOOSE_QUEUE, new Color(23, 190, 207),
        "disruptor", new Color(255, 127, 14),
        "agrona", new Color(44, 160, 44),
        "jctools", new Color(214, 39, 40),
        "abq", new Color(148, 103, 189));
    /** Light to dark along one hue ramp: a higher rate is a darker line. */
    private static final List<Color> RATE_COLOURS = List.of(new Color(248, 149, 64), new Color(204, 71, 120),
        new Color(126, 3, 168), new Color(13, 8, 135), new Color(37, 37, 37));

    /**
     * A chart written next to summary.md.
     *
     * @param fileName its PNG file name in the output directory.
     * @param caption  what it shows, the link text in summary.md.
     */
    public record Written(String fileName, String caption)
    {
    }

    /**
     * Write every chart the runs have data for; a chart of missing data is left out.
     *
     * @param runs   the runs.
     * @param output the directory to write to; must exist.
     * @return the charts written, in order.
     * @throws IOException if a file cannot be written.
     */
    public static List<Written> render(final RunCatalog runs, final Path output) throws IOException
    {
        final List<Written> written = new ArrayList<>();
        final XYChart byRate = percentilePlot("Mongoose latency by rate");
        final List<LoadedRun> mongoose = runs.latencyRuns(Transports.MONGOOSE);
        for (int i = 0; i < mongoose.size(); i++)
        {
            final LoadedRun run = mongoose.get(i);
            addCurve(byRate, Formats.legend(Formats.rateLabel(run.result().targetRate()), run.result()),
                run.result().latency(), RATE_COLOURS.get(Math.min(i, RATE_COLOURS.size() - 1)));
        }
        write(byRate, new Written(BY_RATE_FILE, "Mongoose latency percentiles at every rate"), output, written);

        final long rate = ReferenceSection.HEADLINE_RATE;
        final XYChart all = percentilePlot("All transports at " + Formats.rateLabel(rate));
        for (final String transport : runs.transports())
        {
            runs.latency(transport, rate).ifPresent(r -> addCurve(all, Formats.legend(Transports.displayName(
                transport), r.result()), r.result().latency(), colourOf(transport)));
        }
        write(all, new Written(allTransportsFile(rate), "Every transport at " + Formats.rateLabel(rate)), output,
            written);
        write(throughputChart(runs), new Written(THROUGHPUT_FILE, "Maximum throughput per transport (median of runs)"),
            output, written);
        return written;
    }

    /**
     * @param rate a target rate, messages per second.
     * @return the file name of every transport's latency chart at that rate, e.g. {@code latency_1m_mps_all.png}.
     */
    public static String allTransportsFile(final long rate)
    {
        return "latency_" + Formats.rate(rate).toLowerCase(Locale.ROOT).replace('.', '_') + "_mps_all.png";
    }

    @Override
    public void appendTo(final StringBuilder out, final ReportContext context)
    {
        out.append(HEADING).append("\n\n");
        if (context.charts().isEmpty())
        {
            out.append("The runs hold nothing to chart.\n\n");
            return;
        }
        out.append("Latency charts follow HdrHistogram's percentile plot: the x axis spreads each further nine of the ")
            .append("percentile over one decade, both axes are logarithmic.\n\n");
        for (final Written chart : context.charts())
        {
            out.append("![").append(chart.caption()).append("](").append(chart.fileName()).append(")\n\n");
        }
    }

    /**
     * @param x an x value of a percentile plot, {@code 1 / (1 - p)}.
     * @return the percentile of a decade ({@code 0%}, {@code 90%}, {@code 99%}, {@code 99.9%}, ...), or an empty
     *         string between decades.
     */
    static String percentileLabel(final double x)
    {
        final double decades = Math.log10(x);
        final long nines = Math.round(decades);
        if (Math.abs(decades - nines) > 1e-6 || nines < 0)
        {
            return "";
        }
        // Built from the count of nines, so 99.99999% never rounds to 100%.
        return nines == 0 ? "0%" : nines == 1 ? "90%" : "99" + (nines > 2 ? "." + "9".repeat((int)nines - 2) : "") +
            "%";
    }

    private static XYChart percentilePlot(final String title)
    {
        final XYChart chart = new XYChart(WIDTH, HEIGHT);
        chart.setTitle(title);
        chart.setXAxisTitle("Percentile");
        chart.setYAxisTitle("Latency from intended send time (log scale)");
        final XYStyler styler = chart.getStyler();
        style(styler);
        styler.setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        styler.setXAxisLogarithmic(true);
        styler.setYAxisLogarithmic(true);
        styler.setXAxisMin(1.0);
        styler.setXAxisTickLabelsFormattingFunction(ChartsSection::percentileLabel);
        styler.setYAxisTickLabelsFormattingFunction(Formats::axisLatency);
        return chart;
    }

    /** One histogram (nanoseconds) as a line in microseconds, without its 100% point, which has no x. */
    private static void addCurve(final XYChart chart, final String name, final Histogram histogram, final Color colour)
    {
        final List<Double> x = new ArrayList<>();
        final List<Double> y = new ArrayList<>();
        for (final HistogramIterationValue value : histogram.percentiles(5))
        {
            final double fraction = value.getPercentileLevelIteratedTo() / 100.0;
            if (fraction >= 1.0)
            {
                break;
            }
            x.add(1.0 / (1.0 - fraction));
            // 0 ns, which a log axis cannot show, is plotted at 1 ns.
            y.add(Math.max(value.getValueIteratedTo() / RunResultFiles.NANOS_PER_MICRO, 0.001));
        }
        if (!x.isEmpty())
        {
            final XYSeries series = chart.addSeries(name, x, y);
            series.setMarker(SeriesMarkers.NONE);
            series.setLineColor(colour);
            series.setLineStyle(new BasicStroke(2.5f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        }
    }

    private static CategoryChart throughputChart(final RunCatalog runs)
    {
        final CategoryChart chart = new CategoryChart(WIDTH, HEIGHT);
        chart.setTitle("Maximum throughput, median of runs");
        chart.setXAxisTitle("Transport");
        chart.setYAxisTitle("Million messages per second");
        final CategoryStyler styler = chart.getStyler();
        style(styler);
        styler.setLegendVisible(false);
        styler.setLabelsVisible(true);
        styler.setLabelsPosition(0.92);
        styler.setLabelsFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
        styler.setYAxisMin(0.0);
        styler.setYAxisDecimalPattern("#,##0.#");
        styler.setAvailableSpaceFill(0.6);
        // One series per transport, overlapped on its own category, so each bar keeps its transport's colour.
        styler.setOverlapped(true);
        final List<String> transports = runs.transports().stream()
            .filter(t -> runs.medianThroughput(t).isPresent()).toList();
        final List<String> names = transports.stream().map(t -> Transports.displayName(t) + " (" +
            Formats.count(runs.throughputRuns(t).size(), "run") + ")").toList();
        for (int i = 0; i < transports.size(); i++)
        {
            final List<Double> values = new ArrayList<>();
            for (int j = 0; j < transports.size(); j++)
            {
                // Null draws no bar and no "0" label.
                values.add(i == j ? runs.medianThroughput(transports.get(i)).orElseThrow() / 1e6 : null);
            }
            chart.addSeries(names.get(i), names, values).setFillColor(colourOf(transports.get(i)));
        }
        return chart;
    }

    private static void style(final AxesChartStyler styler)
    {
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        styler.setPlotBorderColor(Color.DARK_GRAY);
        styler.setPlotGridLinesColor(new Color(220, 220, 220));
        styler.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 20));
        styler.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 16));
        styler.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
        styler.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
        // Below the plot: inside, a legend would cover whichever corner a curve reaches.
        styler.setLegendPosition(Styler.LegendPosition.OutsideS);
        styler.setLegendLayout(Styler.LegendLayout.Horizontal);
        styler.setLegendBorderColor(Color.GRAY);
        styler.setAxisTitlePadding(10);
        styler.setChartPadding(12);
        styler.setAntiAlias(true);
    }

    private static Color colourOf(final String transport)
    {
        return TRANSPORT_COLOURS.getOrDefault(transport, new Color(127, 127, 127));
    }

    /** Write a chart with data as a PNG, a percentile plot's axes widened to whole decades so both ends are labelled. */
    private static void write(final Chart<?, ?> chart, final Written as, final Path output, final List<Written> written)
        throws IOException
    {
        if (chart.getSeriesCollection().isEmpty())
        {
            return;
        }
        if (chart instanceof XYChart plot)
        {
            final List<XYSeries> series = List.copyOf(plot.getSeriesCollection());
            plot.getStyler().setYAxisMin(decade(series.stream().mapToDouble(XYSeries::getYMin).min(), Math::floor));
            plot.getStyler().setYAxisMax(decade(series.stream().mapToDouble(XYSeries::getYMax).max(), Math::ceil));
            plot.getStyler().setXAxisMax(decade(series.stream().mapToDouble(XYSeries::getXMax).max(), Math::ceil));
        }
        // A grid of one chart: XChart 4 deprecates its single-chart encoders.
        try (OutputStream out = Files.newOutputStream(output.resolve(as.fileName())))
        {
            BitmapEncoder.saveBitmap(List.of(chart), 1, 1, out, BitmapEncoder.BitmapFormat.PNG);
        }
        written.add(as);
    }

    private static double decade(final OptionalDouble value, final DoubleUnaryOperator round)
    {
        return Math.pow(10, round.applyAsDouble(Math.log10(value.orElseThrow())));
    }
}
