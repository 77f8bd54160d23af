package io.mongoose.admin;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a command line into words: blanks separate words; {@code "…"} or {@code '…'} quote a word that contains
 * blanks (or is empty), and the other kind of quote inside it is an ordinary character.
 */
public final class CommandLine
{
    private CommandLine()
    {
    }

    /** The text as a console prints it on one line: {@code \n}, {@code \r} and other control characters escaped. */
    public static String oneLine(final String text)
    {
        final StringBuilder out = new StringBuilder();
        for (final char c : text.toCharArray())
        {
            out.append(switch (c)
            {
                case '\n' -> "\\n";
                case '\r' -> "\\r";
                default -> Character.isISOControl(c) ? String.format("\\u%04x", (int)c) : String.valueOf(c);
            });
        }
        return out.toString();
    }

    /** @return the words of a line, e.g. {@code [greet, Ada Lovelace]}; throws if a quote is left open. */
    public static List<String> parse(final String line)
    {
        final List<String> words = new ArrayList<>();
        final StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        int quoteAt = -1;
        for (int i = 0; i < line.length(); i++)
        {
            final char c = line.charAt(i);
            if (0 == quote ? c == '"' || c == '\'' : c == quote) // opens or closes a quote
            {
                quote = 0 == quote ? c : 0;
                quoteAt = i;
                inWord = true;
            }
            else if (0 != quote || !Character.isWhitespace(c))
            {
                word.append(c);
                inWord = true;
            }
            else if (inWord)
            {
                words.add(word.toString());
                word.setLength(0);
                inWord = false;
            }
        }
        if (0 != quote)
        {
            throw new AdminException("unclosed " + quote + " at column " + (quoteAt + 1) + "; expected a closing " +
                quote);
        }
        if (inWord)
        {
            words.add(word.toString());
        }
        return words;
    }
}
