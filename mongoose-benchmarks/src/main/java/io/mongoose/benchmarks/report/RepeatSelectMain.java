package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.Flags;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The sweep's step after its repeated latency runs: for every point in {@code DIR/}{@value RepeatRuns#DIRECTORY},
 * picks the run whose latency p50 is the median of the point's repeats and copies its three files to the point's
 * usual name in {@code DIR} ({@link RepeatSelection}). {@code scripts/sweep.sh --repeats=N} runs it when N > 1.
 *
 * <p>Exit codes: {@value #EXIT_OK} copied (or {@code --help}), {@value #EXIT_FAILED} a copy failed part way,
 * {@value #EXIT_BAD_INPUT} bad flags or input (no repeats, a missing repeat or companion file, more repeats than
 * expected, an unreadable run file), with a line naming each flag or file; nothing is copied then.
 */
public final class RepeatSelectMain
{
    /** The selected runs were copied. */
    public static final int EXIT_OK = 0;
    /** Copying failed part way. */
    public static final int EXIT_FAILED = 1;
    /** The flags or the repeats cannot make a selection. */
    public static final int EXIT_BAD_INPUT = 2;

    /** Usage text. */
    public static final String USAGE = String.join(System.lineSeparator(),
        "usage: RepeatSelectMain --input=DIR [--repeats=N]",
        "  --input=DIR   a sweep's output directory: reads DIR/" + RepeatRuns.DIRECTORY + "/*_r<N>.run.properties, " +
            "writes each point's median run to DIR",
        "  --repeats=N   how many repeats every point must have (default: as many as the point with the most)",
        "  --help        print this and exit");

    private static final String PREFIX = "repeats: ";
    private static final Map<String, String> DEFAULTS = defaults();

    private RepeatSelectMain()
    {
    }

    /**
     * Select and copy, then exit with {@link #run}'s code.
     *
     * @param args the flags; see {@link #USAGE}.
     */
    public static void main(final String[] args)
    {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Select and copy without exiting the JVM, so tests can call it.
     *
     * @param args the flags; see {@link #USAGE}.
     * @param out  where each point's choice and the summary go, and {@code --help}.
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
        final Path input = input(values.get("input"), errors);
        final OptionalInt repeats = repeats(values.get("repeats"), errors);
        if (!errors.isEmpty())
        {
            Flags.printErrors(errors, PREFIX, USAGE, err);
            return EXIT_BAD_INPUT;
        }
        final RepeatSelection selection;
        try
        {
            selection = RepeatSelection.check(input, repeats, "--input");
        }
        catch (final ReportInputException ex)
        {
            ex.getMessage().lines().forEach(line -> err.println(PREFIX + line));
            return EXIT_BAD_INPUT;
        }
        try
        {
            selection.copy();
        }
        catch (final IOException ex)
        {
            err.println(PREFIX + "cannot copy a selected run from '" + selection.directory() + "' to '" + input +
                "': " + ex);
            return EXIT_FAILED;
        }
        selection.points().forEach(p -> out.println(PREFIX + RepeatSelection.line(p)));
        out.println(PREFIX + "copied the median of " + selection.repeats() + " runs for each of " +
            selection.points().size() + " points from " + selection.directory() + " to " + input);
        return EXIT_OK;
    }

    private static Path input(final String value, final List<String> errors)
    {
        if (value.isEmpty())
        {
            errors.add("--input is missing; expected --input=DIR, the sweep's output directory");
            return null;
        }
        final Path path = Path.of(value);
        if (!Files.isDirectory(path))
        {
            errors.add("--input: '" + value + "' is not a directory; expected the sweep's output directory");
            return null;
        }
        return path;
    }

    private static OptionalInt repeats(final String value, final List<String> errors)
    {
        if (value.isEmpty())
        {
            return OptionalInt.empty();
        }
        try
        {
            final int repeats = Integer.parseInt(value);
            if (repeats >= 1)
            {
                return OptionalInt.of(repeats);
            }
        }
        catch (final NumberFormatException ex)
        {
            // Falls through to the same message as a number below 1.
        }
        errors.add("--repeats: '" + value + "'; expected a whole number of at least 1");
        return OptionalInt.empty();
    }

    private static Map<String, String> defaults()
    {
        final Map<String, String> d = new LinkedHashMap<>();
        d.put("input", "");
        d.put("repeats", "");
        return d;
    }
}
