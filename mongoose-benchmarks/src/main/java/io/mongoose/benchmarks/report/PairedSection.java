package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.PairedRunData;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The paired runs' Mongoose / peer ratios ({@code scripts/paired.sh}, one data file per rate under
 * {@value #DIRECTORY}/): every transport from one publisher thread in alternating slices, over several JVMs, so a
 * ratio is moved neither by where the host puts the CPUs nor by one JVM's mode.
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
        out.append("`scripts/paired.sh`, read from `").append(context.linkTo(context.options().input()
                .resolve(DIRECTORY))).append("/`: Mongoose and its peers from one publisher thread in alternating ")
            .append("slices, so both sides of a cycle run under the same placement of the two CPUs, over several ")
            .append("JVMs. Each cell divides Mongoose's slice by the peer's slice of the same cycle: below 1.00× ")
            .append("Mongoose was faster. The targets are judged on the standard configuration (own consumer ")
            .append("threads, ").append(Formats.count(PairedRunData.DEFAULT_QUEUE_CAPACITY)).append(" slots); a row ")
            .append("with other consumers or capacity is judged on nothing. Each rate's full result is the Markdown ")
            .append("file beside its data; `docs/benchmark-method.md` describes the method.\n\n");
        final MarkdownTable latency = new MarkdownTable(List.of("Rate", "Peer", "Consumers", "Capacity",
            "JVMs, cycles", "p50 ratio: median of the JVMs", "p50 ratio, all cycles: median (quartiles)",
            "p90 ratio, all cycles: median (quartiles)", "Measured"), 2);
        final MarkdownTable throughput = new MarkdownTable(List.of("Peer", "Consumers", "Capacity", "JVMs, cycles",
            "Throughput ratio: median of the JVMs", "All cycles: median (quartiles)", "Measured"), 2);
        for (final PairedRunData run : runs)
        {
            // RunCatalog refuses a paired file without Mongoose.
            final int m = run.transports().indexOf(Transports.MONGOOSE);
            for (int i = 0; i < run.transports().size(); i++)
            {
                if (i == m)
                {
                    continue;
                }
                final List<String> common = List.of(Transports.displayName(run.transports().get(i)),
                    run.consumerMode(), Formats.count(run.queueCapacity()),
                    run.cyclesPerJvm().length + ", " + run.cycles());
                final String measured = run.measuredAt() + ", Java " + run.javaVersion();
                final List<String> row = new ArrayList<>();
                if (0 == run.rate())
                {
                    final long[][] picos = run.picosPerMessage();
                    row.addAll(common);
                    row.addAll(List.of(PairedReport.times(PairedReport.throughputRatio(picos[m], picos[i],
                        run.cyclesPerJvm())), PairedReport.summary(new PairedRatios(picos[i], picos[m])), measured));
                    throughput.row(row);
                    continue;
                }
                row.add(Formats.rateLabel(run.rate()));
                row.addAll(common);
                row.addAll(List.of(PairedReport.times(PairedReport.medianOfJvms(run.p50()[m], run.p50()[i],
                        run.cyclesPerJvm())), PairedReport.summary(new PairedRatios(run.p50()[m], run.p50()[i])),
                    PairedReport.summary(new PairedRatios(run.p90()[m], run.p90()[i])), measured));
                latency.row(row);
            }
        }
        if (!latency.isEmpty())
        {
            latency.appendTo(out);
        }
        if (!throughput.isEmpty())
        {
            out.append("Unpaced (`--rates=max`): each slice sent as fast as the hop takes messages; each cell is ")
                .append("Mongoose's throughput over the peer's in the same cycle. Above 1.00× Mongoose moved more ")
                .append("messages per second.\n\n");
            throughput.appendTo(out);
        }
    }
}
