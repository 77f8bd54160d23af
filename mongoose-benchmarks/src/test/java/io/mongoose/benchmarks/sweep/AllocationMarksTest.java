package io.mongoose.benchmarks.sweep;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AllocationMarksTest
{
    @Test
    void inWindowIsOneExactlyFromStartToBeforeEnd()
    {
        assertEquals(0, AllocationMarks.inWindow(99, 100, 200));
        assertEquals(1, AllocationMarks.inWindow(100, 100, 200));
        assertEquals(1, AllocationMarks.inWindow(199, 100, 200));
        assertEquals(0, AllocationMarks.inWindow(200, 100, 200));
        assertEquals(0, AllocationMarks.inWindow(Long.MIN_VALUE + 5, Long.MIN_VALUE + 10, Long.MIN_VALUE + 20),
            "nanoTime may be negative; differences still order it");
        assertEquals(1, AllocationMarks.inWindow(-5, -10, 10));
    }

    @Test
    void theRehearsalComesHalfwayThroughWarmUpAndTheBaselineAtTheWindow()
    {
        final AllocationMarks marks = new AllocationMarks(1_000, 3_000);
        marks.onTime(1_999);
        assertEquals(-1, marks.atWindowStart());
        marks.onTime(2_000);
        assertEquals(-1, marks.atWindowStart(), "the rehearsal reads, but is not the baseline");
        marks.onTime(2_999);
        assertEquals(-1, marks.atWindowStart());
        marks.onTime(3_000);
        final long baseline = marks.atWindowStart();
        assertTrue(baseline > 0);
        marks.onTime(10_000);
        assertEquals(baseline, marks.atWindowStart(), "read once");
    }

    @Test
    void withoutWarmUpTheFirstTwoCallsInTheWindowRehearseThenRead()
    {
        final AllocationMarks marks = new AllocationMarks(3_000, 3_000);
        marks.onTime(3_000);
        assertEquals(-1, marks.atWindowStart());
        marks.onTime(3_001);
        assertTrue(marks.atWindowStart() > 0);
    }
}
