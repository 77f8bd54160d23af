package io.mongoose.benchmarks.report;

import java.io.File;
import java.nio.file.Path;
import java.util.List;

/**
 * Everything a summary section draws on: the options, the runs, the charts already written and the captured example
 * output.
 *
 * @param options      the parsed flags.
 * @param runs         every run read.
 * @param charts       the charts written to the output directory, in order.
 * @param exampleLines the lines of {@code --exampleOutput}, empty if it was not given.
 */
public record ReportContext(ReportOptions options, RunCatalog runs, List<ReportChart> charts, List<String> exampleLines)
{
    /**
     * Copies the lists.
     */
    public ReportContext
    {
        charts = List.copyOf(charts);
        exampleLines = List.copyOf(exampleLines);
    }

    /**
     * @param file a file anywhere.
     * @return a Markdown link target for it relative to the output directory, with {@code /} separators and spaces
     * escaped, so the links work wherever the output and input directories are moved together.
     */
    public String linkTo(final Path file)
    {
        final Path from = options.output().toAbsolutePath().normalize();
        final Path to = file.toAbsolutePath().normalize();
        final String relative = from.relativize(to).toString().replace(File.separatorChar, '/');
        return relative.replace(" ", "%20");
    }
}
