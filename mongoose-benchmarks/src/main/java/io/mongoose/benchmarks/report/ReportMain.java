package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.Cli;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * Generates the benchmark report (summary.md and PNG charts) from the sweep's run files; run it through
 * {@code scripts/report.sh}. Exits {@value #EXIT_OK} when written, {@value #EXIT_FAILED} when an output file could not
 * be written, {@value #EXIT_BAD_INPUT} on bad flags or input, with a message naming the flag or file.
 */
@Command(name = "report", sortOptions = false, sortSynopsis = false, usageHelpWidth = 120,
    description = "Generates the benchmark report (summary.md, PNG charts) from the sweep's run files; run it " +
        "through scripts/report.sh.")
public final class ReportMain implements Callable<Integer>
{
    /** The report was written. */
    public static final int EXIT_OK = 0;
    /** Writing the report failed part way. */
    public static final int EXIT_FAILED = 1;
    /** The flags or the input cannot make a report. */
    public static final int EXIT_BAD_INPUT = 2;

    private static final String PREFIX = "report: ";

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "print this and exit")
    boolean help;
    @Option(names = "--input", paramLabel = "DIR", required = true,
        description = "directory the sweep wrote its runs to; searched at any depth for *.run.properties")
    Path input;
    @Option(names = "--output", paramLabel = "DIR", required = true,
        description = "where summary.md and the PNG charts go (created if missing)")
    Path output;
    @Option(names = "--exampleOutput", paramLabel = "FILE",
        description = "captured output of the pooled-events example (scripts/example.sh), quoted verbatim")
    Optional<Path> exampleOutput;
    @Option(names = "--title", paramLabel = "TEXT", defaultValue = ReportOptions.DEFAULT_TITLE,
        description = "heading of summary.md (default \"${DEFAULT-VALUE}\")")
    String title;
    @Option(names = "--command", paramLabel = "TEXT",
        description = "the command line that produced the report, quoted verbatim in summary.md")
    String command;
    @Option(names = "--readme", paramLabel = "FILE",
        description = "also regenerate the results block between the sweep-results markers in FILE")
    Optional<Path> readme;
    @Spec
    CommandSpec spec;

    private final PrintStream out;
    private final PrintStream err;

    ReportMain(final PrintStream out, final PrintStream err)
    {
        this.out = out;
        this.err = err;
    }

    /**
     * @param args the flags; {@code --help} lists them.
     */
    public static void main(final String[] args)
    {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Generate the report without exiting the JVM, so tests can call it.
     *
     * @param args the flags, each at most once.
     * @param out  where progress and {@code --help} go.
     * @param err  where errors go.
     * @return {@link #EXIT_OK}, {@link #EXIT_FAILED} or {@link #EXIT_BAD_INPUT}.
     */
    public static int run(final String[] args, final PrintStream out, final PrintStream err)
    {
        // Charts render through AWT, which must be headless before its first class initialises.
        System.setProperty("java.awt.headless", "true");
        return Cli.commandLine(new ReportMain(out, err), out, err).setOverwrittenOptionsAllowed(false).execute(args);
    }

    /** The flags, checked; a {@link ParameterException} names the first bad one. */
    ReportOptions options()
    {
        Cli.noEmptyValues(spec);
        Cli.check(spec, Files.isDirectory(input), "--input: '" + input + "' is not a directory; expected the " +
            "directory the sweep wrote its runs to");
        Cli.check(spec, !Files.exists(output) || Files.isDirectory(output), "--output: '" + output + "' is a file; " +
            "expected a directory (created if missing)");
        Cli.check(spec, exampleOutput.map(f -> Files.isRegularFile(f) && Files.isReadable(f)).orElse(true),
            "--exampleOutput: '" + exampleOutput.orElse(null) + "' is not a readable file; expected the captured " +
                "output of scripts/example.sh");
        Cli.check(spec, readme.map(f -> Files.isRegularFile(f) && Files.isWritable(f)).orElse(true),
            "--readme: '" + readme.orElse(null) + "' is not a writable file; expected a Markdown file containing " +
                "the lines " + ReadmeResults.BEGIN + " and " + ReadmeResults.END);
        return new ReportOptions(input, output, exampleOutput, title, null == command ? defaultCommand() : command,
            readme);
    }

    @Override
    public Integer call()
    {
        final ReportOptions options = options();
        final RunCatalog runs;
        final List<String> exampleLines;
        try
        {
            runs = RunCatalog.load(options.input());
            exampleLines = readExample(options.exampleOutput());
            createOutput(options.output());
        }
        catch (final ReportInputException ex)
        {
            throw new ParameterException(spec.commandLine(), ex.getMessage(), ex);
        }
        try
        {
            final List<ChartsSection.Written> charts = ChartsSection.render(runs, options.output());
            final ReportContext context = new ReportContext(options, runs, charts, exampleLines);
            final Path summary = options.output().resolve(SummaryReport.FILE_NAME);
            Files.writeString(summary, SummaryReport.render(SummaryReport.standardSections(), context),
                StandardCharsets.UTF_8);
            out.println(PREFIX + "read " + runs.all().size() + " runs and " +
                (runs.pairedRuns().size() + runs.otherPairedRuns().size()) + " paired runs from " + options.input() +
                "; wrote " + summary + " and " + charts.size() + " charts");
            if (options.readme().isPresent())
            {
                ReadmeResults.update(options.readme().get(), summary, context);
                out.println(PREFIX + "updated the results block in " + options.readme().get());
            }
            out.println();
            out.print(ReadmeResults.render(context, summary.toString()));
            return EXIT_OK;
        }
        catch (final ReportInputException ex)
        {
            err.println(PREFIX + ex.getMessage());
            return EXIT_BAD_INPUT;
        }
        catch (final IOException ex)
        {
            err.println(PREFIX + "cannot write the report to '" + options.output() + "': " + ex);
            return EXIT_FAILED;
        }
    }

    /** This generator's own invocation, for a report made without {@code --command}. */
    private String defaultCommand()
    {
        final StringBuilder line = new StringBuilder(ReportMain.class.getName());
        for (final String arg : spec.commandLine().getParseResult().originalArgs())
        {
            // Shell-quoted, so the line can be pasted back.
            line.append(' ').append(arg.matches("[A-Za-z0-9_./=:,@%+-]+") ? arg : "'" + arg.replace("'",
                "'\\''") + "'");
        }
        return line.toString();
    }

    private static List<String> readExample(final Optional<Path> file) throws ReportInputException
    {
        try
        {
            return file.isEmpty() ? List.of() : Files.readAllLines(file.get(), StandardCharsets.UTF_8);
        }
        catch (final IOException ex)
        {
            throw new ReportInputException("--exampleOutput: '" + file.get() + "' cannot be read as UTF-8 text: " +
                ex, ex);
        }
    }

    private static void createOutput(final Path output) throws ReportInputException
    {
        try
        {
            Files.createDirectories(output);
        }
        catch (final IOException ex)
        {
            throw new ReportInputException("--output: '" + output + "' cannot be created: " + ex +
                "; expected a writable directory", ex);
        }
    }
}
