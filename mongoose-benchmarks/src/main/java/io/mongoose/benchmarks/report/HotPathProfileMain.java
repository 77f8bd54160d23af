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

/**
 * Where the time goes on the hot path: reads a JFR recording's {@value HotPathProfile#EXECUTION_SAMPLE} events and
 * writes {@link HotPathProfileReport}'s Markdown (per thread: sample count, self time by package, top inclusive
 * methods, top self frames) to standard output or a file. {@code scripts/profile.sh} records a sweep point and runs
 * this on it.
 *
 * <p>Exit codes: {@value #EXIT_OK} written (or {@code --help}), {@value #EXIT_FAILED} the output file could not be
 * written, {@value #EXIT_BAD_INPUT} bad flags or input (a missing file, not a JFR recording, no execution samples),
 * with a message naming the flag and the file.
 */
public final class HotPathProfileMain
{
    /** The profile was written. */
    public static final int EXIT_OK = 0;
    /** Writing the output file failed. */
    public static final int EXIT_FAILED = 1;
    /** The flags or the input cannot make a profile. */
    public static final int EXIT_BAD_INPUT = 2;
    /** Rows per table without {@code --top}. */
    public static final int DEFAULT_TOP = 15;

    /** Usage text. */
    public static final String USAGE = String.join(System.lineSeparator(),
        "usage: HotPathProfileMain --input=FILE.jfr [--output=FILE.md] [--top=N] [--title=TEXT]",
        "  --input=FILE.jfr  a JFR recording with jdk.ExecutionSample events (scripts/profile.sh records one)",
        "  --output=FILE.md  write the Markdown profile here (parent directories are created); default: stdout",
        "  --top=N           rows in each thread's inclusive and self tables (default " + DEFAULT_TOP + ")",
        "  --title=TEXT      the document's heading (default: Hot-path profile: <input file name>)",
        "  --help            print this and exit");

    private static final String PREFIX = "profile: ";
    private static final Map<String, String> DEFAULTS = defaults();

    private HotPathProfileMain()
    {
    }

    /**
     * Profile and exit with {@link #run}'s code.
     *
     * @param args the flags; see {@link #USAGE}.
     */
    public static void main(final String[] args)
    {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Profile without exiting the JVM, so tests can call it.
     *
     * @param args the flags; see {@link #USAGE}.
     * @param out  where the profile goes without {@code --output}, and the confirmation with it.
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
        final int top = top(values.get("top"), errors);
        final MarkdownOutput output = MarkdownOutput.of(values.get("output"), "profile", errors);
        if (!errors.isEmpty())
        {
            Flags.printErrors(errors, PREFIX, USAGE, err);
            return EXIT_BAD_INPUT;
        }
        final HotPathProfile profile;
        try
        {
            profile = HotPathProfile.read(input);
        }
        catch (final IOException ex)
        {
            err.println(PREFIX + "--input: '" + input + "' cannot be read as a JFR recording: " + ex.getMessage());
            return EXIT_BAD_INPUT;
        }
        if (profile.samples() == 0)
        {
            err.println(PREFIX + "--input: '" + input + "' holds no " + HotPathProfile.EXECUTION_SAMPLE + " events; " +
                "record with that event enabled (scripts/profile-hotpath.jfc does)");
            return EXIT_BAD_INPUT;
        }
        final String title = values.get("title").isEmpty() ?
            "Hot-path profile: " + input.getFileName() : values.get("title");
        final String markdown = HotPathProfileReport.render(title, input.toString(), profile, top);
        return output.deliver(markdown, PREFIX, out, err) ? EXIT_OK : EXIT_FAILED;
    }

    private static Path input(final String value, final List<String> errors)
    {
        if (value.isEmpty())
        {
            errors.add("--input is missing; expected --input=FILE.jfr, a JFR recording");
            return null;
        }
        final Path path = Path.of(value);
        if (!Files.isRegularFile(path))
        {
            errors.add("--input: '" + value + "' is not a file; expected a JFR recording");
            return null;
        }
        return path;
    }

    private static int top(final String value, final List<String> errors)
    {
        try
        {
            final int top = Integer.parseInt(value);
            if (top >= 1)
            {
                return top;
            }
        }
        catch (final NumberFormatException ex)
        {
            // Reported below with the flag's name; the exception's own message adds nothing.
        }
        errors.add("--top: '" + value + "' is not a whole number of at least 1");
        return DEFAULT_TOP;
    }

    private static Map<String, String> defaults()
    {
        final Map<String, String> d = new LinkedHashMap<>();
        d.put("input", "");
        d.put("output", "");
        d.put("top", Integer.toString(DEFAULT_TOP));
        d.put("title", "");
        return d;
    }
}
