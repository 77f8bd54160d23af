package io.mongoose.config;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/** Value semantics of a config type: equal over its settings, shown with their names as a record is. */
abstract class ConfigValue
{
    /** @return each setting's name followed by its value, in declaration order. */
    abstract Object[] namesAndValues();

    @Override
    public final boolean equals(final Object o)
    {
        return null != o && o.getClass() == getClass() &&
            Arrays.equals(namesAndValues(), ((ConfigValue)o).namesAndValues());
    }

    @Override
    public final int hashCode()
    {
        return Arrays.hashCode(namesAndValues());
    }

    @Override
    public final String toString()
    {
        final Object[] settings = namesAndValues();
        return IntStream.range(0, settings.length / 2).mapToObj(i -> settings[2 * i] + "=" + settings[2 * i + 1])
            .collect(Collectors.joining(", ", getClass().getSimpleName() + "[", "]"));
    }

    /** @return an unmodifiable copy, empty for {@code null}; a null entry is kept for the validator to name. */
    static <T> List<T> copy(final List<T> list)
    {
        return null == list ? List.of() : Collections.unmodifiableList(new ArrayList<>(list));
    }

    /** @return a copy of {@code list} with {@code more} after the others. */
    static <T> List<T> plus(final List<T> list, final T more)
    {
        return Stream.concat(list.stream(), Stream.of(more)).toList();
    }

    /** @return the names as a list; {@code null} for {@code null}. */
    static List<String> list(final String[] names)
    {
        return null == names ? null : Arrays.asList(names);
    }
}
