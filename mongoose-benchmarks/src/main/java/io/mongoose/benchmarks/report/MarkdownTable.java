package io.mongoose.benchmarks.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A GitHub-flavoured Markdown table: a header row, then rows of the same width, the leading text columns left aligned
 * and the others right aligned. Cells are escaped so a pipe or line break (JVM flags, CPU names) cannot break it.
 */
public final class MarkdownTable
{
    private final List<String> header;
    private final int textColumns;
    private final List<List<String>> rows = new ArrayList<>();

    /**
     * @param header      the column headings, at least one.
     * @param textColumns how many leading columns are text (left aligned); the rest are numbers.
     */
    public MarkdownTable(final List<String> header, final int textColumns)
    {
        this.header = List.copyOf(header);
        this.textColumns = textColumns;
    }

    /**
     * @param cells one cell per column.
     * @return this table.
     * @throws IllegalArgumentException if the row is not as wide as the header.
     */
    public MarkdownTable row(final List<String> cells)
    {
        if (cells.size() != header.size())
        {
            throw new IllegalArgumentException("row: " + cells.size() + " cells " + cells + "; expected " +
                header.size() + " to match " + header);
        }
        rows.add(List.copyOf(cells));
        return this;
    }

    /** @return whether no row was added. */
    public boolean isEmpty()
    {
        return rows.isEmpty();
    }

    /**
     * @param out where to write the table and a blank line after it.
     */
    public void appendTo(final StringBuilder out)
    {
        appendRow(out, header);
        out.append('|');
        for (int i = 0; i < header.size(); i++)
        {
            out.append(i < textColumns ? " --- |" : " ---: |");
        }
        out.append('\n');
        rows.forEach(r -> appendRow(out, r));
        out.append('\n');
    }

    /**
     * Append lines verbatim as a fenced code block, its fence longer than any run of backticks in the lines.
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

    private static void appendRow(final StringBuilder out, final List<String> cells)
    {
        out.append('|');
        for (final String cell : cells)
        {
            out.append(' ').append(cell.replace("|", "\\|").replace('\n', ' ').replace('\r', ' ')).append(" |");
        }
        out.append('\n');
    }
}
