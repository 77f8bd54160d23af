package io.mongoose.config;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * The durations one setting accepts: {@code min} to {@code max}, both included, at most what a long of nanos holds.
 *
 * @param setting the setting's name as configuration spells it, e.g. {@code publishTimeout}.
 * @param note    what errors add after the range, e.g. {@code , such as 4us}; empty for nothing.
 */
public record DurationRange(String setting, Duration min, Duration max, String note)
{
    private static final Duration SMALLEST_POSITIVE = Duration.ofNanos(1);
    private static final Duration LONGEST = Duration.ofNanos(Long.MAX_VALUE);

    /** Checks the bounds. */
    public DurationRange
    {
        Objects.requireNonNull(setting, "setting: null; expected a setting name");
        Objects.requireNonNull(min, "min: null; expected the shortest duration " + setting + " accepts");
        Objects.requireNonNull(max, "max: null; expected the longest duration " + setting + " accepts");
        Objects.requireNonNull(note, "note: null; expected text, or empty for none");
        if (min.isNegative() || min.compareTo(max) > 0 || max.compareTo(LONGEST) > 0)
        {
            throw new IllegalArgumentException("range of " + setting + ": " + min + " to " + max +
                "; expected 0 <= min <= max <= " + LONGEST + " (what nanoseconds in a long hold)");
        }
    }

    /** @return a range of the positive durations up to {@code max}. */
    public static DurationRange positiveUpTo(final String setting, final Duration max)
    {
        return new DurationRange(setting, SMALLEST_POSITIVE, max, "");
    }

    /** @return whether the setting accepts {@code value}; {@code false} for {@code null}. */
    public boolean accepts(final Duration value)
    {
        return null != value && value.compareTo(min) >= 0 && value.compareTo(max) <= 0;
    }

    /** @return what the setting accepts, as errors say it, e.g. {@code a positive duration up to 24h}. */
    public String expected()
    {
        return (SMALLEST_POSITIVE.equals(min) ? "a positive duration up to " + format(max)
            : "a duration from " + format(min) + " to " + format(max)) + note;
    }

    /** @return {@code value} if accepted, else throws: {@code server startTimeout: PT48H; expected a positive …}. */
    public Duration require(final String owner, final Duration value)
    {
        if (!accepts(value))
        {
            final String message =
                (null == owner ? "" : owner + " ") + setting + ": " + value + "; expected " + expected();
            throw null == value ? new NullPointerException(message) : new IllegalArgumentException(message);
        }
        return value;
    }

    /** A bound as configuration files write it, in the largest unit that holds it exactly: 24h, 1ms, 0. */
    private static String format(final Duration duration)
    {
        final long nanos = duration.toNanos();
        final long[] unitNanos = {3_600_000_000_000L, 60_000_000_000L, 1_000_000_000L, 1_000_000L, 1_000L, 1L};
        int unit = 0;
        while (nanos % unitNanos[unit] != 0)
        {
            unit++;
        }
        return 0 == nanos ? "0" : nanos / unitNanos[unit] + List.of("h", "m", "s", "ms", "us", "ns").get(unit);
    }
}
