package io.mongoose.benchmarks.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * Mongoose against a peer on runs the host gave the same placement of the two CPUs. Separate runs each land on their
 * own placement, and on the VM this project is measured on a far one slows every hop about fourfold, more than any
 * difference between the transports; so a ratio of two runs on different placements measures the host. This compares
 * each side's median run among its <em>near</em> runs when both sides have one, and among its <em>far</em> runs when
 * both have one, each placement on its own; <em>moved</em> runs are left out, since a moved run's share of each
 * placement is unknown and two moved runs are not alike either. The medians are chosen as
 * {@link RepeatedPoint#selected()} is.
 *
 * <p>The runs behind a point are its repeats when the sweep repeated it, else its one reported run; the placement
 * classes are taken over those same runs.
 */
final class SamePlacement
{
    /** The placement classes a comparison may use, in the order they are given. */
    static final List<String> ORDER = List.of(PlacementClasses.NEAR, PlacementClasses.FAR);

    private final PlacementClasses classes;
    private final Map<String, RepeatedPoint> points;

    private SamePlacement(final PlacementClasses classes, final Map<String, RepeatedPoint> points)
    {
        this.classes = classes;
        this.points = points;
    }

    /**
     * @param runs the report's runs.
     * @return the comparisons, or empty when no run behind a latency point recorded a placement.
     */
    static Optional<SamePlacement> of(final RunCatalog runs)
    {
        final Map<String, RepeatedPoint> points = new TreeMap<>();
        final Optional<RepeatRuns> repeats = runs.repeatRuns();
        if (repeats.isPresent())
        {
            repeats.get().points().forEach(p -> points.put(key(p.transport(), p.rate()), p));
        }
        else
        {
            for (final LoadedRun run : runs.latencyRuns())
            {
                final String transport = run.result().transport();
                final long rate = run.result().targetRate();
                points.put(key(transport, rate), new RepeatedPoint(transport, rate, key(transport, rate),
                    new TreeMap<>(Map.of(1, run))));
            }
        }
        final List<LoadedRun> behind = points.values().stream()
            .flatMap(p -> p.repeats().values().stream()).toList();
        return PlacementClasses.of(behind).map(c -> new SamePlacement(c, points));
    }

    /**
     * @return the placement classes, taken over the runs behind every latency point.
     */
    PlacementClasses classes()
    {
        return classes;
    }

    /**
     * @param mongoose the transport on top of the ratio.
     * @param peer     the transport under it.
     * @param rate     the target rate.
     * @return for each class in {@link #ORDER} both transports have runs of at this rate, the two median runs; empty if
     *         they have none in common (or either has no run at the rate).
     */
    List<Comparison> compare(final String mongoose, final String peer, final long rate)
    {
        final RepeatedPoint top = points.get(key(mongoose, rate));
        final RepeatedPoint bottom = points.get(key(peer, rate));
        final List<Comparison> comparisons = new ArrayList<>();
        if (null == top || null == bottom)
        {
            return comparisons;
        }
        for (final String placement : ORDER)
        {
            final Predicate<LoadedRun> ofClass =
                run -> classes.classOf(run.result()).equals(Optional.of(placement));
            final Optional<LoadedRun> m = top.medianOf(ofClass);
            final Optional<LoadedRun> p = bottom.medianOf(ofClass);
            if (m.isPresent() && p.isPresent())
            {
                comparisons.add(new Comparison(placement, m.get(), count(top, ofClass), p.get(),
                    count(bottom, ofClass)));
            }
        }
        return comparisons;
    }

    private static int count(final RepeatedPoint point, final Predicate<LoadedRun> which)
    {
        return (int)point.repeats().values().stream().filter(which).count();
    }

    private static String key(final String transport, final long rate)
    {
        return transport + "@" + rate;
    }

    /**
     * One same-placement comparison.
     *
     * @param placement    {@link PlacementClasses#NEAR} or {@link PlacementClasses#FAR}.
     * @param mongoose     the top transport's median run of that class.
     * @param mongooseRuns how many of its runs were of that class.
     * @param peer         the peer's median run of that class.
     * @param peerRuns     how many of the peer's runs were of that class.
     */
    record Comparison(String placement, LoadedRun mongoose, int mongooseRuns, LoadedRun peer, int peerRuns)
    {
        /**
         * @return the top transport's p50 over the peer's.
         */
        double p50Ratio()
        {
            return ratio(RepeatedPoint.p50(mongoose.result()), RepeatedPoint.p50(peer.result()));
        }

        /**
         * @return the top transport's p90 over the peer's.
         */
        double p90Ratio()
        {
            return ratio(RepeatedPoint.p90(mongoose.result()), RepeatedPoint.p90(peer.result()));
        }

        /**
         * @return e.g. {@code near (runs: 2 / 1)}: the class and how many runs of it each side had.
         */
        String basis()
        {
            return placement + " (runs: " + mongooseRuns + " / " + peerRuns + ")";
        }

        private static double ratio(final long top, final long bottom)
        {
            return 0 == bottom ? Double.NaN : (double)top / bottom;
        }
    }
}
