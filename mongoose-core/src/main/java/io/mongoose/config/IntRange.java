package io.mongoose.config;

import java.util.Objects;

/**
 * The values one integer setting accepts: from {@code min} to {@code max}, both included, and if {@code powerOfTwo}
 * only powers of two. Each setting has one such range, which the builder, the validator and the YAML reader all use,
 * so a value is refused on every path with the same words.
 *
 * @param setting    the setting's name as configuration spells it, e.g. {@code queueCapacity}.
 * @param min        smallest accepted value.
 * @param max        largest accepted value.
 * @param powerOfTwo whether only powers of two are accepted.
 */
public record IntRange(String setting, int min, int max, boolean powerOfTwo)
{
    /**
     * Checks the bounds.
     */
    public IntRange
    {
        Objects.requireNonNull(setting, "setting: null; expected a setting name");
        if (min > max)
        {
            throw new IllegalArgumentException("range of " + setting + ": min " + min + " > max " + max +
                "; expected min <= max");
        }
    }

    /**
     * @param setting the setting's name.
     * @param min     smallest accepted value.
     * @param max     largest accepted value.
     * @return a range of every integer from {@code min} to {@code max}.
     */
    public static IntRange of(final String setting, final int min, final int max)
    {
        return new IntRange(setting, min, max, false);
    }

    /**
     * @param setting the setting's name.
     * @param min     smallest accepted power of two.
     * @param max     largest accepted power of two.
     * @return a range of the powers of two from {@code min} to {@code max}.
     */
    public static IntRange powersOfTwo(final String setting, final int min, final int max)
    {
        return new IntRange(setting, min, max, true);
    }

    /**
     * @param value a candidate (a long, so a YAML integer beyond {@code int} is answered too).
     * @return whether the setting accepts it.
     */
    public boolean accepts(final long value)
    {
        return value >= min && value <= max && (!powerOfTwo || Long.bitCount(value) == 1);
    }

    /**
     * @return what the setting accepts, as errors say it, e.g. {@code a power of two from 2 to 16777216}.
     */
    public String expected()
    {
        return (powerOfTwo ? "a power of two from " : "an integer from ") + min + " to " + max;
    }

    /**
     * @param owner what the setting belongs to as errors name it, e.g. {@code feed 'quotes'}; {@code null} for none.
     * @param value the value to check.
     * @return {@code value}, if the setting accepts it.
     * @throws IllegalArgumentException naming the owner, the setting, the value and this range, e.g.
     *                                  {@code feed 'quotes' queueCapacity: 1073741824; expected a power of two from 2
     *                                  to 16777216}.
     */
    public int require(final String owner, final int value)
    {
        if (!accepts(value))
        {
            throw new IllegalArgumentException(
                (null == owner ? "" : owner + " ") + setting + ": " + value + "; expected " + expected());
        }
        return value;
    }
}
