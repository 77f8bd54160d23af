package io.mongoose.benchmarks.sweep;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The core-to-core probe measures a round trip between two threads, within its deadline, on any machine (unpinned here:
 * a test cannot count on free CPUs to pin to); and a placement takes only positive round trips.
 */
class CoreToCoreProbeTest
{
    @Test
    void measuresAPositiveRoundTripWithinItsDeadline() throws InterruptedException
    {
        final long start = System.nanoTime();
        final Optional<Long> roundTrip = CoreToCoreProbe.roundTripNanos(false);
        final long took = System.nanoTime() - start;
        // Even time-sliced on one loaded core, a batch of round trips finishes well inside the probe's deadline.
        assertTrue(roundTrip.isPresent(), "no batch of round trips finished");
        assertTrue(roundTrip.get() > 0 && roundTrip.get() < CoreToCoreProbe.DEADLINE_NANOS, "round trip " + roundTrip);
        // The deadline bounds the probe, plus thread start and join.
        assertTrue(took < 3 * CoreToCoreProbe.DEADLINE_NANOS, "probe took " + took + " ns");
    }

    @Test
    void aPlacementTakesOnlyPositiveRoundTrips()
    {
        assertThrows(IllegalArgumentException.class, () -> new Placement(0, 120));
        assertThrows(IllegalArgumentException.class, () -> new Placement(120, -1));
    }
}
