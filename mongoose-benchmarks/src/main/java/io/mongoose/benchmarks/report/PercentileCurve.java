package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.RunResultFiles;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

import java.util.ArrayList;
import java.util.List;

/**
 * A histogram as HdrHistogram's classic percentile plot draws it: x is {@code 1 / (1 - p)}, so 90% sits at 10, 99% at
 * 100 and each further nine one decade right, which spreads the tail out on a log axis; y is latency in microseconds.
 *
 * @param x {@code 1 / (1 - p)} for each point, ascending.
 * @param y latency at that point, microseconds.
 */
public record PercentileCurve(double[] x, double[] y)
{
    /** Points per halving of the distance to 100%, as HdrHistogram's own percentile output uses. */
    private static final int TICKS_PER_HALF_DISTANCE = 5;
    /** Plotted in place of 0 ns, which a log axis cannot show: one nanosecond, the clock's resolution at best. */
    private static final double SMALLEST_MICROS = 0.001;

    /**
     * @param histogram latency in nanoseconds, at least one value recorded.
     * @return its curve; the final 100% point is left out since {@code 1 / (1 - 1)} has no place on the axis (the
     * tables report the maximum).
     */
    public static PercentileCurve of(final Histogram histogram)
    {
        final List<double[]> points = new ArrayList<>();
        for (final HistogramIterationValue value : histogram.percentiles(TICKS_PER_HALF_DISTANCE))
        {
            final double fraction = value.getPercentileLevelIteratedTo() / 100.0;
            if (fraction >= 1.0)
            {
                break;
            }
            // The value iterated to is the bucket's highest equivalent value, as in HdrHistogram's own output.
            final double micros = value.getValueIteratedTo() / RunResultFiles.NANOS_PER_MICRO;
            points.add(new double[] {1.0 / (1.0 - fraction), Math.max(micros, SMALLEST_MICROS)});
        }
        final double[] x = new double[points.size()];
        final double[] y = new double[points.size()];
        for (int i = 0; i < x.length; i++)
        {
            x[i] = points.get(i)[0];
            y[i] = points.get(i)[1];
        }
        return new PercentileCurve(x, y);
    }

    /**
     * @param x an x value of the curve, {@code 1 / (1 - p)}.
     * @return the percentile label of a decade ({@code 0%}, {@code 90%}, {@code 99%}, {@code 99.9%}, ...), or an
     * empty string between decades, which keeps the axis to the labels a reader looks for.
     */
    public static String percentileLabel(final double x)
    {
        final double decades = Math.log10(x);
        final long nines = Math.round(decades);
        if (Math.abs(decades - nines) > 1e-6 || nines < 0)
        {
            return "";
        }
        if (nines == 0)
        {
            return "0%";
        }
        if (nines == 1)
        {
            return "90%";
        }
        // Built from the count of nines rather than computed, so 99.99999% never rounds to 100%.
        final StringBuilder label = new StringBuilder("99");
        for (long i = 2; i < nines; i++)
        {
            label.append(i == 2 ? ".9" : "9");
        }
        return label.append('%').toString();
    }
}
