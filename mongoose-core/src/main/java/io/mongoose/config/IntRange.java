package io.mongoose.config;

import java.util.Objects;

/**
 * The values one integer setting accepts: {@code min} to {@code max}, both included, and if {@code powerOfTwo} only
 * powers of two.
 *
 * @param setting the setting's name as configuration spells it, e.g. {@code queueCapacity}.
 */
public record IntRange(String setting, int min, int max, boolean powerOfTwo)
{
    /** Checks the bounds. */
    public IntRange
    {
        Objects.requireNonNull(setting, "setting: null; expected a setting name");
        if (min > max)
        {
            throw new IllegalArgumentException("range of " + setting + ": min " + min + " > max " + max +
                "; expected min <= max");
        }
    }

    /** @return a range of every integer from {@code min} to {@code max}. */
    public static IntRange of(final String setting, final int min, final int max)
    {
        return new IntRange(setting, min, max, false);
    }

    /** @return a range of the powers of two from {@code min} to {@code max}. */
    public static IntRange powersOfTwo(final String setting, final int min, final int max)
    {
        return new IntRange(setting, min, max, true);
    }

    /** @return whether the setting accepts {@code value} (a long, so a YAML integer beyond {@code int} is answered). */
    public boolean accepts(final long value)
    {
        return value >= min && value <= max && (!powerOfTwo || Long.bitCount(value) == 1);
    }

    /** @return what the setting accepts, as errors say it, e.g. {@code a power of two from 2 to 16777216}. */
    public String expected()
    {
        return (powerOfTwo ? "a power of two from " : "an integer from ") + min + " to " + max;
    }
}
