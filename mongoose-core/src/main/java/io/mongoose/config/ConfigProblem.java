package io.mongoose.config;

/**
 * One problem of a configuration, in parts so a front end (the YAML reader) can map its path and tell it apart.
 *
 * @param path  where, e.g. {@code agents[1].idleStrategy}.
 * @param found what is there, e.g. {@code unknown 'spinn'}.
 */
public record ConfigProblem(String path, String found, String expected, Kind kind)
{
    /** What a problem depends on. */
    public enum Kind
    {
        /** The value at the path is wrong whatever the rest says. */
        VALUE,
        /** A subscription names a feed that no feed entry declares. */
        UNKNOWN_FEED,
        /** A feed reaches no processor. */
        UNSUBSCRIBED_FEED,
        /** A processor names a service that no service entry declares. */
        UNKNOWN_SERVICE
    }

    /** @return a problem of the value itself. */
    public static ConfigProblem of(final String path, final String found, final String expected)
    {
        return new ConfigProblem(path, found, expected, Kind.VALUE);
    }

    /** Longest piece of user text an error repeats. */
    static final int MAX_SHOWN = 60;

    /** @return a user's name as errors show it: quoted and {@link #escape(String) escaped}, or {@code null}. */
    static String show(final String name)
    {
        return null == name ? "null" : "'" + escape(name) + "'";
    }

    /** @return user text as an error shows it: on one line, cut to {@value #MAX_SHOWN} code points. */
    public static String escape(final String text)
    {
        return escape(text, MAX_SHOWN);
    }

    /** @return the text on one line, control and separator characters escaped, cut to {@code limit} code points. */
    public static String escape(final String text, final int limit)
    {
        final StringBuilder out = new StringBuilder();
        text.codePoints().limit(limit).forEach(cp ->
        {
            final int type = Character.getType(cp);
            out.append(switch (cp)
            {
                case '\n' -> "\\n";
                case '\r' -> "\\r";
                case '\t' -> "\\t";
                default -> type == Character.CONTROL || type == Character.SURROGATE || type == Character.FORMAT ||
                    type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR
                    ? String.format("\\u%04X", cp) : Character.toString(cp);
            });
        });
        return text.codePoints().limit(limit + 1L).count() > limit ? out.append('…').toString() : out.toString();
    }

    /** The form every Mongoose configuration error takes: {@code path: found; expected …}. */
    @Override
    public String toString()
    {
        return path + ": " + found + "; expected " + expected;
    }
}
