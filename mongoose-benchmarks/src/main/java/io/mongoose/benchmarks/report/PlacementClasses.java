package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.Placement;
import io.mongoose.benchmarks.sweep.RunResult;

import java.util.Collection;
import java.util.Optional;

/**
 * Sorts runs by the {@link Placement} the host gave their two CPUs: <em>near</em> when both round trips around the run
 * were within {@value #FAR_FACTOR} times the fastest round trip of any run read, <em>far</em> when both were beyond it,
 * <em>moved</em> when one was each. Relative to the fastest, so the same rule holds on any machine: a near placement
 * differs from a far one by a factor (about 4 on the machine this project is measured on), not by a fixed amount.
 */
public final class PlacementClasses
{
    /** A round trip more than this many times the fastest one read counts as far. */
    public static final int FAR_FACTOR = 2;
    /** A run's class when both readings were near. */
    public static final String NEAR = "near";
    /** A run's class when both readings were far. */
    public static final String FAR = "far";
    /** A run's class when the host moved its CPUs between the two readings. */
    public static final String MOVED = "moved";

    private final long fastestNanos;

    private PlacementClasses(final long fastestNanos)
    {
        this.fastestNanos = fastestNanos;
    }

    /**
     * @param runs every run of the report.
     * @return the classes, or empty when no run recorded a placement.
     */
    public static Optional<PlacementClasses> of(final Collection<LoadedRun> runs)
    {
        return runs.stream().map(LoadedRun::result).map(PlacementClasses::placement).flatMap(Optional::stream)
            .mapToLong(Placement::fasterNanos).min().stream().boxed().findFirst().map(PlacementClasses::new);
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
            return nearBefore && nearAfter ? NEAR : !nearBefore && !nearAfter ? FAR : MOVED;
        });
    }

    /**
     * @return the fastest round trip of any run read, nanoseconds.
     */
    public long fastestNanos()
    {
        return fastestNanos;
    }

    /**
     * @return the longest round trip that still counts as near, nanoseconds.
     */
    public long nearLimitNanos()
    {
        return FAR_FACTOR * fastestNanos;
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
