package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.PairedRunData;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The paired runs again with the peers' events padded to the size of Mongoose's message, beside the runs with their
 * own events: what the bytes a message moves account for in Mongoose's distance from a peer.
 *
 * <p>Every cache line a publish writes crosses from the producer's core to the consumer's, and when the host places
 * the two vCPUs far apart that crossing is what costs. Mongoose's message is 64 bytes, a peer's raw event 32 (two to
 * a line). Padding the peers' event to Mongoose's size changes nothing else, so what a ratio loses with padded peers
 * is the bytes per message, not Mongoose's code, as far as two runs one after the other can tell. The padded runs are
 * read from {@value #DIRECTORY}/ and never judged against a target: the targets are set against the peers as they are.
 */
public final class LinePerMessageSection implements SummarySection
{
    /** The section's heading. */
    public static final String HEADING = "## Bytes per message: peers padded to Mongoose's size";
    /** Where under the input the padded paired runs' data files are. */
    public static final String DIRECTORY = "paired-padded";
    /** The column naming which event the peers carried. */
    static final String OWN = "own, 32 bytes";
    /** The same column for a padded run. */
    static final String PADDED = "padded, 64 bytes";

    @Override
    public void appendTo(final StringBuilder out, final ReportContext context)
    {
        out.append(HEADING).append("\n\n");
        final List<PairedRunData> padded = context.runs().paddedPairedRuns();
        if (padded.isEmpty())
        {
            out.append("The input has no `").append(DIRECTORY).append("/paired_<rate>").append(PairedSection.SUFFIX)
                .append("`: the full sweep writes one at 1M and 10M msg/s and unpaced (`PairedRunMain ")
                .append("--peerEvent=padded`), and this section then sets them beside the paired runs with the peers' ")
                .append("own events.\n\n");
            return;
        }
        final Path dir = context.options().input().resolve(DIRECTORY);
        out.append("Read from `").append(context.linkTo(dir)).append("/`: the paired runs repeated with the peers' ")
            .append("event padded to 64 bytes, the size of the sweep's Mongoose message (`PairedRunMain ")
            .append("--peerEvent=padded`; the same two longs and 8 bytes nothing writes), beside the paired runs ")
            .append("with their own 32-byte event. Padded, each peer moves as many bytes per message as Mongoose ")
            .append("does, and nothing else changes. Where a ratio ")
            .append("falls with padded peers, the difference is what the bytes per message cost Mongoose ")
            .append("rather than its code; each pair is two runs, one after the other, with the noise of two, so a ")
            .append("few hundredths either way settle nothing. ")
            .append("These runs are not judged against the targets, which are set against the peers as they are. ")
            .append("Cells are computed as in the paired runs' section; the p99 ratio is the median of the JVMs' ")
            .append("median per-cycle ratios, as the targets section takes it.\n\n");
        appendLatency(out, context.runs().pairedRuns(), padded);
        appendThroughput(out, context.runs().pairedRuns(), padded);
    }

    /** The paced rates with a padded run: each peer's ratios with its own event, then padded. */
    private static void appendLatency(final StringBuilder out, final List<PairedRunData> own,
        final List<PairedRunData> padded)
    {
        final MarkdownTable table = MarkdownTable.numeric(List.of("Rate", "Peer", "Peers' event", "JVMs, cycles",
            "p50 ratio: median of the JVMs", "p99 ratio: median of the JVMs", "p50 ratio, far cycles", "Measured"), 3);
        final List<String> readings = new ArrayList<>();
        for (final PairedRunData run : padded)
        {
            if (0 == run.rate())
            {
                continue;
            }
            final Optional<PairedRunData> ownRun = own.stream().filter(r -> r.rate() == run.rate()).findFirst();
            for (final String peer : Transports.peers(run.transports()))
            {
                final Optional<PairedRunData> withPeer = ownRun.filter(r -> r.transports().contains(peer));
                withPeer.ifPresent(r -> table.row(latencyRow(r, peer, OWN)));
                table.row(latencyRow(run, peer, PADDED));
                withPeer.flatMap(r -> tailReading(r, run, peer)).ifPresent(readings::add);
            }
        }
        if (table.isEmpty())
        {
            return;
        }
        table.appendTo(out);
        out.append('\n');
        readings.forEach(r -> out.append("- ").append(r).append('\n'));
        if (!readings.isEmpty())
        {
            out.append('\n');
        }
    }

    private static List<String> latencyRow(final PairedRunData run, final String peer, final String event)
    {
        final int m = run.transports().indexOf(Transports.MONGOOSE);
        final int p = run.transports().indexOf(peer);
        return List.of(RunLabels.rate(run.rate()), Transports.displayName(peer), event,
            run.cyclesPerJvm().length + ", " + run.readings().length,
            PairedReport.times(PairedReport.medianOfJvms(run.p50()[m], run.p50()[p], run.cyclesPerJvm())),
            run.hasP99() ? PairedReport.times(p99Ratio(run, peer)) : Formats.NOT_AVAILABLE,
            PairedReport.ofClass(run.p50()[m], run.p50()[p], run.readings(), PairedReport.nearLimit(run.readings()),
                false),
            run.measuredAt() + ", Java " + run.javaVersion());
    }

    /** Mongoose's p99 over {@code peer}'s in a run with every cycle's p99, as the tail target takes it. */
    static double p99Ratio(final PairedRunData run, final String peer)
    {
        return PairedReport.medianOfJvms(run.p99()[run.transports().indexOf(Transports.MONGOOSE)],
            run.p99()[run.transports().indexOf(peer)], run.cyclesPerJvm());
    }

    /** One sentence per rate and peer on the tail: the p99 ratio with the peer's own event and with padded ones. */
    private static Optional<String> tailReading(final PairedRunData own, final PairedRunData padded,
        final String peer)
    {
        if (!own.hasP99() || !padded.hasP99())
        {
            return Optional.empty();
        }
        final double withOwn = p99Ratio(own, peer);
        final double withPadded = p99Ratio(padded, peer);
        final long ownCents = Math.round(withOwn * 100);
        final long paddedCents = Math.round(withPadded * 100);
        final String change = paddedCents < ownCents ? "lower" : paddedCents > ownCents ? "higher" : "the same";
        return Optional.of("At " + RunLabels.rate(own.rate()) + " against " + Transports.displayName(peer) +
            ", Mongoose's p99 ratio read " + PairedReport.times(withOwn) + " with the peer's own event and " +
            PairedReport.times(withPadded) + " with it padded: " + change + " when the peer, too, moves Mongoose's bytes " +
            "per message.");
    }

    /** The unpaced padded run, if any: each peer's throughput ratio with its own event, then padded. */
    private static void appendThroughput(final StringBuilder out, final List<PairedRunData> own,
        final List<PairedRunData> padded)
    {
        final Optional<PairedRunData> run = padded.stream().filter(r -> 0 == r.rate()).findFirst();
        if (run.isEmpty())
        {
            return;
        }
        out.append("Unpaced: Mongoose's throughput over the peer's, cycle by cycle, as in the paired runs' section. ")
            .append("Above 1.00× Mongoose moved more messages per second.\n\n");
        final MarkdownTable table = MarkdownTable.numeric(List.of("Peer", "Peers' event", "JVMs, cycles",
            "Throughput ratio: median of the JVMs", "Near cycles", "Far cycles", "Measured"), 2);
        final Optional<PairedRunData> ownRun = own.stream().filter(r -> 0 == r.rate()).findFirst();
        for (final String peer : Transports.peers(run.get().transports()))
        {
            ownRun.filter(r -> r.transports().contains(peer)).ifPresent(r -> table.row(throughputRow(r, peer, OWN)));
            table.row(throughputRow(run.get(), peer, PADDED));
        }
        table.appendTo(out);
        out.append('\n');
    }

    private static List<String> throughputRow(final PairedRunData run, final String peer, final String event)
    {
        final int m = run.transports().indexOf(Transports.MONGOOSE);
        final int p = run.transports().indexOf(peer);
        final long nearLimit = PairedReport.nearLimit(run.readings());
        final long[] mongoose = run.picosPerMessage()[m];
        final long[] other = run.picosPerMessage()[p];
        return List.of(Transports.displayName(peer), event, run.cyclesPerJvm().length + ", " + run.readings().length,
            PairedReport.times(PairedReport.throughputRatio(mongoose, other, run.cyclesPerJvm())),
            PairedReport.ofClass(other, mongoose, run.readings(), nearLimit, true),
            PairedReport.ofClass(other, mongoose, run.readings(), nearLimit, false),
            run.measuredAt() + ", Java " + run.javaVersion());
    }
}
