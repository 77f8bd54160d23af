package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.RunResult;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The repeated runs behind each latency point: every repeat's p50 and p90 with the selected (median) run marked and
 * the spread between repeats, then Mongoose / peer p50 ratios round by round beside the ratio of the medians. On a
 * machine where a whole run can land in a fast or a slow mode, this is where a reader sees how much one run could
 * have moved a ratio, and that the reported one did not depend on it.
 */
public final class RepeatsSection implements SummarySection
{
    /** The section's heading. */
    public static final String HEADING = "## Repeats";
    /** The start of what the section says when the input has no repeats. */
    public static final String NOT_RUN = "The sweep ran one repetition per latency point";

    @Override
    public void appendTo(final StringBuilder out, final ReportContext context)
    {
        out.append(HEADING).append("\n\n");
        final Optional<RepeatRuns> found = context.runs().repeatRuns();
        if (found.isEmpty())
        {
            out.append(NOT_RUN).append(": the input has no run under `").append(RepeatRuns.DIRECTORY)
                .append("/`, so every latency figure in this report is a single run. `scripts/sweep.sh --repeats=N` ")
                .append("runs each point N times and reports the run with the median p50.\n\n");
            return;
        }
        final RepeatRuns repeats = found.get();
        final int columns = repeats.highestRepeat();
        out.append("Each latency point ran ").append(times(repeats)).append(", read from `")
            .append(context.linkTo(repeats.directory())).append("/` (warm-up ")
            .append(distinct(repeats.all(), r -> Formats.count(r.warmupMillis()) + " ms")).append(", window ")
            .append(distinct(repeats.all(), r -> Formats.count(r.runMillis()) + " ms")).append("). For each rate ")
            .append("the sweep ran every transport once per round (r1, r2, ...), rotating the order between rounds, ")
            .append("so no transport always ran first. A run on a shared or virtual machine can land as a whole in ")
            .append("a fast or a slow mode, every transport alike (on a VM, the host's placement of the two CPUs: see ")
            .append("below), so one run per point would let that decide a ratio. The run reported in the tables ")
            .append("above is the one whose p50 is the median of its repeats (for an even count the lower of the ")
            .append("middle two; a tie on p50 goes to the lower p90), shown in bold below as p50 / p90.\n\n");

        final List<String> header = new ArrayList<>(List.of("Rate", "Transport"));
        for (int r = 1; r <= columns; r++)
        {
            header.add("r" + r + " p50 / p90");
        }
        header.addAll(List.of("Selected", "p50 spread (min–max)"));
        // The classes of the same runs the like-with-like column compares, derived once.
        final Optional<SamePlacement> samePlacement = SamePlacement.of(context.runs());
        final Optional<PlacementClasses> classes = samePlacement.map(SamePlacement::classes);
        final MarkdownTable table = MarkdownTable.numeric(header, 2);
        boolean replaced = false;
        for (final RepeatedPoint point : repeats.points())
        {
            final List<String> row = new ArrayList<>(List.of(RunLabels.rate(point.rate()),
                Transports.displayName(point.transport())));
            for (int r = 1; r <= columns; r++)
            {
                final int repeat = r;
                row.add(point.repeat(r).map(run -> cell(run.result(), repeat == point.selectedRepeat(), classes))
                    .orElse(Formats.NO_RUN));
            }
            final Optional<LoadedRun> reported = context.runs().latency(point.transport(), point.rate());
            final boolean same = reported.isPresent() && isSelected(point, reported.get());
            replaced |= !same;
            row.add("r" + point.selectedRepeat() + (same ? "" : reported.isPresent() ?
                " (the tables report another run)" : " (not in the tables)"));
            row.add(spread(point));
            table.row(row);
        }
        table.appendTo(out);
        out.append('\n');
        if (replaced)
        {
            out.append("Where the tables report another run than the selected one, a run of that point was written ")
                .append("to the top-level directory after the repeats (a single point re-run), and its figures are ")
                .append("one run, not a median.\n\n");
        }
        out.append("Widest p50 spread across repeats, per transport: ").append(widest(repeats)).append(".\n\n");
        if (classes.isPresent())
        {
            appendPlacement(out, repeats, classes.get());
        }
        appendRatios(out, repeats, columns, samePlacement);
    }

