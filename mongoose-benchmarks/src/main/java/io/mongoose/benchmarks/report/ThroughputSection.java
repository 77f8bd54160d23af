package io.mongoose.benchmarks.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Maximum throughput: every unpaced run's achieved rate per transport, their median, and Mongoose's median over each
 * peer's. The runs are separate, each on a placement of its own; the paired unpaced run compares the two under one.
 */
public final class ThroughputSection implements SummarySection
{
    /** The section's heading. */
    public static final String HEADING = "## Maximum throughput";

    @Override
    public void appendTo(final StringBuilder out, final ReportContext context)
    {
        out.append(HEADING).append("\n\n");
        final RunCatalog runs = context.runs();
        final Optional<Double> mongoose = runs.medianThroughput(Transports.MONGOOSE);
        out.append("Unpaced runs: the publisher sends as fast as the transport accepts. Mongoose / transport is " +
            "Mongoose's median divided by the transport's: above 1.00× Mongoose moved more messages per second. " +
            "Each run lands on a placement of the two CPUs of its own; the paired unpaced run (Paired runs) " +
            "compares the transports under one.\n\n");
        final MarkdownTable table = MarkdownTable.numeric(List.of("Transport", "Runs (msg/s)", "Median (msg/s)",
            "Mongoose / transport", "GC in windows", "Allocated B/msg (max)"));
        for (final String transport : runs.transports())
        {
            final Optional<Double> median = runs.medianThroughput(transport);
            if (median.isEmpty())
            {
                continue;
            }
            final List<String> achieved = new ArrayList<>();
            final List<String> gc = new ArrayList<>();
            double allocated = 0;
            for (final LoadedRun run : runs.throughputRuns(transport))
            {
                achieved.add(Formats.rate(run.result().achievedRate()));
                gc.add(LatencyCells.gc(run.result()));
                allocated = Math.max(allocated, run.result().allocatedBytesPerMessage());
            }
            table.row(List.of(Transports.displayName(transport), String.join(", ", achieved),
                Formats.rate(median.get()), mongoose.map(m -> Formats.ratio(m, median.get())).orElse(Formats.NO_RUN),
                String.join(", ", gc), Formats.bytesPerMessage(allocated)));
        }
        if (table.isEmpty())
        {
            out.append("No throughput run was found.\n\n");
            return;
        }
        table.appendTo(out);
        out.append('\n');
    }
}
