package io.mongoose.benchmarks.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Service time (actual send to handler) p50 and p99 per transport and rate. Set against the latency tables it shows
 * how much of the latency was time a message spent waiting behind schedule rather than in the transport.
 */
public final class ServiceTimeSection implements SummarySection
{
    /** The section's heading. */
    public static final String HEADING = "## Service time p50 / p99";

    @Override
    public void appendTo(final StringBuilder out, final ReportContext context)
    {
        out.append(HEADING).append("\n\n");
        out.append("Service time runs from the actual send to the handler, so it leaves out any wait behind the " +
            "send schedule that the latency tables include. Each cell is p50 / p99.\n\n");
        final RunCatalog runs = context.runs();
        final List<String> header = new ArrayList<>(List.of("Transport"));
        runs.latencyRates().forEach(rate -> header.add(RunLabels.rate(rate)));
        final MarkdownTable table = MarkdownTable.numeric(header);
        for (final String transport : runs.transports())
        {
            if (runs.latencyRuns(transport).isEmpty())
            {
                continue;
            }
            final List<String> row = new ArrayList<>(List.of(Transports.displayName(transport)));
            for (final long rate : runs.latencyRates())
            {
                final Optional<LoadedRun> run = runs.latency(transport, rate);
                row.add(run.map(r -> Formats.latency(Percentile.P50.valueIn(r.result().service())) + " / " +
                    Formats.latency(Percentile.P99.valueIn(r.result().service()))).orElse(Formats.NO_RUN));
            }
            table.row(row);
        }
        if (table.isEmpty())
        {
            out.append("No latency run was found.\n\n");
            return;
        }
        table.appendTo(out);
        out.append('\n');
    }
}