    /**
     * What one latency figure in the report stands for, as one sentence: the median of how many runs, or one run.
     * A point counts as a median only if its reported run is the selected repeat.
     *
     * @param runs the runs read.
     * @return e.g. {@code Each latency point is the median of 3 runs (the run with the median p50).}
     */
    public static String basis(final RunCatalog runs)
    {
        final TreeMap<Integer, Integer> pointsByRuns = new TreeMap<>();
        for (final LoadedRun run : runs.latencyRuns())
        {
            final RunResult result = run.result();
            final int count = runs.repeatRuns().flatMap(r -> r.point(result.transport(), result.targetRate()))
                .filter(p -> isSelected(p, run)).map(RepeatedPoint::count).orElse(1);
            pointsByRuns.merge(count, 1, Integer::sum);
        }
        if (pointsByRuns.isEmpty() || pointsByRuns.keySet().equals(Set.of(1)))
        {
            return "Each latency point is one run.";
        }
        if (pointsByRuns.size() == 1)
        {
            return "Each latency point is the median of " + pointsByRuns.firstKey() + " runs (the run with the " +
                "median p50).";
        }
        final List<String> parts = new ArrayList<>();
        for (final Map.Entry<Integer, Integer> e : pointsByRuns.descendingMap().entrySet())
        {
            parts.add((e.getKey() == 1 ? "one run" : "the median of " + e.getKey() + " runs") + " for " +
                e.getValue() + (e.getValue() == 1 ? " point" : " points"));
        }
        return "Latency points are " + String.join(", ", parts) + " (a median is the run with the median p50).";
    }

    private static boolean isSelected(final RepeatedPoint point, final LoadedRun reported)
    {
        return point.selected().result().equals(reported.result());
    }

    private static void appendRatios(
        final StringBuilder out, final RepeatRuns repeats, final int columns, final Optional<SamePlacement> samePlacement)
    {
        out.append("Mongoose / peer p50 ratio per round: Mongoose's run of round r divided by the peer's run of the ")
            .append("same round, the two run one after the other. Each run lands in its mode on its own, so a round's ")
            .append("ratio can be off by the whole fast/slow factor either way; how far the rounds disagree shows ")
            .append("how much a single run per point could have decided. The ratio of medians divides the two ")
            .append("selected (median) runs' p50s, as Table 3 does");
        if (samePlacement.isPresent())
        {
            out.append("; the last column compares like with like, as the targets section's separate-run verdict does: ")
                .append("Mongoose's median near run divided by the peer's (each chosen from that transport's near runs ")
                .append("alone, as in the placement table) when both had near runs, and the same for far runs when both ")
                .append("had far runs, p50 / p90 and the class, and is empty when the two had no placement in common");
        }
        out.append(". Below 1.00× Mongoose was faster.\n\n");
        final List<String> header = new ArrayList<>(List.of("Peer", "Rate"));
        for (int r = 1; r <= columns; r++)
        {
            header.add("r" + r);
        }
        header.add("Ratio of medians");
        if (samePlacement.isPresent())
        {
            header.add("Same placement: p50 / p90");
        }
        final MarkdownTable table = MarkdownTable.numeric(header, 2);
        for (final String peer : Transports.peers(repeats.transports()))
        {
            for (final long rate : repeats.rates())
            {
                final Optional<RepeatedPoint> mongoose = repeats.point(Transports.MONGOOSE, rate);
                final Optional<RepeatedPoint> other = repeats.point(peer, rate);
                if (mongoose.isEmpty() || other.isEmpty())
                {
                    continue;
                }
                final List<String> row = new ArrayList<>(List.of(Transports.displayName(peer), RunLabels.rate(rate)));
                for (int r = 1; r <= columns; r++)
                {
                    final Optional<LoadedRun> m = mongoose.get().repeat(r);
                    final Optional<LoadedRun> p = other.get().repeat(r);
                    row.add(m.isPresent() && p.isPresent() ? ratio(m.get(), p.get()) : Formats.NO_RUN);
                }
                row.add(ratio(mongoose.get().selected(), other.get().selected()));
                samePlacement.ifPresent(same -> row.add(samePlacementRatio(same, peer, rate)));
                table.row(row);
            }
        }
        if (table.isEmpty())
        {
            out.append("No rate has repeats of both Mongoose and a peer.\n\n");
            return;
        }
        table.appendTo(out);
        out.append('\n');
    }

