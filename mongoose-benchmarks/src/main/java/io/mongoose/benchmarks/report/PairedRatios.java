package io.mongoose.benchmarks.report;

import java.util.Arrays;

/**
 * Mongoose's value in each cycle of a paired run divided by a peer's in the same cycle, summarised by median and
 * quartiles: a cycle's two slices run moments apart on the same threads, so the host's placement of the CPUs weighs
 * on both.
 */
public final class PairedRatios
{
    private final double[] sorted;
    private final int atOrBelowOne;

    /**
     * @param mongoose Mongoose's value per cycle.
     * @param peer     the peer's value in the same cycles.
     * @throws IllegalArgumentException if the two differ in length, are empty, or a peer value is not positive.
     */
    public PairedRatios(final long[] mongoose, final long[] peer)
    {
        if (mongoose.length != peer.length || 0 == mongoose.length)
        {
            throw new IllegalArgumentException("cycles: Mongoose " + mongoose.length + ", peer " + peer.length +
                "; expected the same number, at least one");
        }
        sorted = new double[mongoose.length];
        int below = 0;
        for (int i = 0; i < mongoose.length; i++)
        {
            if (peer[i] <= 0)
            {
                throw new IllegalArgumentException("peer value of cycle " + i + ": " + peer[i] + "; expected > 0");
            }
            sorted[i] = (double)mongoose[i] / peer[i];
            below += mongoose[i] <= peer[i] ? 1 : 0;
        }
        Arrays.sort(sorted);
        atOrBelowOne = below;
    }

    /**
     * @param q a quantile from 0 to 1.
     * @return the ratio at that quantile by nearest rank (the median of an even count is the lower middle).
     */
    public double quantile(final double q)
    {
        return quantile(sorted, q);
    }

    /** @return cycles compared. */
    public int cycles()
    {
        return sorted.length;
    }

    /** @return cycles in which Mongoose's value was at most the peer's. */
    public int mongooseAtOrBelow()
    {
        return atOrBelowOne;
    }

    /** Nearest rank in ascending {@code sorted}. */
    static double quantile(final double[] sorted, final double q)
    {
        final int rank = (int)Math.ceil(q * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }
}
