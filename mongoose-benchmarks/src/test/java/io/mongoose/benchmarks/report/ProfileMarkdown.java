package io.mongoose.benchmarks.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads a hot-path profile's Markdown back for assertions: a thread's section, the table under a heading, and the
 * shares of the self-time-by-package line.
 */
final class ProfileMarkdown
{
    private final String text;

    ProfileMarkdown(final String text)
    {
        this.text = text;
    }

    /**
     * @param heading a second-level heading line, e.g. {@code ## Consumer: `bench-agent`}.
     * @return the section's text up to the next second-level heading.
     */
    String section(final String heading)
    {
        return new SummaryText(text).section(heading);
    }

    /**
     * @return every second-level heading, in order.
     */
    List<String> threadHeadings()
    {
        final List<String> headings = new ArrayList<>();
        for (final String line : text.split("\n"))
        {
            if (line.startsWith("## "))
            {
                headings.add(line);
            }
        }
        return headings;
    }

    /**
     * @param headingStart how the table's heading line starts, e.g. {@code ### `bench-agent`: inclusive}.
     * @return the cells of the table's rows under the first such heading, the header and separator excluded.
     */
    List<List<String>> table(final String headingStart)
    {
        final int heading = text.indexOf("\n" + headingStart);
        if (heading < 0)
        {
            throw new AssertionError("no heading starting '" + headingStart + "' in:\n" + text);
        }
        final List<List<String>> rows = new ArrayList<>();
        boolean inTable = false;
        for (final String line : text.substring(heading + 1).split("\n"))
        {
            if (line.startsWith("|"))
            {
                inTable = true;
                if (!line.startsWith("| Method") && !line.startsWith("| Frame") && !line.startsWith("| ---"))
                {
                    rows.add(cells(line));
                }
            }
            else if (inTable)
            {
                break;
            }
        }
        return rows;
    }

    /**
     * @param heading a thread's section heading.
     * @return the shares, in tenths of a percent, of the section's self-time-by-package line, in its order, each
     * as {@code label=tenths}.
     */
    List<String> buckets(final String heading)
    {
        for (final String line : section(heading).split("\n"))
        {
            if (line.startsWith(HotPathProfileReport.BUCKETS_PREFIX))
            {
                final String list = line.substring(HotPathProfileReport.BUCKETS_PREFIX.length(),
                    line.indexOf(" (by each sample's top frame)."));
                final List<String> parts = new ArrayList<>();
                for (final String part : list.split(" · "))
                {
                    final int space = part.lastIndexOf(' ');
                    parts.add(part.substring(0, space) + "=" + tenths(part.substring(space + 1)));
                }
                return parts;
            }
        }
        throw new AssertionError("no '" + HotPathProfileReport.BUCKETS_PREFIX + "' line in:\n" + section(heading));
    }

    /**
     * @param share a percentage with one decimal, e.g. {@code 41.2%}.
     * @return it in tenths of a percent.
     */
    static int tenths(final String share)
    {
        if (!share.matches("\\d+\\.\\d%"))
        {
            throw new AssertionError("'" + share + "' is not a percentage with one decimal");
        }
        return Integer.parseInt(share.substring(0, share.length() - 1).replace(".", ""));
    }

    private static List<String> cells(final String line)
    {
        final List<String> cells = new ArrayList<>();
        for (final String cell : line.substring(1, line.length() - 1).split(" \\|"))
        {
            cells.add(cell.trim());
        }
        return cells;
    }
}
