package io.mongoose.benchmarks.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Maximum throughput: every unpaced run's achieved rate per transport, their median, and Mongoose's median over each
 * peer's. Where the runs recorded where the host put their two CPUs ({@link PlacementClasses}), each run carries its
 * class, and the near runs get medians and a ratio of their own: unpaced runs are not paired, so a transport whose runs
 * landed on far placement more often would otherwise lose a ratio to the host rather than to the other transport.
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
            "Mongoose's median divided by the transport's: above 1.00× Mongoose moved more messages per second.\n\n");
        final Optional<PlacementClasses> classes = PlacementClasses.of(runs.all());
        final List<String> header = new ArrayList<>(List.of("Transport", "Runs (msg/s)", "Median (msg/s)",
            "Mongoose / transport", "GC in windows", "Allocated B/msg (max)"));
        if (classes.isPresent())
        {
            header.addAll(List.of("Near runs: median (msg/s)", "Mongoose / transport, near runs"));
        }
        final List<Double> mongooseNear = nearRates(runs, Transports.MONGOOSE, classes);
        final MarkdownTable table = MarkdownTable.numeric(header);
        for (final String transport : runs.transports())
        {
            final List<LoadedRun> own = runs.throughputRuns(transport);
            final Optional<Double> median = runs.medianThroughput(transport);
            if (median.isEmpty())
            {
                continue;
            }
            final List<String> achieved = new ArrayList<>();
            final List<String> gc = new ArrayList<>();
            double allocated = 0;
            for (final LoadedRun run : own)
            {
                achieved.add(Formats.rate(run.result().achievedRate()) +
                    classes.flatMap(c -> c.classOf(run.result())).map(c -> " " + c).orElse(""));
                gc.add(LatencyCells.gc(run.result()));
                allocated = Math.max(allocated, run.result().allocatedBytesPerMessage());
            }
            final List<String> row = new ArrayList<>(List.of(Transports.displayName(transport),
                String.join(", ", achieved), Formats.rate(median.get()),
                mongoose.map(m -> Formats.ratio(m, median.get())).orElse(Formats.NO_RUN),
                String.join(", ", gc), Formats.bytesPerMessage(allocated)));
            if (classes.isPresent())
            {
                final List<Double> near = nearRates(runs, transport, classes);
                row.add(near.isEmpty() ? Formats.NO_RUN : Formats.rate(Median.of(near)) + " (" + near.size() + ")");
                row.add(mongooseNear.isEmpty() || near.isEmpty() ? Formats.NO_RUN :
                    Formats.ratio(Median.of(mongooseNear), Median.of(near)));
            }
            table.row(row);
        }
        if (table.isEmpty())
        {
            out.append("No throughput run was found.\n\n");
            return;
        }
        table.appendTo(out);
        out.append('\n');
        classes.ifPresent(c -> out.append("After each run, where the host had put its two CPUs, as in Repeats: near ")
            .append("when the round trip of a cache line between them read at most ")
            .append(Formats.latency(c.nearLimitNanos())).append(" both before and after the run, far when both read ")
            .append("more, moved when the host moved them in between. Unpaced runs are not paired, so the near runs' ")
            .append("medians (their count in brackets) compare the transports on the same placement; a dash: no ")
            .append("near run.\n\n"));
    }

    /** The achieved rates of a transport's throughput runs on near placement; none without placement readings. */
    private static List<Double> nearRates(final RunCatalog runs, final String transport,
        final Optional<PlacementClasses> classes)
    {
        final List<Double> near = new ArrayList<>();
        for (final LoadedRun run : runs.throughputRuns(transport))
        {
            if (classes.flatMap(c -> c.classOf(run.result())).filter(PlacementClasses.NEAR::equals).isPresent())
            {
                near.add(run.result().achievedRate());
            }
        }
        return near;
    }
}
