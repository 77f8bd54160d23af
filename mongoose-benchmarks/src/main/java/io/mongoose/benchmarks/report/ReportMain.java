package io.mongoose.benchmarks.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Generates the benchmark report from the sweep's run files: summary.md and PNG charts, every figure computed from
 * the files. Run it through {@code scripts/report.sh}; {@link ReportOptions#USAGE} lists the flags.
 *
 * <p>Exit codes: {@value #EXIT_OK} report written (or {@code --help}), {@value #EXIT_FAILED} an output file could not
 * be written, {@value #EXIT_BAD_INPUT} bad flags or input (unknown flag, missing directory, no runs, unreadable run
 * file), with a message naming the flag or file.
 */
public final class ReportMain
{
    /** The report was written. */
    public static final int EXIT_OK = 0;
    /** Writing the report failed part way. */
    public static final int EXIT_FAILED = 1;
    /** The flags or the input cannot make a report. */
    public static final int EXIT_BAD_INPUT = 2;

    private static final String PREFIX = "report: ";

    private ReportMain()
    {
    }

    /**
     * Generate the report and exit with {@link #run}'s code.
     *
     * @param args the flags; see {@link ReportOptions#USAGE}.
     */
    public static void main(final String[] args)
    {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Generate the report without exiting the JVM, so tests can call it.
     *
     * @param args the flags; see {@link ReportOptions#USAGE}.
     * @param out  where progress and {@code --help} go.
     * @param err  where errors go.
     * @return {@link #EXIT_OK}, {@link #EXIT_FAILED} or {@link #EXIT_BAD_INPUT}.
     */
    public static int run(final String[] args, final PrintStream out, final PrintStream err)
    {
        // Charts render through AWT; without a display it must be headless, and the property only counts if it is
        // set before the first AWT class initialises.
        System.setProperty("java.awt.headless", "true");
        final ReportOptions options;
        final RunCatalog runs;
        final List<String> exampleLines;
        try
        {
            options = ReportOptions.parse(args);
            if (options.help())
            {
                out.println(ReportOptions.USAGE);
                return EXIT_OK;
            }
            runs = RunCatalog.load(options.input());
            exampleLines = readExample(options);
            createOutput(options.output());
        }
        catch (final ReportInputException ex)
        {
            err.println(PREFIX + ex.getMessage());
            err.println(ReportOptions.USAGE);
            return EXIT_BAD_INPUT;
        }
        try
        {
            final List<ReportChart> charts = ReportCharts.render(ReportCharts.standard(), runs, options.output());
            final ReportContext context = new ReportContext(options, runs, charts, exampleLines);
            final Path summary = options.output().resolve(SummaryReport.FILE_NAME);
            Files.writeString(summary, SummaryReport.render(SummaryReport.standardSections(), context),
                StandardCharsets.UTF_8);
            out.println(PREFIX + "read " + runs.all().size() + " runs and " +
                (runs.pairedRuns().size() + runs.otherPairedRuns().size()) + " paired runs from " + options.input() + "; wrote " + summary + " and " + charts.size() + " charts");
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

    private static List<String> readExample(final ReportOptions options) throws ReportInputException
    {
        if (options.exampleOutput().isEmpty())
        {
            return List.of();
        }
        final Path file = options.exampleOutput().get();
        try
        {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        }
        catch (final IOException ex)
        {
            throw new ReportInputException("--exampleOutput: '" + file + "' cannot be read as UTF-8 text: " + ex,
                ex);
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
