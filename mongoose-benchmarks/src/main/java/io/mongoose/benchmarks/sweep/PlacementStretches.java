package io.mongoose.benchmarks.sweep;

import java.util.Arrays;
import java.util.Locale;

/**
 * A trace of placement readings, one per slice of equal length, split into near and far where the sorted readings
 * jump the most: the near limit is the reading below the widest ratio between two neighbours in sorted order, when that
 * ratio is at least {@value #LEAST_GAP} (else every reading is near). Consecutive slices of one class make a stretch.
 *
 * <p>Why not the report's rule (twice the 10th percentile, {@code PlacementClasses}): a slice's reading is the fastest
 * of many probes, and on the 2-vCPU VM those spread over a near mode more than twice wide (50-125 ns in a 180 s trace,
 * far ones 350-480 ns). That rule put its line at 116 ns, inside the near mode, and counted 57 near slices of 117-125 ns
 * as far beside the 143 truly far ones, cutting the trace into 88 far stretches. The widest gap finds the two modes
 * wherever they lie.
 *
 * @param sliceMillis   the length of each slice, milliseconds.
 * @param nearShare     the share of slices read near, 0 to 1.
 * @param nearLimitNanos the longest reading counted as near, nanoseconds.
 * @param nearStretches the lengths of the near stretches in slices, in the order they came; the first and last
 *                      stretch of the trace are cut short by its ends.
 * @param farStretches  the same for far stretches.
 */
public record PlacementStretches(long sliceMillis, double nearShare, long nearLimitNanos, int[] nearStretches,
    int[] farStretches)
{
    /** The least ratio between neighbouring sorted readings that splits them into two placements. */
    static final double LEAST_GAP = 2;

    /**
     * @param readings    one round trip per slice, nanoseconds, in time order; at least one.
     * @param sliceMillis the slice length, milliseconds.
     * @return the summary.
     * @throws IllegalArgumentException if there is no reading or a reading is not positive.
     */
    public static PlacementStretches of(final long[] readings, final long sliceMillis)
    {
        if (0 == readings.length)
        {
            throw new IllegalArgumentException("readings: none; expected at least one slice's round trip");
        }
        for (int i = 0; i < readings.length; i++)
        {
            if (readings[i] <= 0)
            {
                throw new IllegalArgumentException("readings[" + i + "]: " + readings[i] + " ns; expected above 0");
            }
        }
        final long[] sorted = readings.clone();
        Arrays.sort(sorted);
        long nearLimit = sorted[sorted.length - 1];
        double widest = LEAST_GAP;
        for (int i = 1; i < sorted.length; i++)
        {
            final double gap = (double)sorted[i] / sorted[i - 1];
            if (gap >= widest)
            {
                widest = gap;
                nearLimit = sorted[i - 1];
            }
        }
        final int[] near = new int[readings.length];
        final int[] far = new int[readings.length];
        int nearCount = 0;
        int farCount = 0;
        int nearSlices = 0;
        int run = 0;
        for (int i = 0; i < readings.length; i++)
        {
            final boolean isNear = readings[i] <= nearLimit;
            nearSlices += isNear ? 1 : 0;
            run++;
            final boolean ends = i == readings.length - 1 || isNear != (readings[i + 1] <= nearLimit);
            if (ends)
            {
                if (isNear)
                {
                    near[nearCount++] = run;
                }
                else
                {
                    far[farCount++] = run;
                }
                run = 0;
            }
        }
        return new PlacementStretches(sliceMillis, (double)nearSlices / readings.length, nearLimit,
            Arrays.copyOf(near, nearCount), Arrays.copyOf(far, farCount));
    }

    /**
     * @return e.g. {@code near 42% of 2,997 slices of 100 ms (near up to 125 ns); near stretches 0.4-76.9 s (6), far
     *         stretches 13.7-54.0 s (6)}.
     */
    public String describe()
    {
        final int slices = Arrays.stream(nearStretches).sum() + Arrays.stream(farStretches).sum();
        return String.format(Locale.US, "near %.0f%% of %,d slices of %d ms (near up to %d ns); near stretches %s, " +
            "far stretches %s", 100 * nearShare, slices, sliceMillis, nearLimitNanos, stretches(nearStretches),
            stretches(farStretches));
    }

    private String stretches(final int[] lengths)
    {
        if (0 == lengths.length)
        {
            return "none";
        }
        final int shortest = Arrays.stream(lengths).min().orElseThrow();
        final int longest = Arrays.stream(lengths).max().orElseThrow();
        return String.format(Locale.US, "%.1f-%.1f s (%d)", shortest * sliceMillis / 1000.0,
            longest * sliceMillis / 1000.0, lengths.length);
    }
}
