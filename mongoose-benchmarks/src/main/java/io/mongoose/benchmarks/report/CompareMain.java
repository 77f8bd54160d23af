package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.Flags;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Compares two sweeps, before and after a change: reads both directories' run files with the report's loaders and
 * writes {@link SweepComparison}'s Markdown to standard output or a file. Run it through
 * {@code scripts/compare-sweeps.sh}.
 *
 * <p>Exit codes: {@value #EXIT_OK} written (or {@code --help}), {@value #EXIT_FAILED} the output file could not be
 * written, {@value #EXIT_BAD_INPUT} bad flags or input (a missing directory, no runs, an unreadable run file), with a
 * message naming the flag and the directory or file.
 */
public final class CompareMain
{
    /** The comparison was written. */
    public static final int EXIT_OK = 0;
    /** Writing the output file failed. */
    public static final int EXIT_FAILED = 1;
    /** The flags or the input cannot make a comparison. */
    public static final int EXIT_BAD_INPUT = 2;

    /** Usage text. */
    public static final String USAGE = String.join(System.lineSeparator(),
        "usage: scripts/compare-sweeps.sh --before=DIR --after=DIR [--output=FILE]",
        "  --before=DIR   a sweep's output directory (scripts/sweep.sh --output), the baseline",
        "  --after=DIR    another sweep's output directory, compared against the baseline",
        "  --output=FILE  write the Markdown comparison here (parent directories are created); default: stdout",
        "  --help         print this and exit");

    private static final String PREFIX = "compare: ";
    private static final Map<String, String> DEFAULTS = defaults();

    private CompareMain()
    {
    }

    /**
     * Compare and exit with {@link #run}'s code.
     *
     * @param args the flags; see {@link #USAGE}.
     */
    public static void main(final String[] args)
    {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Compare without exiting the JVM, so tests can call it.
     *
     * @param args the flags; see {@link #USAGE}.
     * @param out  where the comparison goes without {@code --output}, and the confirmation with it.
     * @param err  where errors go.
     * @return {@link #EXIT_OK}, {@link #EXIT_FAILED} or {@link #EXIT_BAD_INPUT}.
     */
    public static int run(final String[] args, final PrintStream out, final PrintStream err)
    {
        if (Flags.wantsHelp(args))
        {
            out.println(USAGE);
            return EXIT_OK;
        }
        final List<String> errors = new ArrayList<>();
        final Map<String, String> values = Flags.parse(args, DEFAULTS, errors);
        final Path before = directory("before", values.get("before"), errors);
        final Path after = directory("after", values.get("after"), errors);
        final MarkdownOutput output = MarkdownOutput.of(values.get("output"), "comparison", errors);
        if (!errors.isEmpty())
        {
            Flags.printErrors(errors, PREFIX, USAGE, err);
            return EXIT_BAD_INPUT;
        }
        final String comparison;
        try
        {
            comparison = SweepComparison.render(before, RunCatalog.load(before, "--before"), after,
                RunCatalog.load(after, "--after"));
        }
        catch (final ReportInputException ex)
        {
            err.println(PREFIX + ex.getMessage());
            return EXIT_BAD_INPUT;
        }
        return output.deliver(comparison, PREFIX, out, err) ? EXIT_OK : EXIT_FAILED;
    }

    private static Path directory(final String flag, final String value, final List<String> errors)
    {
        if (value.isEmpty())
        {
            errors.add("--" + flag + " is missing; expected --" + flag + "=DIR, a sweep's output directory");
            return null;
        }
        final Path path = Path.of(value);
        if (!Files.isDirectory(path))
        {
            errors.add("--" + flag + ": '" + value + "' is not a directory; expected a sweep's output directory " +
                "(holding *.run.properties files)");
            return null;
        }
        return path;
    }

    private static Map<String, String> defaults()
    {
        final Map<String, String> d = new LinkedHashMap<>();
        d.put("before", "");
        d.put("after", "");
        d.put("output", "");
        return d;
    }
}
