package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.RunResult;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Links to every run's files, relative to the output directory: the {@code .hgrm} distributions (microseconds,
 * readable by HdrHistogram's online plotter) and the run properties the tables were computed from.
 */
public final class DataFilesSection implements SummarySection
{
    /** The section's heading. */
    public static final String HEADING = "## Data files";

    @Override
    public void appendTo(final StringBuilder out, final ReportContext context)
    {
        out.append(HEADING).append("\n\n");
        final MarkdownTable table = MarkdownTable.text(List.of("Transport", "Run", "Latency", "Service time",
            "Run properties"));
        final RunCatalog runs = context.runs();
        final List<LoadedRun> listed = new ArrayList<>(runs.latencyRuns());
        runs.transports().forEach(t -> listed.addAll(runs.throughputRuns(t)));
        listed.addAll(runs.supersededLatencyRuns());
        for (final LoadedRun run : listed)
        {
            final RunResult result = run.result();
            final String kind = result.mode() == RunResult.Mode.THROUGHPUT ? "throughput" :
                RunLabels.rate(result.targetRate()) + (runs.supersededLatencyRuns().contains(run) ? " (superseded)" : "");
            table.row(List.of(Transports.displayName(result.transport()), kind,
                link(context, run.latencyHgrm()), link(context, run.serviceHgrm()),
                link(context, run.properties())));
        }
        table.appendTo(out);
        out.append('\n');
    }

    private static String link(final ReportContext context, final Path file)
    {
        final String target = context.linkTo(file);
        final String name = file.getFileName().toString();
        return Files.isRegularFile(file) ? "[" + name + "](" + target + ")" : name + " (missing)";
    }
}
