package io.mongoose.internal;

/** Argument checks whose message names the argument, its value and what was expected. */
public final class Require
{
    private Require()
    {
    }

    /** @return {@code value}, if it is at least {@code min}. */
    public static int atLeast(final String name, final int value, final int min)
    {
        if (value < min)
        {
            throw new IllegalArgumentException(name + ": " + value + "; expected at least " + min);
        }
        return value;
    }
}
