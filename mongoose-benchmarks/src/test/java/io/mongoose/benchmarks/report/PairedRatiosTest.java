package io.mongoose.benchmarks.report;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PairedRatiosTest
{
    @Test
    void ratiosAreTakenCycleByCycleThenSummarised()
    {
        // Per cycle: 0.5, 1.0, 2.0, 1.5. Sorted: 0.5, 1.0, 1.5, 2.0.
        final PairedRatios ratios = new PairedRatios(new long[] {100, 200, 400, 300}, new long[] {200, 200, 200, 200});
        assertEquals(4, ratios.cycles());
        // Nearest rank: the median of an even count is the lower middle, as the sweep's repeats choose.
        assertEquals(1.0, ratios.quantile(0.5));
        assertEquals(0.5, ratios.quantile(0.25));
        assertEquals(1.5, ratios.quantile(0.75));
        assertEquals(2.0, ratios.quantile(1.0));
        assertEquals(2, ratios.mongooseAtOrBelow());
    }

    @Test
    void pairingNeedsTheSameCyclesOnBothSidesAndAPositivePeer()
    {
        final IllegalArgumentException lengths = assertThrows(IllegalArgumentException.class,
            () -> new PairedRatios(new long[] {1, 2}, new long[] {1}));
        assertTrue(lengths.getMessage().contains("Mongoose 2, peer 1"), lengths.getMessage());
        final IllegalArgumentException zero = assertThrows(IllegalArgumentException.class,
            () -> new PairedRatios(new long[] {1}, new long[] {0}));
        assertTrue(zero.getMessage().contains("peer value of cycle 0: 0"), zero.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new PairedRatios(new long[0], new long[0]));
    }
}
