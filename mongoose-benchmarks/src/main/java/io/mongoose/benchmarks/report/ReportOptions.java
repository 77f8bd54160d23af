package io.mongoose.benchmarks.report;

import java.nio.file.Path;
import java.util.Optional;

/**
 * {@link ReportMain}'s flags, checked.
 *
 * @param input         the directory to search for runs.
 * @param output        where summary.md and the charts go.
 * @param exampleOutput the captured example output to quote, if given.
 * @param title         the heading of summary.md.
 * @param command       the command line quoted as how the report was produced.
 * @param readme        the file whose sweep-results block to regenerate, if given.
 */
public record ReportOptions(
    Path input, Path output, Optional<Path> exampleOutput, String title, String command, Optional<Path> readme)
{
    /** Title of the summary when {@code --title} is not given. */
    public static final String DEFAULT_TITLE = "Mongoose latency benchmark report";
}
