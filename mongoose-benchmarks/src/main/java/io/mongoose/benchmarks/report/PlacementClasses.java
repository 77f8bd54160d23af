package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.Placement;
import io.mongoose.benchmarks.sweep.RunResult;

import java.util.Collection;
import java.util.Optional;
import java.util.stream.LongStream;

/**
 * Sorts runs by the {@link Placement} the host gave their two CPUs, relative to a reference round trip: a reading is
 * near when it is within {@value #FAR_FACTOR} times the reference, far when it is beyond.
 *
 * <p>A latency run that kept its rate and kept its window's medians ({@link Placement#windowMediansNanos()}) is
 * <em>moved</em> when its median latency in one part of the window was more than {@value #FAR_FACTOR} times that in
 * another: a far placement moves every hop's median several-fold, and no probe can look inside the window. Otherwise
 * the medians say the window held one placement, and the run takes the class of the reading just after it, taken as
 * the window's last messages drained. The reading before the run comes before its warm-up, seconds earlier: runs whose
 * two readings differ almost always keep their window's medians within 1.3× of each other, so the move comes during
 * the warm-up.
 *
 * <p>Any other run (unpaced, whose latency is queueing; one that fell behind its rate, whose medians grow with its
 * backlog; or one recorded before the sweep kept medians) is <em>near</em> when both readings were near, <em>far</em>
 * when both were far, and <em>moved</em> when one was each.
 *
 * <p>The reference is the {@value #REFERENCE_PERCENTILE}th percentile of every reading of the runs read: low enough to
 * be a near placement whenever a tenth of the readings were, and not the very fastest, which can be an outlier (a few
 * readings of 68-101 ns among near ones of 130-170 ns and far ones of 420-530 ns). Relative, so the same rule holds on
 * any machine: a near placement differs from a far one by a factor (about 4 on the machine this project is measured
 * on), not by a fixed amount.
 */
public final class PlacementClasses
{
    /** A round trip more than this many times the reference counts as far. */
    public static final int FAR_FACTOR = 2;
    /** Which percentile of all readings is the reference. */
    public static final int REFERENCE_PERCENTILE = 10;
    /** A run's class when its window was in a near placement. */
    public static final String NEAR = "near";
    /** A run's class when its window was in a far placement. */
    public static final String FAR = "far";
    /** A run's class when the host moved its CPUs within the run's window, or between the readings around it. */
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
            final boolean nearAfter = isNear(p.roundTripAfterNanos());
            if (run.mode() == RunResult.Mode.LATENCY && run.targetMet() && !p.windowMediansNanos().isEmpty())
            {
                return p.windowMediansSpreadBeyond(FAR_FACTOR) ? MOVED : nearAfter ? NEAR : FAR;
            }
            final boolean nearBefore = isNear(p.roundTripBeforeNanos());
            return nearBefore != nearAfter ? MOVED : nearAfter ? NEAR : FAR;
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
