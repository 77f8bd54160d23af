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
        return Usage.escape(text);
    }

    /**
     * @param line e.g. {@code greet "Ada Lovelace"}.
     * @return the words, e.g. {@code [greet, Ada Lovelace]}; empty for a blank line.
     * @throws AdminException if a quote is not closed.
     */
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
            if (0 != quote)
            {
                if (c == quote)
                {
                    quote = 0;
                }
                else
                {
                    word.append(c);
                }
            }
            else if (c == '"' || c == '\'')
            {
                quote = c;
                quoteAt = i;
                inWord = true;
            }
            else if (!Character.isWhitespace(c))
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
