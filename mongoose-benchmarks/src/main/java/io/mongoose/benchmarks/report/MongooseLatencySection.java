package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.RunResult;

import java.util.ArrayList;
import java.util.List;

/**
 * Table 1: Mongoose's latency distribution at each rate, the counterpart of the reference page's rate-sweep table,
 * with what that table leaves out: achieved against target rate, GC count and allocation in the window.
 */
public final class MongooseLatencySection implements SummarySection
{
    /** The section's heading. */
    public static final String HEADING = "## Table 1: Mongoose latency by rate";

    @Override
    public void appendTo(final StringBuilder out, final ReportContext context)
    {
        out.append(HEADING).append("\n\n");
        final List<LoadedRun> runs = context.runs().latencyRuns(Transports.MONGOOSE);
        if (runs.isEmpty())
        {
            out.append("No Mongoose latency run was found.\n\n");
            return;
        }
        out.append("Latency from intended send time to handler. A rate whose achieved rate fell short of ")
            .append(Formats.percent(RunResult.TARGET_TOLERANCE))
            .append(" of its target is marked ").append(RunLabels.MISSED).append(".\n\n");
        final List<String> header = new ArrayList<>();
        header.add("Rate");
        header.addAll(LatencyCells.HEADINGS);
        final MarkdownTable table = MarkdownTable.numeric(header);
        for (final LoadedRun run : runs)
        {
            final List<String> row = new ArrayList<>();
            row.add(RunLabels.rate(run.result().targetRate()));
            row.addAll(LatencyCells.of(run.result()));
            table.row(row);
        }
        table.appendTo(out);
        out.append('\n');
    }
}
