package io.mongoose.benchmarks.report;

/**
 * Percentages in tenths that add up to exactly 100.0%, by the largest-remainder method: each count gets its share
 * rounded down, then the tenths still missing go one each to the counts that lost the most by rounding. Rounding
 * each share on its own can print a split that adds up to 99.9% or 100.1%, which reads as an error.
 */
public final class RoundedShares
{
    /** Tenths of a percent in the whole. */
    public static final int WHOLE = 1_000;

    private RoundedShares()
    {
    }

    /**
     * @param counts the parts, each at least 0, at least one above 0.
     * @return each part's share in tenths of a percent, adding up to {@link #WHOLE}; ties in the remainder go to the
     * earlier part.
     * @throws IllegalArgumentException if a count is negative or all are 0.
     */
    public static int[] tenths(final long[] counts)
    {
        long total = 0;
        for (final long count : counts)
        {
            if (count < 0)
            {
                throw new IllegalArgumentException("count " + count + " is negative");
            }
            total += count;
        }
        if (total == 0)
        {
            throw new IllegalArgumentException("no count above 0");
        }
        final int[] tenths = new int[counts.length];
        final long[] remainders = new long[counts.length];
        int assigned = 0;
        for (int i = 0; i < counts.length; i++)
        {
            tenths[i] = (int)(counts[i] * WHOLE / total);
            remainders[i] = counts[i] * WHOLE % total;
            assigned += tenths[i];
        }
        for (int missing = WHOLE - assigned; missing > 0; missing--)
        {
            int largest = 0;
            for (int i = 1; i < counts.length; i++)
            {
                if (remainders[i] > remainders[largest])
                {
                    largest = i;
                }
            }
            tenths[largest]++;
            // Taken: no part gets two, and none is needed: each remainder is under one tenth, so at most as many tenths
            // are missing as there are parts with a remainder.
            remainders[largest] = -1;
        }
        return tenths;
    }

    /**
     * @param tenths a share in tenths of a percent.
     * @return it as a percentage with one decimal: {@code 41.2%}.
     */
    public static String format(final int tenths)
    {
        return tenths / 10 + "." + tenths % 10 + "%";
    }
}
