package io.mongoose.benchmarks.report;

import java.io.File;
import java.nio.file.Path;
import java.util.List;

/**
 * Everything a summary section draws on.
 *
 * @param options      the flags.
 * @param runs         every run read.
 * @param charts       the charts written to the output directory, in order.
 * @param exampleLines the lines of {@code --exampleOutput}, empty if it was not given.
 */
public record ReportContext(ReportOptions options, RunCatalog runs, List<ChartsSection.Written> charts,
    List<String> exampleLines)
{
    /** Copies the lists. */
    public ReportContext
    {
        charts = List.copyOf(charts);
        exampleLines = List.copyOf(exampleLines);
    }

    /**
     * @param file a file anywhere.
     * @return a Markdown link target for it relative to the output directory, so the links survive moving the output
     *         and input directories together.
     */
    public String linkTo(final Path file)
    {
        final Path from = options.output().toAbsolutePath().normalize();
        return from.relativize(file.toAbsolutePath().normalize()).toString().replace(File.separatorChar, '/')
            .replace(" ", "%20");
    }
}
