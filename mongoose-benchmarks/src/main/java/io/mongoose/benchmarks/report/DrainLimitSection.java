package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.RunResult;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Latency against drain limit, from the sweep's drain-limit phase: a table of each rate and limit, and a paragraph
 * that explains the trade-off and says, from the runs, which limit did best at each rate.
 */
public final class DrainLimitSection implements SummarySection
{
    /** The section's heading. */
    public static final String HEADING = "## Latency vs drain limit";
    /** The start of what the section says when the input has no drain-limit runs. */
    public static final String NOT_RUN = "The drain-limit phase was not run";

    private static final List<Percentile> COLUMNS = List.of(Percentile.P50, Percentile.P90, Percentile.P99);

    @Override
    public void appendTo(final StringBuilder out, final ReportContext context)
    {
        out.append(HEADING).append("\n\n");
        final Optional<DrainLimitRuns> phase = context.runs().drainLimitRuns();
        if (phase.isEmpty())
        {
            out.append(NOT_RUN).append(": the input has no run under `").append(DrainLimitRuns.DIRECTORY)
                .append("/`. `scripts/sweep.sh` runs it after the rate sweep.\n\n");
            return;
        }
        final DrainLimitRuns runs = phase.get();
        final List<LoadedRun> reported = runs.reported();
        out.append("Mongoose alone, one run per rate and drain limit, read from `")
            .append(context.linkTo(runs.directory())).append("/` (warm-up ")
            .append(distinct(reported, r -> Formats.count(r.warmupMillis()) + " ms")).append(", window ")
            .append(distinct(reported, r -> Formats.count(r.runMillis()) + " ms")).append(", idle strategy ")
            .append(distinct(reported, RunResult::idle)).append("). A run whose achieved rate fell short of ")
            .append(Formats.percent(RunResult.TARGET_TOLERANCE)).append(" of its target is marked ")
            .append(RunLabels.MISSED).append(".\n\n");

        final List<String> header = new ArrayList<>(List.of("Rate", "Drain limit"));
        COLUMNS.forEach(p -> header.add(p.label()));
        header.add("Achieved / target");
        final MarkdownTable table = MarkdownTable.numeric(header, 1);
        for (final LoadedRun run : reported)
        {
            final RunResult result = run.result();
            final List<String> row = new ArrayList<>(List.of(RunLabels.rate(result.targetRate()),
                Integer.toString(result.drainLimit())));
            COLUMNS.forEach(p -> row.add(Formats.latency(p.valueIn(result.latency()))));
            row.add(result.targetMet() ? RunLabels.achieved(result) : "**" + RunLabels.achieved(result) + "**");
            table.row(row);
        }
        table.appendTo(out);
        out.append('\n');

        out.append("The drain limit bounds how many messages the agent takes from one queue in one duty cycle. A " +
            "small limit ends each cycle sooner: the agent goes back round its loop (the other queues it serves, " +
            "its running flag, the idle strategy) more often, so with several queues none waits long behind " +
            "another's batch, but the cycle's fixed cost is paid more often per message. A large limit amortises " +
            "that cost over a longer batch, which counts when messages arrive faster than one cycle at a time can " +
            "take them and a backlog builds. These runs have one queue per agent, so only the second effect is " +
            "measured here: the per-cycle cost against the length of the batch.");
        for (final long rate : runs.rates())
        {
            out.append(' ').append(finding(runs, rate));
        }
        out.append("\n\n");
        if (context.charts().stream().anyMatch(c -> DrainLimitChart.FILE_NAME.equals(c.fileName())))
        {
            out.append("Chart: [p50 and p99 against drain limit](").append(DrainLimitChart.FILE_NAME).append(").\n\n");
        }
    }

    /**
     * @return what the runs at one rate show: the limits with the lowest p50 and p99 among the runs that held the
     * rate, and which did not.
     */
    static String finding(final DrainLimitRuns runs, final long rate)
    {
        final String at = "At " + RunLabels.rate(rate);
        final List<LoadedRun> atRate = runs.runs(rate);
        final List<String> missed = atRate.stream().filter(r -> !r.result().targetMet())
            .map(r -> Integer.toString(r.result().drainLimit())).collect(Collectors.toList());
        if (missed.size() == atRate.size())
        {
            return at + " no drain limit held the rate (" + RunLabels.MISSED + " at " + limits(missed) +
                "), so the latencies measure a backlog rather than the limit.";
        }
        final StringBuilder s = new StringBuilder(at).append(", the lowest p50 was ")
            .append(lowest(runs, rate, Percentile.P50)).append(" and the lowest p99 ")
            .append(lowest(runs, rate, Percentile.P99)).append('.');
        if (!missed.isEmpty())
        {
            s.append(' ').append(capitalised(limits(missed))).append(missed.size() == 1 ? " was" : " were")
                .append(" left out: ").append(RunLabels.MISSED).append(" the target, so ")
                .append(missed.size() == 1 ? "its latency measures" : "their latencies measure")
                .append(" a backlog.");
        }
        return s.toString();
    }

    private static String lowest(final DrainLimitRuns runs, final long rate, final Percentile percentile)
    {
        final List<Integer> best = runs.lowest(rate, percentile);
        final long value = percentile.valueIn(runs.run(rate, best.get(0)).orElseThrow().result().latency());
        final long held = runs.runs(rate).stream().filter(r -> r.result().targetMet()).count();
        if (best.size() > 1 && best.size() == held)
        {
            return Formats.latency(value) + " at every drain limit that held the rate (a tie)";
        }
        return Formats.latency(value) + " at " + limits(best.stream().map(String::valueOf)
            .collect(Collectors.toList()));
    }

    /**
     * @return {@code drain limit 4}, {@code drain limits 1 and 4}, {@code drain limits 1, 4 and 16}.
     */
    private static String limits(final List<String> limits)
    {
        if (limits.size() == 1)
        {
            return "drain limit " + limits.get(0);
        }
        return "drain limits " + String.join(", ", limits.subList(0, limits.size() - 1)) + " and " +
            limits.get(limits.size() - 1);
    }

    private static String capitalised(final String text)
    {
        return Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    private static String distinct(final List<LoadedRun> runs, final Function<RunResult, String> value)
    {
        final Set<String> values = new LinkedHashSet<>();
        runs.forEach(r -> values.add(value.apply(r.result())));
        return String.join("; ", values);
    }
}
