package io.mongoose.benchmarks.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A GitHub-flavoured Markdown table: a header row, then rows of the same width. Cells are escaped so a value holding
 * a pipe or a line break (JVM flags, CPU names) cannot break the table.
 */
public final class MarkdownTable
{
    private final List<String> header;
    private final List<Boolean> rightAligned;
    private final List<List<String>> rows = new ArrayList<>();

    private MarkdownTable(final List<String> header, final List<Boolean> rightAligned)
    {
        this.header = List.copyOf(header);
        this.rightAligned = List.copyOf(rightAligned);
    }

    /**
     * A table whose first column is text (left aligned) and whose other columns are numbers (right aligned).
     *
     * @param header the column headings, at least one.
     * @return an empty table.
     */
    public static MarkdownTable numeric(final List<String> header)
    {
        return numeric(header, 1);
    }

    /**
     * A table whose first columns are text (left aligned) and whose other columns are numbers (right aligned).
     *
     * @param header      the column headings, at least one.
     * @param textColumns how many leading columns are text.
     * @return an empty table.
     */
    public static MarkdownTable numeric(final List<String> header, final int textColumns)
    {
        final List<Boolean> right = new ArrayList<>();
        for (int i = 0; i < header.size(); i++)
        {
            right.add(i >= textColumns);
        }
        return new MarkdownTable(header, right);
    }

    /**
     * A table of text columns, all left aligned.
     *
     * @param header the column headings, at least one.
     * @return an empty table.
     */
    public static MarkdownTable text(final List<String> header)
    {
        final List<Boolean> right = new ArrayList<>();
        header.forEach(h -> right.add(false));
        return new MarkdownTable(header, right);
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

    /**
     * @return whether no row was added.
     */
    public boolean isEmpty()
    {
        return rows.isEmpty();
    }

    /**
     * @param out where to write the table, each line ending in {@code \n}.
     */
    public void appendTo(final StringBuilder out)
    {
        appendRow(out, header);
        out.append('|');
        for (final boolean right : rightAligned)
        {
            out.append(right ? " ---: |" : " --- |");
        }
        out.append('\n');
        rows.forEach(r -> appendRow(out, r));
    }

    private static void appendRow(final StringBuilder out, final List<String> cells)
    {
        out.append('|');
        for (final String cell : cells)
        {
            out.append(' ').append(escape(cell)).append(" |");
        }
        out.append('\n');
    }

    private static String escape(final String cell)
    {
        // A pipe would end the cell and a line break would end the row.
        return cell.replace("|", "\\|").replace('\n', ' ').replace('\r', ' ');
    }
}
