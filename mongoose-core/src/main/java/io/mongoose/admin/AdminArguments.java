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

    /** @return the value of a required argument of the usage, e.g. {@code FEED}; throws if there is none so named. */
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

    /** @return the value of an argument of the usage, empty if left out; throws if the usage has none so named. */
    public Optional<String> optional(final String name)
    {
        final int index = usage.indexOf(name);
        if (index < 0)
        {
            throw new IllegalArgumentException(command + ": no argument " + name + " in usage '" + usage + "'");
        }
        return index < values.size() ? Optional.of(values.get(index)) : Optional.empty();
    }

    /** @return an argument as a {@code long}, {@code fallback} if left out; refuses a value that is not a number. */
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
