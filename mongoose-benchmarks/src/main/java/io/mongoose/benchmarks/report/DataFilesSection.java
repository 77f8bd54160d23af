package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.RunResult;
import io.mongoose.benchmarks.sweep.RunResultFiles;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Links to every run's files, relative to the output directory: the {@code .hgrm} distributions (microseconds,
 * readable by HdrHistogram's plotter) and the run properties the tables were computed from.
 */
public final class DataFilesSection implements SummarySection
{
    /** The section's heading. */
    public static final String HEADING = "## Data files";

    @Override
    public void appendTo(final StringBuilder out, final ReportContext context)
    {
        out.append(HEADING).append("\n\n");
        final MarkdownTable table = new MarkdownTable(List.of("Transport", "Run", "Latency", "Service time",
            "Run properties"), 5);
        final RunCatalog runs = context.runs();
        final List<LoadedRun> listed = new ArrayList<>();
        runs.transports().forEach(t -> listed.addAll(runs.latencyRuns(t)));
        runs.transports().forEach(t -> listed.addAll(runs.throughputRuns(t)));
        listed.addAll(runs.supersededLatencyRuns());
        for (final LoadedRun run : listed)
        {
            final RunResult result = run.result();
            final String kind = result.mode() == RunResult.Mode.THROUGHPUT ? "throughput" : Formats.rateLabel(
                result.targetRate()) + (runs.supersededLatencyRuns().contains(run) ? " (superseded)" : "");
            table.row(List.of(Transports.displayName(result.transport()), kind,
                link(context, run.sibling(RunResultFiles.HGRM_SUFFIX)),
                link(context, run.sibling(RunResultFiles.SERVICE_SUFFIX)), link(context, run.properties())));
        }
        table.appendTo(out);
    }

    private static String link(final ReportContext context, final Path file)
    {
        final String name = file.getFileName().toString();
        return Files.isRegularFile(file) ? "[" + name + "](" + context.linkTo(file) + ")" : name + " (missing)";
    }
}