    /** Mongoose's median run against the peer's on each common placement; {@link Formats#NO_RUN} without one. */
    private static String samePlacementRatio(final SamePlacement same, final String peer, final long rate)
    {
        final List<String> parts = new ArrayList<>();
        for (final SamePlacement.Comparison c : same.compare(Transports.MONGOOSE, peer, rate))
        {
            parts.add(ratio(c.mongoose(), c.peer()) + " / " + Formats.ratio(RepeatedPoint.p90(c.mongoose().result()),
                RepeatedPoint.p90(c.peer().result())) + " " + c.placement());
        }
        return parts.isEmpty() ? Formats.NO_RUN : String.join("; ", parts);
    }

    private static String ratio(final LoadedRun mongoose, final LoadedRun peer)
    {
        return Formats.ratio(RepeatedPoint.p50(mongoose.result()), RepeatedPoint.p50(peer.result()));
    }

    /**
     * @return {@code 150 ns / 310 ns}, bold when selected, with the achieved rate appended when the run missed it.
     */
    private static String cell(
        final RunResult result, final boolean selected, final Optional<PlacementClasses> classes)
    {
        final String values = Formats.latency(RepeatedPoint.p50(result)) + " / " +
            Formats.latency(RepeatedPoint.p90(result));
        final String marked = selected ? "**" + values + "**" : values;
        final String placed = classes.flatMap(c -> c.classOf(result)).map(c -> marked + " " + c).orElse(marked);
        return result.targetMet() ? placed : placed + " (" + RunLabels.achieved(result) + ")";
    }

    /**
     * Where the modes come from: the placement counts, then each transport's median p50 over the runs of one placement
     * class, so transports are compared on the same placement.
     */
    private static void appendPlacement(
        final StringBuilder out, final RepeatRuns repeats, final PlacementClasses classes)
    {
        final Map<String, Integer> counts = new TreeMap<>();
        for (final LoadedRun run : repeats.all())
        {
            classes.classOf(run.result()).ifPresent(c -> counts.merge(c, 1, Integer::sum));
        }
        out.append("Placement: just before and just after every run, the sweep timed the round trip of a cache line ")
            .append("between the two CPUs the run used (`CoreToCoreProbe`). On a virtual machine the host moves the ")
            .append("guest's CPUs between cores that share a cache and cores that do not; every hop is a few such ")
            .append("round trips, so this, not the transport, is what puts a run in its fast or slow mode. The ")
            .append("reference round trip (the ").append(PlacementClasses.REFERENCE_PERCENTILE)
            .append("th percentile of all readings) was ").append(Formats.latency(classes.referenceNanos()))
            .append("; a reading is near when at most ").append(PlacementClasses.FAR_FACTOR)
            .append("× that (").append(Formats.latency(classes.nearLimitNanos())).append("), far when above. A ")
            .append("run that kept its rate also kept its median latency in each part of its window: it is moved when ")
            .append("one part's median was more than ").append(PlacementClasses.FAR_FACTOR)
            .append("× another's (a move within the window, which no reading can see), and otherwise takes the ")
            .append("class of its reading just after the window (the one before the run comes before its warm-up, ")
            .append("seconds earlier). A run that fell behind its rate, whose medians grow with its backlog, or one ")
            .append("recorded without medians is near when both its readings were near, far when both were far, and ")
            .append("moved when they differ. Runs: ").append(countsText(counts)).append(". The class follows each cell ")
            .append("above. Median p50 per placement class, so transports are compared on the same placement:\n\n");
        final MarkdownTable table = MarkdownTable.numeric(List.of("Rate", "Transport", "Near runs: median p50",
            "Far runs: median p50", "Moved runs: median p50"), 2);
        for (final RepeatedPoint point : repeats.points())
        {
            final List<String> row = new ArrayList<>(List.of(RunLabels.rate(point.rate()),
                Transports.displayName(point.transport())));
            for (final String c : List.of(PlacementClasses.NEAR, PlacementClasses.FAR, PlacementClasses.MOVED))
            {
                final Predicate<LoadedRun> ofClass = run -> classes.classOf(run.result()).equals(Optional.of(c));
                final long runs = point.repeats().values().stream().filter(ofClass).count();
                row.add(point.medianOf(ofClass).map(run -> Formats.latency(RepeatedPoint.p50(run.result())) + " (" +
                    runs + ")").orElse(Formats.NO_RUN));
            }
            table.row(row);
        }
        table.appendTo(out);
        out.append("\nIn brackets, the runs of that class; the median is chosen as the selected run is (for an even ")
            .append("count the lower of the middle two, a tie on p50 going to the lower p90).\n\n");
    }

