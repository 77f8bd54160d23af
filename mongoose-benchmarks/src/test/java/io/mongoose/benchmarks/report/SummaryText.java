package io.mongoose.benchmarks.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Reads summary.md back for assertions: a section by its heading, a table row by its leading cells.
 */
final class SummaryText
{
    private final String text;

    SummaryText(final String text)
    {
        this.text = text;
    }

    /**
     * @param section the one section to render.
     * @param input   the runs' directory.
     * @param dir     a directory whose {@code out} subdirectory is the report's output (links are relative to it).
     * @return summary.md with that section alone, read back.
     */
    static SummaryText render(final SummarySection section, final Path input, final Path dir) throws Exception
    {
        final ReportOptions options = new ReportOptions(input, dir.resolve("out"), Optional.empty(),
            ReportOptions.DEFAULT_TITLE, "test", Optional.empty());
        final ReportContext context = new ReportContext(options, RunCatalog.load(input), List.of(), List.of());
        return new SummaryText(SummaryReport.render(List.of(section), context));
    }

    /**
     * @param heading a section heading line, e.g. {@code ## Table 1: Mongoose latency by rate}.
     * @return the section's text up to the next second-level heading.
     */
    String section(final String heading)
    {
        final int start = text.indexOf(heading + "\n");
        if (start < 0)
        {
            throw new AssertionError("no section '" + heading + "' in:\n" + text);
        }
        final int end = text.indexOf("\n## ", start + heading.length());
        return end < 0 ? text.substring(start) : text.substring(start, end + 1);
    }

    /**
     * @param heading a section heading.
     * @return the cells of every table row in the section, the header and separator rows excluded.
     */
    List<List<String>> rows(final String heading)
    {
        final List<List<String>> rows = new ArrayList<>();
        boolean header = true;
        for (final String line : section(heading).split("\n"))
        {
            if (!line.startsWith("|"))
            {
                header = true;
                continue;
            }
            if (line.startsWith("| ---") || line.startsWith("|---"))
            {
                header = false;
                continue;
            }
            if (!header)
            {
                rows.add(cells(line));
            }
        }
        return rows;
    }

    /**
     * @param heading a section heading.
     * @param leading the first cells of the wanted row.
     * @return the first row of the section that starts with those cells.
     */
    List<String> row(final String heading, final String... leading)
    {
        for (final List<String> row : rows(heading))
        {
            if (row.size() >= leading.length && row.subList(0, leading.length).equals(Arrays.asList(leading)))
            {
                return row;
            }
        }
        throw new AssertionError("no row starting " + Arrays.toString(leading) + " in:\n" + section(heading));
    }

    private static List<String> cells(final String line)
    {
        final String inner = line.substring(1, line.length() - 1);
        final List<String> cells = new ArrayList<>();
        for (final String cell : inner.split(" \\|"))
        {
            cells.add(cell.trim());
        }
        return cells;
    }
}
