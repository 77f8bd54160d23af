package io.mongoose.benchmarks.report;

import java.util.List;

/**
 * Small Markdown pieces the sections share.
 */
public final class Markdown
{
    private Markdown()
    {
    }

    /**
     * Append lines verbatim as a fenced code block, with a fence longer than any run of backticks in the lines so no
     * line can close it early.
     *
     * @param out   where to append.
     * @param lines the lines, unchanged.
     */
    public static void codeBlock(final StringBuilder out, final List<String> lines)
    {
        int longest = 0;
        for (final String line : lines)
        {
            int run = 0;
            for (int i = 0; i < line.length(); i++)
            {
                run = line.charAt(i) == '`' ? run + 1 : 0;
                longest = Math.max(longest, run);
            }
        }
        final String fence = "`".repeat(Math.max(3, longest + 1));
        out.append(fence).append('\n');
        lines.forEach(l -> out.append(l).append('\n'));
        out.append(fence).append("\n\n");
    }
}
