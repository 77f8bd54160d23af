package io.mongoose.admin;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** A command's arguments as declared: {@code NAME} required, {@code [NAME]} optional, optional ones last. */
final class Usage
{
    private static final Pattern NAME = Pattern.compile("[A-Z][A-Z0-9_-]*");
    private static final int MAX_SHOWN = 60;

    private final String text;
    private final List<String> names;
    private final int required;

    private Usage(final String text, final List<String> names, final int required)
    {
        this.text = text;
        this.names = names;
        this.required = required;
    }

    /** Parse a command's usage, e.g. {@code "INSTRUMENT [LIMIT]"} (blank or null: none); throws naming a bad word. */
    static Usage parse(final String command, final String text)
    {
        final String trimmed = null == text ? "" : text.strip();
        final String[] words = trimmed.isEmpty() ? new String[0] : trimmed.split("\\s+");
        final List<String> names = new ArrayList<>();
        int required = 0;
        for (final String word : words)
        {
            final boolean optional = word.startsWith("[") && word.endsWith("]") && word.length() > 2;
            final String name = optional ? word.substring(1, word.length() - 1) : word;
            if (!NAME.matcher(name).matches())
            {
                throw new IllegalArgumentException("command '" + command + "': usage word '" + oneLine(word) +
                    "'; expected NAME or [NAME] with NAME in upper case (e.g. FEED [LIMIT])");
            }
            if (names.contains(name))
            {
                throw new IllegalArgumentException("command '" + command + "': usage names " + name + " twice; " +
                    "expected each argument once");
            }
            if (!optional && required < names.size())
            {
                throw new IllegalArgumentException("command '" + command + "': required " + name + " after an " +
                    "optional argument in usage '" + trimmed + "'; expected optional arguments last");
            }
            required += optional ? 0 : 1;
            names.add(name);
        }
        return new Usage(String.join(" ", words), List.copyOf(names), required);
    }

    /** @throws AdminException naming the missing argument or the first extra one, with the usage. */
    AdminArguments bind(final String command, final List<String> values)
    {
        if (values.size() < required)
        {
            throw new AdminException(command + ": missing argument " + names.get(values.size()) + "; usage: " +
                synopsis(command));
        }
        if (values.size() > names.size())
        {
            throw new AdminException(command + ": unexpected argument '" + oneLine(values.get(names.size())) +
                "' (takes " + (names.isEmpty() ? "none" : "at most " + names.size()) + "); usage: " +
                synopsis(command));
        }
        return new AdminArguments(command, this, values);
    }

    int indexOf(final String name)
    {
        return names.indexOf(name);
    }

    int required()
    {
        return required;
    }

    private String synopsis(final String command)
    {
        return text.isEmpty() ? command : command + " " + text;
    }

    @Override
    public String toString()
    {
        return text;
    }

    /** User text in a one-line message: control characters escaped, cut to a readable length. */
    static String oneLine(final String value)
    {
        return oneLine(value, MAX_SHOWN);
    }

    static String oneLine(final String value, final int max)
    {
        return value.length() > max ? CommandLine.oneLine(value.substring(0, max)) + "…" : CommandLine.oneLine(value);
    }
}
