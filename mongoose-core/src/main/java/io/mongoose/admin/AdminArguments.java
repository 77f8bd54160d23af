package io.mongoose.admin;

import java.util.List;
import java.util.Optional;

/**
 * The arguments of one invocation, bound by position to the names of the command's usage. Their count has been
 * checked; the getters check the values and refuse with an {@link AdminException} naming the argument.
 */
public final class AdminArguments
{
    private final String command;
    private final Usage usage;
    private final List<String> values;

    AdminArguments(final String command, final Usage usage, final List<String> values)
    {
        this.command = command;
        this.usage = usage;
        this.values = List.copyOf(values);
    }

    /** @return the command's name. */
    public String command()
    {
        return command;
    }

    /**
     * @param name a required argument of the usage, e.g. {@code FEED}.
     * @return its value.
     * @throws IllegalArgumentException if the usage has no required argument of that name (a bug in the command).
     */
    public String get(final String name)
    {
        final int index = usage.indexOf(name);
        if (index < 0 || index >= usage.required())
        {
            throw new IllegalArgumentException(command + ": no required argument " + name + " in usage '" + usage +
                "'" + (index >= 0 ? "; it is optional: use optional(\"" + name + "\")" : ""));
        }
        return values.get(index);
    }

    /**
     * @param name an argument of the usage, required or optional.
     * @return its value, or empty if an optional argument was left out.
     * @throws IllegalArgumentException if the usage has no argument of that name (a bug in the command).
     */
    public Optional<String> optional(final String name)
    {
        final int index = usage.indexOf(name);
        if (index < 0)
        {
            throw new IllegalArgumentException(command + ": no argument " + name + " in usage '" + usage + "'");
        }
        return index < values.size() ? Optional.of(values.get(index)) : Optional.empty();
    }

    /**
     * An argument as a {@code long}, or {@code fallback} if an optional argument was left out.
     *
     * @throws AdminException naming the argument, if the value is not a whole number.
     */
    public long getLong(final String name, final long fallback)
    {
        final Optional<String> value = optional(name);
        try
        {
            return value.isEmpty() ? fallback : Long.parseLong(value.get());
        }
        catch (final NumberFormatException ex)
        {
            throw new AdminException(command + ": argument " + name + ": '" + Usage.oneLine(value.get()) +
                "' is not a whole number; expected an integer such as 10");
        }
    }
}
