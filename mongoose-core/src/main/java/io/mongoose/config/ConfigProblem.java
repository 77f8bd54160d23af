package io.mongoose.config;

/**
 * One problem of a configuration, kept in parts so a front end (the YAML reader) can map the path to its own
 * vocabulary and tell problems that only follow from another one apart from the rest.
 *
 * @param path     where, e.g. {@code agents[1].idleStrategy}.
 * @param found    what is there, e.g. {@code unknown 'spinn'}.
 * @param expected what would be accepted.
 * @param kind     whether the problem is about the value itself or about a reference between entries.
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

    /**
     * @param path     where.
     * @param found    what is there.
     * @param expected what would be accepted.
     * @return a problem of the value itself.
     */
    public static ConfigProblem of(final String path, final String found, final String expected)
    {
        return new ConfigProblem(path, found, expected, Kind.VALUE);
    }

    /**
     * @param name a user's name: a feed, an agent group, a processor.
     * @return the name as errors show it: quoted and {@link #escape(String) escaped}, or {@code null} unquoted.
     */
    static String show(final String name)
    {
        return null == name ? "null" : "'" + escape(name) + "'";
    }

    /** Longest piece of user text an error repeats; a name of a megabyte must not make a message of a megabyte. */
    static final int MAX_SHOWN = 60;

    /**
     * @param text user text: a name, a value, an exception's message.
     * @return the text as an error shows it: cut to {@value #MAX_SHOWN} code points with an ellipsis, on one line.
     */
    public static String escape(final String text)
    {
        return escape(text, MAX_SHOWN);
    }

    /**
     * Every error is one line: control, format and separator characters (which YAML can fold into a value) are
     * written as escapes, so no text can break the list of errors or forge a line of it.
     *
     * @param text  user text.
     * @param limit most code points to keep.
     * @return the text on one line, cut to {@code limit} code points with an ellipsis.
     */
    public static String escape(final String text, final int limit)
    {
        final StringBuilder out = new StringBuilder();
        int shown = 0;
        for (int i = 0; i < text.length(); )
        {
            if (shown == limit)
            {
                return out.append('…').toString();
            }
            final int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            shown++;
            switch (cp)
            {
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default ->
                {
                    final int type = Character.getType(cp);
                    if (type == Character.CONTROL || type == Character.SURROGATE || type == Character.FORMAT ||
                        type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR)
                    {
                        out.append(String.format("\\u%04X", cp));
                    }
                    else
                    {
                        out.appendCodePoint(cp);
                    }
                }
            }
        }
        return out.toString();
    }

    /** The form every Mongoose configuration error takes: {@code path: found; expected …}. */
    @Override
    public String toString()
    {
        return path + ": " + found + "; expected " + expected;
    }
}
