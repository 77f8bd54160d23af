package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.Placement;
import io.mongoose.benchmarks.sweep.RunResult;

import java.util.Collection;
import java.util.Optional;
import java.util.stream.LongStream;

/**
 * Sorts runs by the {@link Placement} the host gave their two CPUs: <em>near</em> when both round trips around the run
 * were within {@value #FAR_FACTOR} times the reference round trip, <em>far</em> when both were beyond it,
 * <em>moved</em> when one was each, or when the run's median latency in one part of its window was more than
 * {@value #FAR_FACTOR} times that in another (a move and a move back within the window, which the two readings miss;
 * see {@link Placement#windowMediansNanos()}). The reference is the {@value #REFERENCE_PERCENTILE}th percentile of every reading
 * of the runs read: low enough to be a near placement whenever a tenth of the readings were, and not the very fastest,
 * which can be an outlier (the first sweep with the fastest-batch probe read 68-101 ns eight times in 240 readings,
 * where most of its near readings were 130-170 ns and its far ones 420-530 ns). Relative, so the same rule holds on any
 * machine: a near placement differs from a far one by a factor (about 4 on the machine this project is measured on),
 * not by a fixed amount.
 */
public final class PlacementClasses
{
    /** A round trip more than this many times the reference counts as far. */
    public static final int FAR_FACTOR = 2;
    /** Which percentile of all readings is the reference. */
    public static final int REFERENCE_PERCENTILE = 10;
    /** A run's class when both readings were near. */
    public static final String NEAR = "near";
    /** A run's class when both readings were far. */
    public static final String FAR = "far";
    /** A run's class when the host moved its CPUs between the two readings, or within the run's window. */
    public static final String MOVED = "moved";

    private final long referenceNanos;

    private PlacementClasses(final long referenceNanos)
    {
        this.referenceNanos = referenceNanos;
    }

    /**
     * @param runs every run of the report.
     * @return the classes, or empty when no run recorded a placement.
     */
    public static Optional<PlacementClasses> of(final Collection<LoadedRun> runs)
    {
        final long[] readings = runs.stream().map(LoadedRun::result).map(PlacementClasses::placement)
            .flatMap(Optional::stream).flatMapToLong(p -> LongStream.of(p.roundTripBeforeNanos(),
                p.roundTripAfterNanos())).sorted().toArray();
        if (0 == readings.length)
        {
            return Optional.empty();
        }
        return Optional.of(new PlacementClasses(readings[(readings.length - 1) * REFERENCE_PERCENTILE / 100]));
    }

    /**
     * @param run a run.
     * @return {@link #NEAR}, {@link #FAR} or {@link #MOVED}; empty if the run recorded no placement.
     */
    public Optional<String> classOf(final RunResult run)
    {
        return placement(run).map(p ->
        {
            final boolean nearBefore = isNear(p.roundTripBeforeNanos());
            final boolean nearAfter = isNear(p.roundTripAfterNanos());
            if (nearBefore != nearAfter || p.windowMediansSpreadBeyond(FAR_FACTOR))
            {
                return MOVED;
            }
            return nearBefore ? NEAR : FAR;
        });
    }

    /**
     * @return the reference round trip, nanoseconds.
     */
    public long referenceNanos()
    {
        return referenceNanos;
    }

    /**
     * @return the longest round trip that still counts as near, nanoseconds.
     */
    public long nearLimitNanos()
    {
        return FAR_FACTOR * referenceNanos;
    }

    private boolean isNear(final long roundTripNanos)
    {
        return roundTripNanos <= nearLimitNanos();
    }

    static Optional<Placement> placement(final RunResult run)
    {
        return run.jitter().flatMap(j -> j.placement());
    }
}
