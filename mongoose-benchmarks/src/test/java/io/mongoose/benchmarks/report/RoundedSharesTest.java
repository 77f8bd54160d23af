package io.mongoose.benchmarks.report;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Largest-remainder shares: exact where they can be, the missing tenths to the largest remainders, always 100.0% in
 * all.
 */
class RoundedSharesTest
{
    @Test
    void exactSharesAreKept()
    {
        assertArrayEquals(new int[] {1_000}, RoundedShares.tenths(new long[] {7}));
        assertArrayEquals(new int[] {250, 750}, RoundedShares.tenths(new long[] {1, 3}));
        assertArrayEquals(new int[] {0, 1_000}, RoundedShares.tenths(new long[] {0, 5}));
    }

    @Test
    void missingTenthsGoToTheLargestRemainders()
    {
        // 666.67 and 333.33: the first loses more by rounding down.
        assertArrayEquals(new int[] {667, 333}, RoundedShares.tenths(new long[] {2, 1}));
        // Three equal remainders, one tenth missing: the earliest gets it.
        assertArrayEquals(new int[] {334, 333, 333}, RoundedShares.tenths(new long[] {1, 1, 1}));
        // 1,000 / 7 is 142 remainder 6: six tenths missing, equal remainders, the first six get one each.
        assertArrayEquals(new int[] {143, 143, 143, 143, 143, 143, 142},
            RoundedShares.tenths(new long[] {1, 1, 1, 1, 1, 1, 1}));
    }

    @Test
    void alwaysAddsUpToTheWhole()
    {
        final SplittableRandom random = new SplittableRandom(42);
        for (int run = 0; run < 1_000; run++)
        {
            final long[] counts = new long[1 + random.nextInt(12)];
            for (int i = 0; i < counts.length; i++)
            {
                counts[i] = random.nextInt(100_000);
            }
            counts[0]++;
            assertEquals(RoundedShares.WHOLE, Arrays.stream(RoundedShares.tenths(counts)).sum(),
                Arrays.toString(counts));
        }
    }

    @Test
    void negativeOrNoCountsAreRefused()
    {
        assertThrows(IllegalArgumentException.class, () -> RoundedShares.tenths(new long[] {0, 0}));
        assertThrows(IllegalArgumentException.class, () -> RoundedShares.tenths(new long[] {3, -1}));
    }

    @Test
    void formatsTenthsAsAPercentage()
    {
        assertEquals("33.4%", RoundedShares.format(334));
        assertEquals("0.0%", RoundedShares.format(0));
        assertEquals("100.0%", RoundedShares.format(1_000));
        assertEquals("5.0%", RoundedShares.format(50));
    }
}
