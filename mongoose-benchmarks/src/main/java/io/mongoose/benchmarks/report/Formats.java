package io.mongoose.benchmarks.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * How the report writes numbers: one place, so every table, note and chart label reads the same way.
 *
 * <p>Latencies: whole nanoseconds below one microsecond ({@code 250 ns}), microseconds with one decimal below one
 * millisecond ({@code 7.5 µs}), milliseconds with two decimals above ({@code 1.13 ms}). Rates: three significant
 * digits with a k/M/G suffix ({@code 6.1M}). Counts: grouped digits ({@code 4,986,664}). Ratios: two decimals and a
 * times sign ({@code 0.82×}).
 */
public final class Formats
{
    /** Shown where a value cannot be computed, for example a ratio with a zero denominator. */
    public static final String NOT_AVAILABLE = "n/a";
    /** Shown where there is no run to take a value from. */
    public static final String NO_RUN = "—";

    private static final long NANOS_PER_MICRO = 1_000;
    private static final long NANOS_PER_MILLI = 1_000_000;
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
        if (nanos < NANOS_PER_MICRO)
        {
            return nanos + " ns";
        }
        // Round first, then pick the unit: 999,960 ns is 1.00 ms, not "1000.0 µs".
        final BigDecimal micros = BigDecimal.valueOf(nanos).movePointLeft(3).setScale(1, RoundingMode.HALF_EVEN);
        if (micros.compareTo(BigDecimal.valueOf(1_000)) < 0)
        {
            return micros.toPlainString() + " µs";
        }
        return BigDecimal.valueOf(nanos).movePointLeft(6).setScale(2, RoundingMode.HALF_EVEN).toPlainString() + " ms";
    }

    /**
     * Parse a latency written the way {@link #latency(long)} or the reference page writes it.
     *
     * @param text a number followed by a space and {@code ns}, {@code µs} (or {@code us}) or {@code ms}.
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
        final BigDecimal number = new BigDecimal(trimmed.substring(0, space));
        final String unit = trimmed.substring(space + 1);
        final int shift;
        switch (unit)
        {
            case "ns":
                shift = 0;
                break;
            case "µs":
            case "us":
                shift = 3;
                break;
            case "ms":
                shift = 6;
                break;
            default:
                throw new IllegalArgumentException("latency: '" + text + "'; expected the unit ns, µs or ms");
        }
        return number.movePointRight(shift).setScale(0, RoundingMode.HALF_EVEN).longValueExact();
    }

    /**
     * @param micros a latency axis value in microseconds.
     * @return a short axis label: {@code 100 ns}, {@code 10 µs}, {@code 1 ms}; whole numbers only, as axis ticks
     * fall on round values.
     */
    public static String axisLatency(final double micros)
    {
        final double nanos = micros * NANOS_PER_MICRO;
        if (nanos < NANOS_PER_MICRO)
        {
            return trimmed(nanos) + " ns";
        }
        if (nanos < NANOS_PER_MILLI)
        {
            return trimmed(micros) + " µs";
        }
        return trimmed(nanos / NANOS_PER_MILLI) + " ms";
    }

    /**
     * @param perSecond a rate in messages per second, at least 0.
     * @return it to three significant digits with a k, M or G suffix and trailing zeros dropped: {@code 10k},
     * {@code 6.1M}, {@code 12.3M}.
     */
    public static String rate(final double perSecond)
    {
        if (perSecond <= 0)
        {
            return "0";
        }
        BigDecimal value = new BigDecimal(perSecond).round(THREE_DIGITS);
        int suffix = 0;
        // Pick the suffix after rounding, so 999,999 reads 1M rather than 1000k.
        while (value.compareTo(BigDecimal.valueOf(1_000)) >= 0 && suffix < RATE_SUFFIXES.length - 1)
        {
            value = value.movePointLeft(3);
            suffix++;
        }
        return value.stripTrailingZeros().toPlainString() + RATE_SUFFIXES[suffix];
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
     * @return {@code numerator / denominator} with two decimals and a times sign ({@code 0.82×}), or
     * {@link #NOT_AVAILABLE} if the denominator is 0.
     */
    public static String ratio(final double numerator, final double denominator)
    {
        if (denominator == 0)
        {
            return NOT_AVAILABLE;
        }
        return String.format(Locale.US, "%.2f×", numerator / denominator);
    }

    /**
     * @param bytesPerMessage allocated bytes per message, at least 0.
     * @return {@code 0} when nothing was allocated; otherwise three significant digits ({@code 96}, {@code 0.125}),
     * in scientific notation below a thousandth ({@code 2.0e-05}) so a small but non-zero figure never reads as 0.
     */
    public static String bytesPerMessage(final double bytesPerMessage)
    {
        if (bytesPerMessage == 0)
        {
            return "0";
        }
        if (bytesPerMessage < 0.001)
        {
            return String.format(Locale.US, "%.1e", bytesPerMessage);
        }
        return trimmed(bytesPerMessage);
    }

    /**
     * @param fraction a fraction from 0 to 1.
     * @return it as a percentage with as many decimals as it needs, up to four: {@code 99.9%}, {@code 100%}.
     */
    public static String percent(final double fraction)
    {
        final BigDecimal percent = new BigDecimal(fraction * 100).setScale(4, RoundingMode.HALF_EVEN);
        return percent.stripTrailingZeros().toPlainString() + "%";
    }

    private static String trimmed(final double value)
    {
        return new BigDecimal(value).round(THREE_DIGITS).stripTrailingZeros().toPlainString();
    }
}
