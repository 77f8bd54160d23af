package io.mongoose.benchmarks.sweep;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A placement's window medians: the spread that marks a move within the window, and what the record refuses. */
class PlacementTest
{
    @Test
    void aSpreadOfMoreThanTheFactorBetweenTheLowestAndHighestMedianIsAMove()
    {
        assertTrue(new Placement(120, 130, List.of(140L, 460L, 150L)).windowMediansSpreadBeyond(2));
        assertFalse(new Placement(120, 130, List.of(140L, 280L, 150L)).windowMediansSpreadBeyond(2),
            "exactly twice is not beyond");
        assertFalse(new Placement(120, 130, List.of(900L)).windowMediansSpreadBeyond(2),
            "one part: nothing to compare");
        assertFalse(new Placement(120, 130).windowMediansSpreadBeyond(2), "no medians: readings only");
        assertTrue(new Placement(120, 130, List.of(0L, 3L)).windowMediansSpreadBeyond(2), "a 0 ns median counts as 1");
    }

    @Test
    void theMediansAreCopiedAndANegativeOneIsRefused()
    {
        final List<Long> medians = new ArrayList<>(List.of(140L, 150L));
        final Placement placement = new Placement(120, 130, medians);
        medians.add(900L);
        assertEquals(List.of(140L, 150L), placement.windowMediansNanos());

        final IllegalArgumentException negative = assertThrows(IllegalArgumentException.class,
            () -> new Placement(120, 130, List.of(140L, -1L)));
        assertEquals("window medians [140, -1] ns; expected none below 0", negative.getMessage());
    }
}
