package io.mongoose.benchmarks.report;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bootstrap interval of the paired targets' statistic, on runs whose resamples can be worked out by hand.
 */
class JvmMedianIntervalTest
{
    @Test
    void jvmsThatAgreeCycleByCycleGiveAnIntervalOfOneValue()
    {
        // Mongoose 150 against 100 in every cycle of three JVMs: every resample reads 1.5.
        final JvmMedianInterval interval = JvmMedianInterval.of(filled(12, 150), filled(12, 100), new int[] {4, 4, 4});

        assertEquals(1.5, interval.low());
        assertEquals(1.5, interval.high());
        assertEquals(TailSpread.HIGHER, TailSpread.apart(interval));
    }

    @Test
    void jvmsThatDisagreeSpanTheIntervalBetweenThem()
    {
        // Three JVMs each steady within itself, at 0.5, 1.0 and 2.0. A resample's median is 0.5 whenever two of its
        // three drawn JVMs are the first (7 in 27 resamples), 2.0 as often, so the middle 95% runs from 0.5 to 2.0.
        final long[] mongoose = {50, 50, 100, 100, 200, 200};
        final long[] peer = {100, 100, 100, 100, 100, 100};
        final JvmMedianInterval interval = JvmMedianInterval.of(mongoose, peer, new int[] {2, 2, 2});

        assertEquals(0.5, interval.low());
        assertEquals(2.0, interval.high());
        assertEquals(TailSpread.HOLDS_ONE, TailSpread.apart(interval));
    }

    @Test
    void aJvmsOwnCyclesAreResampledToo()
    {
        // One JVM of cycles at 0.5, 0.5, 2.0, 2.0: the ratio is their lower middle, 0.5, but a resample of its cycles
        // reads 2.0 whenever three or four of its four draws are 2.0 (5 in 16), so the interval reaches 2.0.
        final JvmMedianInterval interval = JvmMedianInterval.of(new long[] {50, 50, 200, 200},
            new long[] {100, 100, 100, 100}, new int[] {4});

        assertEquals(0.5, PairedReport.medianOfJvms(new long[] {50, 50, 200, 200}, new long[] {100, 100, 100, 100},
            new int[] {4}));
        assertEquals(0.5, interval.low());
        assertEquals(2.0, interval.high());
    }

    @Test
    void theIntervalHoldsTheRatioTheTargetsTakeAndIsTheSameEveryTime()
    {
        final long[] mongoose = {90, 130, 100, 80, 120, 95, 105, 140, 70, 110};
        final long[] peer = {100, 100, 110, 100, 90, 100, 100, 120, 100, 100};
        final int[] jvms = {4, 3, 3};
        final JvmMedianInterval first = JvmMedianInterval.of(mongoose, peer, jvms);
        final JvmMedianInterval again = JvmMedianInterval.of(mongoose, peer, jvms);
        final double ratio = PairedReport.medianOfJvms(mongoose, peer, jvms);

        assertTrue(first.low() <= ratio && ratio <= first.high(), first.low() + " " + ratio + " " + first.high());
        assertTrue(first.low() < first.high());
        assertEquals(first.low(), again.low());
        assertEquals(first.high(), again.high());
    }

    @Test
    void aTailLowerInEveryCycleIsToldApart()
    {
        final long[] mongoose = {40, 45, 50, 42, 48, 44};
        final long[] peer = {100, 90, 110, 95, 105, 100};

        assertEquals(TailSpread.LOWER, TailSpread.apart(JvmMedianInterval.of(mongoose, peer, new int[] {3, 3})));
    }

    @Test
    void badInputIsRefusedWithWhatWasExpected()
    {
        final IllegalArgumentException lengths = assertThrows(IllegalArgumentException.class,
            () -> JvmMedianInterval.of(new long[3], new long[2], new int[] {3}));
        assertEquals("cycles: Mongoose 3, peer 2; expected the same number", lengths.getMessage());
        final IllegalArgumentException jvms = assertThrows(IllegalArgumentException.class,
            () -> JvmMedianInterval.of(filled(4, 1), filled(4, 1), new int[] {2, 1}));
        assertEquals("cyclesPerJvm: [2, 1] for 4 cycles; expected at least one JVM, each with at least one cycle, " +
            "summing to 4", jvms.getMessage());
        final IllegalArgumentException empty = assertThrows(IllegalArgumentException.class,
            () -> JvmMedianInterval.of(filled(2, 1), filled(2, 1), new int[] {2, 0}));
        assertTrue(empty.getMessage().startsWith("cyclesPerJvm: [2, 0]"), empty.getMessage());
        final IllegalArgumentException zero = assertThrows(IllegalArgumentException.class,
            () -> JvmMedianInterval.of(filled(2, 1), new long[] {1, 0}, new int[] {2}));
        assertEquals("peer value of cycle 1: 0; expected > 0", zero.getMessage());
    }

    private static long[] filled(final int length, final long value)
    {
        final long[] values = new long[length];
        java.util.Arrays.fill(values, value);
        return values;
    }
}
