package io.mongoose.benchmarks.report;

import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.util.List;
import java.util.Map;

/**
 * The look every chart shares: size, fonts, a white background, and one colour per transport, so Mongoose is the
 * same blue in every chart and a reader can compare charts side by side.
 */
public final class ChartStyle
{
    /** Width of every chart, pixels: wide enough for a legend inside the plot and six decades of percentiles. */
    public static final int WIDTH = 1200;
    /** Height of every chart, pixels. */
    public static final int HEIGHT = 700;
    /** Width of plotted lines, pixels. */
    public static final float LINE_WIDTH = 2.5f;

    private static final Map<String, Color> TRANSPORT_COLOURS = Map.of(
        Transports.MONGOOSE, new Color(31, 119, 180),
        Transports.MONGOOSE_QUEUE, new Color(23, 190, 207),
        "disruptor", new Color(255, 127, 14),
        "agrona", new Color(44, 160, 44),
        "jctools", new Color(214, 39, 40),
        "abq", new Color(148, 103, 189));
    private static final Color OTHER_TRANSPORT = new Color(127, 127, 127);
    /**
     * Light to dark along one hue ramp (orange, pink, purple, indigo): a higher rate is a darker line, so the order of
     * the curves reads without the legend, yet neighbouring rates stay easy to tell apart.
     */
    private static final List<Color> RATE_COLOURS = List.of(
        new Color(248, 149, 64), new Color(204, 71, 120), new Color(126, 3, 168), new Color(13, 8, 135),
        new Color(37, 37, 37));

    private ChartStyle()
    {
    }

    /**
     * Apply the shared look to a chart's styler.
     *
     * @param styler an axes chart's styler.
     */
    public static void apply(final AxesChartStyler styler)
    {
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        styler.setPlotBorderColor(Color.DARK_GRAY);
        styler.setPlotGridLinesColor(new Color(220, 220, 220));
        styler.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 20));
        styler.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 16));
        styler.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
        styler.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
        // Below the plot, in a row: a legend inside the plot would cover whichever corner a curve happens to reach.
        styler.setLegendPosition(Styler.LegendPosition.OutsideS);
        styler.setLegendLayout(Styler.LegendLayout.Horizontal);
        styler.setLegendBorderColor(Color.GRAY);
        styler.setAxisTitlePadding(10);
        styler.setChartPadding(12);
        styler.setAntiAlias(true);
    }

    /**
     * @param transport a transport name.
     * @return its colour in every chart.
     */
    public static Color colourOf(final String transport)
    {
        return TRANSPORT_COLOURS.getOrDefault(transport, OTHER_TRANSPORT);
    }

    /**
     * @param index position of a rate among the plotted rates, ascending from 0.
     * @return its line colour.
     */
    public static Color rateColour(final int index)
    {
        return RATE_COLOURS.get(Math.min(index, RATE_COLOURS.size() - 1));
    }

    /**
     * @return the stroke of plotted lines.
     */
    public static BasicStroke lineStroke()
    {
        return new BasicStroke(LINE_WIDTH, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
    }
}
