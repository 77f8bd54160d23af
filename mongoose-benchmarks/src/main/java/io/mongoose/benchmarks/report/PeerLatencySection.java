package io.mongoose.benchmarks.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Table 2: the same latency figures for every peer, measured in the same harness and JVM flags as Mongoose.
 */
public final class PeerLatencySection implements SummarySection
{
    /** The section's heading. */
    public static final String HEADING = "## Table 2: peer latency by rate";

    @Override
    public void appendTo(final StringBuilder out, final ReportContext context)
    {
        out.append(HEADING).append("\n\n");
        final List<String> header = new ArrayList<>(List.of("Transport", "Rate"));
        header.addAll(LatencyCells.HEADINGS);
        final MarkdownTable table = MarkdownTable.numeric(header, 2);
        for (final String peer : context.runs().peers())
        {
            for (final LoadedRun run : context.runs().latencyRuns(peer))
            {
                final List<String> row = new ArrayList<>();
                row.add(Transports.displayName(peer));
                row.add(RunLabels.rate(run.result().targetRate()));
                row.addAll(LatencyCells.of(run.result()));
                table.row(row);
            }
        }
        if (table.isEmpty())
        {
            out.append("No peer latency run was found.\n\n");
            return;
        }
        table.appendTo(out);
        out.append('\n');
    }
}
