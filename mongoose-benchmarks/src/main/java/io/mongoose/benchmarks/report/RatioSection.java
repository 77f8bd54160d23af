package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.RunResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Table 3: Mongoose's latency divided by each peer's, per percentile and rate. Ratios, not absolutes, are what carry
 * over to another machine; a ratio below 1 means Mongoose was faster at that percentile.
 */
public final class RatioSection implements SummarySection
{
    /** The section's heading. */
    public static final String HEADING = "## Table 3: Mongoose / peer latency ratios";

    @Override
    public void appendTo(final StringBuilder out, final ReportContext context)
    {
        out.append(HEADING).append("\n\n");
        out.append("Each cell is Mongoose's latency divided by the peer's at the same percentile and rate: below " +
            "1.00× Mongoose was faster, above it slower. Each point is one run in a JVM of its own, on whatever " +
            "placement of the two CPUs it landed on; the paired runs compare transports under one placement.\n\n");
        final List<String> header = new ArrayList<>(List.of("Peer", "Rate"));
        for (final Percentile percentile : Percentile.values())
        {
            header.add(percentile.label());
        }
        header.add("Rate targets");
        final MarkdownTable table = MarkdownTable.numeric(header, 2);
        final RunCatalog runs = context.runs();
        for (final String peer : runs.peers())
        {
            for (final long rate : runs.latencyRates())
            {
                final Optional<LoadedRun> mongoose = runs.latency(Transports.MONGOOSE, rate);
                final Optional<LoadedRun> other = runs.latency(peer, rate);
                if (mongoose.isEmpty() || other.isEmpty())
                {
                    continue;
                }
                final List<String> row = new ArrayList<>();
                row.add(Transports.displayName(peer));
                row.add(RunLabels.rate(rate));
                for (final Percentile percentile : Percentile.values())
                {
                    row.add(Formats.ratio(percentile.valueIn(mongoose.get().result().latency()),
                        percentile.valueIn(other.get().result().latency())));
                }
                row.add(targets(mongoose.get().result(), other.get().result()));
                table.row(row);
            }
        }
        if (table.isEmpty())
        {
            out.append("No rate has both a Mongoose and a peer latency run.\n\n");
            return;
        }
        table.appendTo(out);
        out.append('\n');
    }

    /**
     * @return "both met", or which side missed its target and by how much: a ratio against a run that could not keep
     * up compares different loads, and the row must say so.
     */
    static String targets(final RunResult mongoose, final RunResult peer)
    {
        final List<String> missed = new ArrayList<>();
        if (!mongoose.targetMet())
        {
            missed.add(Transports.displayName(mongoose.transport()) + " " + RunLabels.achieved(mongoose));
        }
        if (!peer.targetMet())
        {
            missed.add(Transports.displayName(peer.transport()) + " " + RunLabels.achieved(peer));
        }
        return missed.isEmpty() ? "both met" : "**" + String.join("; ", missed) + "**";
    }
}
