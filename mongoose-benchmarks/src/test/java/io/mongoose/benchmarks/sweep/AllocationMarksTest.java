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
    void rehearsalsSpreadOverTheWarmUpComeBeforeTheBaselineAtTheWindow()
    {
        final AllocationMarks marks = new AllocationMarks(0, 10_000);
        int readsBeforeLastTenth = 0;
        for (long t = 0; t < 10_000; t++)
        {
            marks.onTime(t);
            if (t == 4_499)
            {
                // Spread evenly, not bunched: half the span has passed, so about half the rehearsals have.
                final int half = marks.marksRead();
                assertTrue(Math.abs(half - AllocationMarks.REHEARSALS / 2) <= 1, () -> half + " rehearsals by mid-span");
            }
            if (t == 8_999)
            {
                readsBeforeLastTenth = marks.marksRead();
            }
        }
        assertEquals(AllocationMarks.REHEARSALS, readsBeforeLastTenth, "every rehearsal in the warm-up's first 9/10");
        assertEquals(AllocationMarks.REHEARSALS, marks.marksRead());
        assertEquals(-1, marks.atWindowStart(), "rehearsals read, but none is the baseline");
        marks.onTime(10_000);
        final long baseline = marks.atWindowStart();
        assertTrue(baseline > 0);
        assertEquals(AllocationMarks.REHEARSALS + 1, marks.marksRead());
        marks.onTime(20_000);
        assertEquals(baseline, marks.atWindowStart(), "read once");
        assertEquals(AllocationMarks.REHEARSALS + 1, marks.marksRead());
    }

    @Test
    void aSparseCallReadsOnceForEveryMarkItPassed()
    {
        final AllocationMarks marks = new AllocationMarks(0, 10_000);
        marks.onTime(9_500);
        assertEquals(AllocationMarks.REHEARSALS, marks.marksRead());
        assertEquals(-1, marks.atWindowStart());
        final AllocationMarks late = new AllocationMarks(0, 10_000);
        late.onTime(10_500);
        assertEquals(AllocationMarks.REHEARSALS + 1, late.marksRead(), "the first call in the window passed them all");
        assertTrue(late.atWindowStart() > 0, "and it is the baseline");
    }

    @Test
    void withoutWarmUpTheFirstCallInTheWindowIsTheBaseline()
    {
        final AllocationMarks marks = new AllocationMarks(3_000, 3_000);
        marks.onTime(2_999);
        assertEquals(-1, marks.atWindowStart());
        marks.onTime(3_000);
        assertTrue(marks.atWindowStart() > 0);
        assertEquals(1, marks.marksRead());
    }
}
