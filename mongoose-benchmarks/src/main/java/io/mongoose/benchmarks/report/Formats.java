package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.RunResult;
import org.HdrHistogram.Histogram;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * How the report writes numbers and labels, so every table, note and chart reads alike: latencies {@code 250 ns},
 * {@code 7.5 µs}, {@code 1.13 ms}; rates {@code 6.1M}; counts {@code 4,986,664}; ratios {@code 0.82×}. A run that
 * missed its target rate is labelled {@link #MISSED} wherever it appears.
 */
public final class Formats
{
    /** Shown where a value cannot be computed, for example a ratio with a zero denominator. */
    public static final String NOT_AVAILABLE = "n/a";
    /** Shown where there is no run to take a value from. */
    public static final String NO_RUN = "—";
    /** Starts the achieved-rate label of a run that missed its target. */
    public static final String MISSED = "MISSED";
    /** Headings of the cells {@link #latencyCells(RunResult)} returns. */
    public static final List<String> LATENCY_HEADINGS = latencyHeadings();

    private static final MathContext THREE_DIGITS = new MathContext(3, RoundingMode.HALF_EVEN);
    private static final String[] RATE_SUFFIXES = {"", "k", "M", "G"};

    private Formats()
    {
    }

    /**
     * @param nanos a latency in nanoseconds, at least 0.
     * @return it in the unit that keeps it readable: {@code 250 ns}, {@code 7.5 µs}, {@code 1.13 ms}.
     */
    public static String latency(final long nanos)
    {
        if (nanos < 1_000)
        {
            return nanos + " ns";
        }
        // Rounded before the unit is picked: 999,960 ns is 1.00 ms, not "1000.0 µs".
        final BigDecimal micros = BigDecimal.valueOf(nanos).movePointLeft(3).setScale(1, RoundingMode.HALF_EVEN);
        if (micros.compareTo(BigDecimal.valueOf(1_000)) < 0)
        {
            return micros.toPlainString() + " µs";
        }
        return BigDecimal.valueOf(nanos).movePointLeft(6).setScale(2, RoundingMode.HALF_EVEN).toPlainString() + " ms";
    }

    /**
     * @param text a number, a space and {@code ns}, {@code µs} (or {@code us}) or {@code ms}, as the reference writes.
     * @return nanoseconds, rounded to the nearest.
     * @throws IllegalArgumentException if the text is not such a latency.
     */
    public static long parseLatency(final String text)
    {
        final String trimmed = text.trim();
        final int space = trimmed.lastIndexOf(' ');
        if (space < 1)
        {
            throw new IllegalArgumentException("latency: '" + text + "'; expected a number and a unit, e.g. 7.5 µs");
        }
        final int shift = switch (trimmed.substring(space + 1))
        {
            case "ns" -> 0;
            case "µs", "us" -> 3;
            case "ms" -> 6;
            default -> throw new IllegalArgumentException("latency: '" + text + "'; expected the unit ns, µs or ms");
        };
        return new BigDecimal(trimmed.substring(0, space)).movePointRight(shift).setScale(0, RoundingMode.HALF_EVEN)
            .longValueExact();
    }

    /**
     * @param micros a latency axis value in microseconds.
     * @return a short axis label: {@code 100 ns}, {@code 10 µs}, {@code 1 ms}.
     */
    public static String axisLatency(final double micros)
    {
        if (micros < 1)
        {
            return trimmed(micros * 1_000) + " ns";
        }
        return micros < 1_000 ? trimmed(micros) + " µs" : trimmed(micros / 1_000) + " ms";
    }

    /**
     * @param perSecond a rate in messages per second, at least 0.
     * @return three significant digits with a k, M or G suffix: {@code 10k}, {@code 6.1M}, {@code 12.3M}.
     */
    public static String rate(final double perSecond)
    {
        if (perSecond <= 0)
        {
            return "0";
        }
        BigDecimal value = new BigDecimal(perSecond).round(THREE_DIGITS);
        int suffix = 0;
        // The suffix is picked after rounding, so 999,999 reads 1M rather than 1000k.
        while (value.compareTo(BigDecimal.valueOf(1_000)) >= 0 && suffix < RATE_SUFFIXES.length - 1)
        {
            value = value.movePointLeft(3);
            suffix++;
        }
        return value.stripTrailingZeros().toPlainString() + RATE_SUFFIXES[suffix];
    }

    /**
     * @param rate a target rate, messages per second.
     * @return e.g. {@code 1M msg/s}.
     */
    public static String rateLabel(final long rate)
    {
        return rate(rate) + " msg/s";
    }

    /**
     * @param result a latency run.
     * @return achieved against target: {@code 1M of 1M}, or {@code MISSED: 6.1M of 10M}.
     */
    public static String achieved(final RunResult result)
    {
        final String label = rate(result.achievedRate()) + " of " + rate(result.targetRate());
        return result.targetMet() ? label : MISSED + ": " + label;
    }

    /**
     * @param name   a chart legend entry.
     * @param result the run it names.
     * @return the entry, with the achieved rate appended when the run missed its target.
     */
    public static String legend(final String name, final RunResult result)
    {
        return result.targetMet() ? name : name + " (" + achieved(result) + ")";
    }

    /**
     * @param count a count.
     * @param noun  what is counted, singular.
     * @return "1 run", "3 runs".
     */
    public static String count(final long count, final String noun)
    {
        return count(count) + " " + noun + (1 == count ? "" : "s");
    }

    /**
     * @param count a count.
     * @return it with grouped digits: {@code 4,986,664}.
     */
    public static String count(final long count)
    {
        return String.format(Locale.US, "%,d", count);
    }

    /**
     * @param numerator   top of the ratio.
     * @param denominator bottom of the ratio.
     * @return the ratio with two decimals and a times sign ({@code 0.82×}), {@link #NOT_AVAILABLE} if the
     *         denominator is 0.
     */
    public static String ratio(final double numerator, final double denominator)
    {
        return denominator == 0 ? NOT_AVAILABLE : String.format(Locale.US, "%.2f×", numerator / denominator);
    }

    /**
     * @param bytesPerMessage allocated bytes per message, at least 0.
     * @return {@code 0}, three significant digits ({@code 0.125}), or below a thousandth scientific
     *         ({@code 2.0e-05}), so a small figure never reads as 0.
     */
    public static String bytesPerMessage(final double bytesPerMessage)
    {
        if (bytesPerMessage == 0)
        {
            return "0";
        }
        return bytesPerMessage < 0.001 ? String.format(Locale.US, "%.1e", bytesPerMessage) : trimmed(bytesPerMessage);
    }

    /**
     * @param fraction a fraction from 0 to 1.
     * @return it as a percentage with up to four decimals: {@code 99.9%}, {@code 100%}.
     */
    public static String percent(final double fraction)
    {
        return new BigDecimal(fraction * 100).setScale(4, RoundingMode.HALF_EVEN).stripTrailingZeros()
            .toPlainString() + "%";
    }

    /**
     * @param histogram latency in nanoseconds.
     * @return one formatted latency per {@link Percentile}, in order.
     */
    public static List<String> percentiles(final Histogram histogram)
    {
        final List<String> cells = new ArrayList<>();
        for (final Percentile percentile : Percentile.values())
        {
            cells.add(latency(percentile.valueIn(histogram)));
        }
        return cells;
    }

    /**
     * @param result a latency run.
     * @return its percentiles, samples, achieved rate (bold when missed), GC in the window and bytes per message.
     */
    public static List<String> latencyCells(final RunResult result)
    {
        final List<String> cells = new ArrayList<>(percentiles(result.latency()));
        cells.add(count(result.samples()));
        cells.add(result.targetMet() ? achieved(result) : "**" + achieved(result) + "**");
        cells.add(gc(result));
        cells.add(bytesPerMessage(result.allocatedBytesPerMessage()));
        return cells;
    }

    /**
     * @param result a run.
     * @return its GC count in the window, with the collection time when there was any: {@code 0}, {@code 2 (13 ms)}.
     */
    public static String gc(final RunResult result)
    {
        return result.gcCount() == 0 ? "0" : result.gcCount() + " (" + result.gcMillis() + " ms)";
    }

    /**
     * @param values at least one value.
     * @return the middle value, or the mean of the two middle ones for an even count.
     * @throws IllegalArgumentException if there are no values.
     */
    public static double median(final Collection<Double> values)
    {
        if (values.isEmpty())
        {
            throw new IllegalArgumentException("values: empty; expected at least one value");
        }
        final List<Double> sorted = new ArrayList<>(values);
        sorted.sort(null);
        final int middle = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
    }

    private static List<String> latencyHeadings()
    {
        final List<String> headings = new ArrayList<>(Percentile.labels());
        headings.addAll(List.of("Samples", "Achieved / target", "GC in window", "Allocated B/msg"));
        return List.copyOf(headings);
    }

    private static String trimmed(final double value)
    {
        return new BigDecimal(value).round(THREE_DIGITS).stripTrailingZeros().toPlainString();
    }
}
