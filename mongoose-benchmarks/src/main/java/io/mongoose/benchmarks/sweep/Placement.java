package io.mongoose.benchmarks.sweep;

import java.util.List;

/**
 * How far apart, in cache terms, the two CPUs a run used were: the round trip of a cache line between them, measured
 * by {@link CoreToCoreProbe} just before the transport started and just after it stopped.
 *
 * <p>Why a run records it. On a virtual machine the host decides which physical cores the guest's CPUs run on, and it
 * moves them. On the 2-CPU EPYC VM this project is measured on, the round trip flips between about 120 ns (cores that
 * share a last-level cache) and about 490 ns (cores that do not), every few seconds to every minute, whatever the
 * guest runs. Every transport's hop is a few such round trips, so a run's whole latency distribution moves with it:
 * this is the "fast or slow mode" a run lands in. Comparing a transport's run on a near placement with a peer's on a
 * far one measures the host, not the transports.
 *
 * <p>The two readings bracket the run; they cannot see a move and a move back within it. So a latency run also keeps
 * the median latency of each part of its window ({@link #windowMediansNanos()}): a far placement moves every hop's
 * median several-fold, so a run whose parts' medians differ by that much was moved during the window even when the
 * two readings agree.
 *
 * @param roundTripBeforeNanos round trip just before the run, nanoseconds.
 * @param roundTripAfterNanos  round trip just after the run, nanoseconds.
 * @param windowMediansNanos   the run's median latency in each part of its window, in time order, nanoseconds (see
 *                             {@code LatencyRecorder}); empty for an unpaced run, whose latency is queueing, and for
 *                             runs recorded before the sweep kept them.
 */
public record Placement(long roundTripBeforeNanos, long roundTripAfterNanos, List<Long> windowMediansNanos)
{
    /**
     * Copies the medians.
     *
     * @throws IllegalArgumentException if a round trip is not positive or a median is negative.
     */
    public Placement
    {
        if (roundTripBeforeNanos <= 0 || roundTripAfterNanos <= 0)
        {
            throw new IllegalArgumentException("round trips before " + roundTripBeforeNanos + " ns and after " +
                roundTripAfterNanos + " ns; expected both above 0");
        }
        windowMediansNanos = List.copyOf(windowMediansNanos);
        for (final long median : windowMediansNanos)
        {
            if (median < 0)
            {
                throw new IllegalArgumentException("window medians " + windowMediansNanos +
                    " ns; expected none below 0");
            }
        }
    }

    /**
     * A placement read around the run only.
     *
     * @param roundTripBeforeNanos as {@link #roundTripBeforeNanos()}.
     * @param roundTripAfterNanos  as {@link #roundTripAfterNanos()}.
     */
    public Placement(final long roundTripBeforeNanos, final long roundTripAfterNanos)
    {
        this(roundTripBeforeNanos, roundTripAfterNanos, List.of());
    }

    /**
     * @param factor how many times the lowest the highest may be.
     * @return whether the highest of the window's medians is more than {@code factor} times the lowest (a lowest of 0
     *         counts as 1 ns); {@code false} with fewer than two.
     */
    public boolean windowMediansSpreadBeyond(final double factor)
    {
        if (windowMediansNanos.size() < 2)
        {
            return false;
        }
        final long lowest = windowMediansNanos.stream().mapToLong(Long::longValue).min().orElseThrow();
        final long highest = windowMediansNanos.stream().mapToLong(Long::longValue).max().orElseThrow();
        return highest > factor * Math.max(1, lowest);
    }
}
