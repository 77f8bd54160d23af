package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.PairedRunData;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The paired runs' Mongoose / peer ratios beside the sweep's: {@code scripts/paired.sh} measures every transport from
 * one publisher thread in alternating slices, each on its own consumer thread, over several JVMs, and writes each
 * rate's cycles to {@code paired/paired_<rate>_mps.properties} under the report's input. Separate runs land wherever
 * the host puts the two CPUs and in whatever mode their JVM settles in; the slices take out the first and the pooled
 * JVMs average the second, so this is the comparison least moved by either.
 */
public final class PairedSection implements SummarySection
{
    /** The section's heading. */
    public static final String HEADING = "## Paired runs";
    /** Where under the input the paired runs' data files are. */
    public static final String DIRECTORY = "paired";
    /** How a data file's name ends. */
    public static final String SUFFIX = "_mps.properties";

    @Override
    public void appendTo(final StringBuilder out, final ReportContext context)
    {
        out.append(HEADING).append("\n\n");
        final Path dir = context.options().input().resolve(DIRECTORY);
        // At each rate the standard run first, then any other configuration's.
        final List<PairedRunData> runs = new ArrayList<>(context.runs().pairedRuns());
        runs.addAll(context.runs().otherPairedRuns());
        runs.sort(Comparator.comparingLong(PairedRunData::rate));
        if (runs.isEmpty())
        {
            out.append("The input has no `").append(DIRECTORY).append("/paired_<rate>").append(SUFFIX)
                .append("`: `scripts/paired.sh` writes one per rate, and this section then sets its ratios beside ")
                .append("the sweep's.\n\n");
            return;
        }
        out.append("`scripts/paired.sh` (`PairedRunMain`), read from `").append(context.linkTo(dir)).append("/`: ")
            .append("Mongoose and its peers in one JVM from one publisher thread, in alternating slices (the order ")
            .append("rotating each cycle), so a Mongoose slice and a peer slice of one cycle run under the same ")
            .append("placement of the two CPUs; each rate's JVMs (the table says how many) run one after another and ")
            .append("their cycles are pooled, so no JVM's own mode decides a ratio. Each cell divides Mongoose's slice by the peer's slice of ")
            .append("the same cycle. Below 1.00× Mongoose was faster. `docs/benchmark-method.md` (Paired ")
            .append("runs) describes the method, and each rate's full result is the Markdown file of the same name ")
            .append("beside its data. The standard configuration, which the sweep runs at every rate and the targets ")
            .append("are judged on, gives each transport its own consumer thread and a queue or ring of ")
            .append(Formats.count(PairedRunData.DEFAULT_QUEUE_CAPACITY)).append(" slots; a row with another capacity ")
            .append("or consumers (the sweep's 10M msg/s runs with 1,024 slots, own and polled) is a run of its own, ")
            .append("judged on nothing.\n\n");
        final List<PairedRunData> paced = new ArrayList<>();
        final List<PairedRunData> unpaced = new ArrayList<>();
        for (final PairedRunData run : runs)
        {
            (0 == run.rate() ? unpaced : paced).add(run);
        }
        appendLatency(out, paced);
        appendThroughput(out, unpaced);
    }

    /** The paced paired runs: Mongoose's latency over each peer's, cycle by cycle. */
    private static void appendLatency(final StringBuilder out, final List<PairedRunData> runs)
    {
        if (runs.isEmpty())
        {
            return;
        }
        final MarkdownTable table = MarkdownTable.numeric(List.of("Rate", "Peer", "Consumers", "Capacity",
            "JVMs, cycles", "p50 ratio: median of the JVMs", "p50 ratio, all cycles: median (quartiles)",
            "p90 ratio, all cycles: median (quartiles)", "Measured"), 2);
        for (final PairedRunData run : runs)
        {
            // RunCatalog refuses a paired file without Mongoose.
            final int mongoose = run.transports().indexOf(Transports.MONGOOSE);
            for (int i = 0; i < run.transports().size(); i++)
            {
                if (i == mongoose)
                {
                    continue;
                }
                final long[] m50 = run.p50()[mongoose];
                final long[] p50 = run.p50()[i];
                table.row(List.of(RunLabels.rate(run.rate()), Transports.displayName(run.transports().get(i)),
                    run.consumerMode(), Formats.count(run.queueCapacity()),
                    run.cyclesPerJvm().length + ", " + run.cycles(),
                    PairedReport.times(PairedReport.medianOfJvms(m50, p50, run.cyclesPerJvm())),
                    PairedReport.summary(new PairedRatios(m50, p50)),
                    PairedReport.summary(new PairedRatios(run.p90()[mongoose], run.p90()[i])),
                    run.measuredAt() + ", Java " + run.javaVersion()));
            }
        }
        table.appendTo(out);
        out.append('\n');
    }

    /**
     * The unpaced paired runs ({@code --rates=max}): Mongoose's throughput over each peer's, cycle by cycle, where the
     * sweep's throughput runs compare medians of separate runs.
     */
    private static void appendThroughput(final StringBuilder out, final List<PairedRunData> runs)
    {
        if (runs.isEmpty())
        {
            return;
        }
        out.append("Unpaced (`--rates=max`): each slice sent as fast as the hop takes messages; each cell is ")
            .append("Mongoose's throughput over the peer's in the same cycle (the peer's time per message over ")
            .append("Mongoose's). Above 1.00× Mongoose moved more messages per second.\n\n");
        final MarkdownTable table = MarkdownTable.numeric(List.of("Peer", "Consumers", "Capacity", "JVMs, cycles",
            "Throughput ratio: median of the JVMs", "All cycles: median (quartiles)", "Measured"), 2);
        for (final PairedRunData run : runs)
        {
            // RunCatalog refuses an unpaced run without every slice's time per message.
            final int mongoose = run.transports().indexOf(Transports.MONGOOSE);
            final long[] m = run.picosPerMessage()[mongoose];
            for (int i = 0; i < run.transports().size(); i++)
            {
                if (i == mongoose)
                {
                    continue;
                }
                final long[] p = run.picosPerMessage()[i];
                table.row(List.of(Transports.displayName(run.transports().get(i)), run.consumerMode(),
                    Formats.count(run.queueCapacity()), run.cyclesPerJvm().length + ", " + run.cycles(),
                    PairedReport.times(PairedReport.throughputRatio(m, p, run.cyclesPerJvm())),
                    PairedReport.summary(new PairedRatios(p, m)),
                    run.measuredAt() + ", Java " + run.javaVersion()));
            }
        }
        table.appendTo(out);
        out.append('\n');
    }
}
