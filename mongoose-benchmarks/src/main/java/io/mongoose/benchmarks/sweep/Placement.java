package io.mongoose.benchmarks.sweep;

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
 * <p>The two readings bracket the run; they cannot see a move and a move back within it.
 *
 * @param roundTripBeforeNanos round trip just before the run, nanoseconds.
 * @param roundTripAfterNanos  round trip just after the run, nanoseconds.
 */
public record Placement(long roundTripBeforeNanos, long roundTripAfterNanos)
{
    /**
     * @throws IllegalArgumentException if a round trip is not positive.
     */
    public Placement
    {
        if (roundTripBeforeNanos <= 0 || roundTripAfterNanos <= 0)
        {
            throw new IllegalArgumentException("round trips before " + roundTripBeforeNanos + " ns and after " +
                roundTripAfterNanos + " ns; expected both above 0");
        }
    }
}