    private static String countsText(final Map<String, Integer> counts)
    {
        final List<String> parts = new ArrayList<>();
        for (final String c : List.of(PlacementClasses.NEAR, PlacementClasses.FAR, PlacementClasses.MOVED))
        {
            parts.add(counts.getOrDefault(c, 0) + " " + c);
        }
        return String.join(", ", parts);
    }

    /**
     * @return {@code 150 ns – 620 ns (4.13×)}: the lowest and highest p50 and the one divided by the other.
     */
    private static String spread(final RepeatedPoint point)
    {
        return Formats.latency(point.minP50()) + " – " + Formats.latency(point.maxP50()) + " (" +
            Formats.ratio(point.maxP50(), point.minP50()) + ")";
    }

    /**
     * @return per transport, the point whose repeats were furthest apart: {@code Mongoose 4.13× (150 ns – 620 ns at
     * 1M msg/s); Disruptor ...}.
     */
    private static String widest(final RepeatRuns repeats)
    {
        final List<String> parts = new ArrayList<>();
        for (final String transport : repeats.transports())
        {
            RepeatedPoint widest = null;
            for (final RepeatedPoint point : repeats.points())
            {
                if (point.transport().equals(transport) && (null == widest ||
                    point.maxP50() * (double)widest.minP50() > widest.maxP50() * (double)point.minP50()))
                {
                    widest = point;
                }
            }
            parts.add(Transports.displayName(transport) + " " + Formats.ratio(widest.maxP50(), widest.minP50()) +
                " (" + Formats.latency(widest.minP50()) + " – " + Formats.latency(widest.maxP50()) + " at " +
                RunLabels.rate(widest.rate()) + ")");
        }
        return String.join("; ", parts);
    }

    private static String times(final RepeatRuns repeats)
    {
        final int fewest = repeats.points().stream().mapToInt(RepeatedPoint::count).min().orElseThrow();
        final int most = repeats.points().stream().mapToInt(RepeatedPoint::count).max().orElseThrow();
        return fewest == most ? count(most) : "between " + fewest + " and " + most + " times";
    }

    private static String count(final int times)
    {
        return times == 1 ? "once" : times == 2 ? "twice" : times + " times";
    }

    private static String distinct(final List<LoadedRun> runs, final Function<RunResult, String> value)
    {
        final Set<String> values = new LinkedHashSet<>();
        runs.forEach(r -> values.add(value.apply(r.result())));
        return String.join("; ", values);
    }
}
