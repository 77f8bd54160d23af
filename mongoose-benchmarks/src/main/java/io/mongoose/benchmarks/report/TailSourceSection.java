package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.ContextSwitches;
import io.mongoose.benchmarks.sweep.Jitter;
import io.mongoose.benchmarks.sweep.RunResult;
import io.mongoose.benchmarks.sweep.RunResultFiles;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Where the tail comes from: each latency run's tail next to what the platform did in the same window (the hiccup
 * meter's distribution, the publisher's and consumer's context switches), and a sentence per run comparing the
 * latency maximum with the hiccup maximum. A stall as long as the worst message's, suffered by a thread that only
 * sleeps, is the OS or hypervisor's doing, not the transport's.
 */
public final class TailSourceSection implements SummarySection
{
    /** The section's heading. */
    public static final String HEADING = "## Where the tail comes from";
    /** Shown for a run written before the sweep recorded jitter. */
    public static final String NOT_RECORDED = "not recorded";
    /** Shown for a run whose hiccup meter was off. */
    public static final String METER_OFF = "meter off";
    /**
     * Two maxima within this factor of each other are "of the same order": close enough that the platform's stall
     * accounts for the message's, given one sample each.
     */
    public static final double SAME_ORDER = 3.0;

    @Override
    public void appendTo(final StringBuilder out, final ReportContext context)
    {
        out.append(HEADING).append("\n\n");
        final RunCatalog runs = context.runs();
        final List<LoadedRun> ordered = new ArrayList<>();
        for (final long rate : runs.latencyRates())
        {
            for (final String transport : runs.transports())
            {
                runs.latency(transport, rate).ifPresent(ordered::add);
            }
        }
        if (ordered.isEmpty())
        {
            out.append("No latency run was found.\n\n");
            return;
        }
        out.append("Next to each run's latency tail: the hiccup meter, a thread of the same JVM that only parks for " +
            "a fixed interval and records how late it woke (anything it suffers, the platform did: the OS " +
            "scheduler, the hypervisor, a safepoint), and the context switches of the publisher and consumer " +
            "threads in the window, as voluntary / involuntary. An involuntary switch of a busy-spinning thread " +
            "is a moment it was not running. Runs written before the sweep recorded these read \"")
            .append(NOT_RECORDED).append("\".\n\n");
        final MarkdownTable table = MarkdownTable.numeric(List.of("Rate", "Transport", "Latency p99",
            "Latency p99.9", "Latency max", "Hiccup p50", "Hiccup p99", "Hiccup max",
            "Publisher switches (vol / invol)", "Consumer switches (vol / invol)", "Latency max / hiccup max"), 2);
        int compared = 0;
        int sameOrder = 0;
        for (final LoadedRun run : ordered)
        {
            final RunResult result = run.result();
            final Histogram latency = result.latency();
            final Optional<Jitter> jitter = result.jitter();
            final Optional<Histogram> hiccups = jitter.flatMap(Jitter::hiccups);
            table.row(List.of(RunLabels.rate(result.targetRate()), Transports.displayName(result.transport()),
                Formats.latency(Percentile.P99.valueIn(latency)), Formats.latency(Percentile.P99_9.valueIn(latency)),
                Formats.latency(Percentile.MAX.valueIn(latency)),
                hiccupCell(jitter, Percentile.P50), hiccupCell(jitter, Percentile.P99),
                hiccupCell(jitter, Percentile.MAX),
                switchesCell(jitter, Jitter::publisherSwitches), switchesCell(jitter, Jitter::consumerSwitches),
                hiccups.map(h -> Formats.ratio(latency.getMaxValue(), h.getMaxValue()))
                    .orElse(jitter.isPresent() ? METER_OFF : NOT_RECORDED)));
            if (hiccups.isPresent() && hiccups.get().getMaxValue() > 0)
            {
                compared++;
                final double ratio = latency.getMaxValue() / (double)hiccups.get().getMaxValue();
                if (ratio <= SAME_ORDER && ratio >= 1 / SAME_ORDER)
                {
                    sameOrder++;
                }
            }
        }
        table.appendTo(out);
        out.append('\n');
        if (compared > 0)
        {
            out.append("In ").append(sameOrder).append(" of ").append(compared)
                .append(" runs with a hiccup record, the latency maximum was within ")
                .append(Formats.ratio(SAME_ORDER, 1)).append(" of the hiccup maximum.\n\n");
        }
        final List<String> unrecorded = new ArrayList<>();
        for (final LoadedRun run : ordered)
        {
            if (run.result().jitter().isPresent())
            {
                out.append("- ").append(reading(run.result())).append('\n');
            }
            else
            {
                unrecorded.add(Transports.displayName(run.result().transport()) + " at " +
                    RunLabels.rate(run.result().targetRate()));
            }
        }
        if (unrecorded.size() == ordered.size())
        {
            out.append("None of these runs recorded hiccups or context switches (they were written before the " +
                "sweep recorded them), so their tails cannot be set against the platform's stalls. A new sweep " +
                "records both.\n");
        }
        else if (!unrecorded.isEmpty())
        {
            out.append("- Not recorded for ").append(String.join(", ", unrecorded))
                .append(": written before the sweep recorded jitter.\n");
        }
        out.append('\n');
    }

    /**
     * @param result a latency run.
     * @return one sentence comparing its latency tail with its hiccup tail, naming what the comparison says about
     * the cause.
     */
    static String reading(final RunResult result)
    {
        final String who = Transports.displayName(result.transport()) + " at " + RunLabels.rate(result.targetRate());
        final long latencyMax = result.latency().getMaxValue();
        final Optional<Jitter> jitter = result.jitter();
        if (jitter.isEmpty())
        {
            return who + ": hiccups and context switches " + NOT_RECORDED + " (the run predates them), so its " +
                "latency max of " + Formats.latency(latencyMax) + " cannot be set against the platform's stalls.";
        }
        if (jitter.get().hiccups().isEmpty())
        {
            return who + ": the hiccup meter was off, so its latency max of " + Formats.latency(latencyMax) +
                " cannot be set against the platform's stalls" + consumerSwitches(jitter.get()) + ".";
        }
        final long hiccupMax = jitter.get().hiccups().get().getMaxValue();
        final String figures = who + ": latency max " + Formats.latency(latencyMax) + " against a hiccup max of " +
            Formats.latency(hiccupMax);
        final String switches = consumerSwitches(jitter.get());
        if (hiccupMax == 0)
        {
            return figures + ": the meter never woke late, so nothing in the window points at the platform" +
                switches + ".";
        }
        final double ratio = latencyMax / (double)hiccupMax;
        final String times = " (" + Formats.ratio(latencyMax, hiccupMax) + ")";
        if (ratio > SAME_ORDER)
        {
            final String cause = result.targetMet() ? "look to the transport (queueing, back-pressure) or to a " +
                "stall the meter's CPU did not see" :
                "the run " + RunLabels.MISSED + " its rate (" + RunLabels.achieved(result) + "), so messages " +
                    "queued behind the schedule";
            return figures + times + ": larger than any stall of a thread that only sleeps, so the platform " +
                "alone does not explain it; " + cause + switches + ".";
        }
        if (ratio >= 1 / SAME_ORDER)
        {
            return figures + times + ": of the same order, so the tail is the OS or hypervisor taking the CPU, " +
                "not the transport" + switches + ".";
        }
        return figures + times + ": the platform stalled an idle thread for longer than any message waited, so " +
            "the largest stalls missed the messages and nothing in the tail points at the transport" + switches +
            ".";
    }

    private static String consumerSwitches(final Jitter jitter)
    {
        return jitter.consumerSwitches().map(s -> "; the consumer was switched out involuntarily " +
            Formats.count(s.involuntary()) + (s.involuntary() == 1 ? " time" : " times") + " in the window")
            .orElse("");
    }

    private static String hiccupCell(final Optional<Jitter> jitter, final Percentile percentile)
    {
        if (jitter.isEmpty())
        {
            return NOT_RECORDED;
        }
        return jitter.get().hiccups().map(h -> Formats.latency(percentile.valueIn(h))).orElse(METER_OFF);
    }

    private static String switchesCell(
        final Optional<Jitter> jitter, final Function<Jitter, Optional<ContextSwitches>> thread)
    {
        if (jitter.isEmpty())
        {
            return NOT_RECORDED;
        }
        return thread.apply(jitter.get())
            .map(s -> Formats.count(s.voluntary()) + " / " + Formats.count(s.involuntary()))
            .orElse(RunResultFiles.UNAVAILABLE);
    }
}
