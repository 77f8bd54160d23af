package io.mongoose.benchmarks.report;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

import static io.mongoose.benchmarks.report.RunFixtures.latency;
import static io.mongoose.benchmarks.report.RunFixtures.twoValues;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Which repeat stands for a point: the median p50 for an odd count, the lower middle for an even one, p90 and then
 * the repeat number breaking ties.
 */
class RepeatedPointTest
{
    private static final Instant WHEN = Instant.parse("2026-11-21T10:00:00Z");

    @Test
    void anOddCountSelectsTheMedianP50WhateverTheOrder()
    {
        final RepeatedPoint point = point(List.of(new long[] {620, 700}, new long[] {150, 200},
            new long[] {180, 900}));
        assertEquals(3, point.selectedRepeat());
        assertEquals(180, RepeatedPoint.p50(point.selected().result()));
        assertEquals(150, point.minP50());
        assertEquals(620, point.maxP50());
        assertEquals(3, point.count());
    }

    @Test
    void anEvenCountSelectsTheLowerOfTheMiddleTwoARealRunNotAnAverage()
    {
        assertEquals(4, point(List.of(new long[] {400, 500}, new long[] {100, 200}, new long[] {900, 950},
            new long[] {300, 350})).selectedRepeat());
        assertEquals(2, point(List.of(new long[] {400, 500}, new long[] {100, 200})).selectedRepeat());
    }

    @Test
    void aTieOnP50IsBrokenByP90()
    {
        // All three p50s are 200 ns: the median by p90 (600 ns) is repeat 1.
        assertEquals(1, point(List.of(new long[] {200, 600}, new long[] {200, 900}, new long[] {200, 300}))
            .selectedRepeat());
        // Two runs tie on p50 at the median: the one with the lower p90 sorts first, and the median of
        // {100, (200, 300), (200, 800)} is the (200, 300) run.
        assertEquals(3, point(List.of(new long[] {200, 800}, new long[] {100, 150}, new long[] {200, 300}))
            .selectedRepeat());
    }

    @Test
    void aFullTieGoesToTheEarlierRepeatSoTheChoiceIsStable()
    {
        assertEquals(2, point(List.of(new long[] {200, 300}, new long[] {200, 300}, new long[] {200, 300}))
            .selectedRepeat());
        assertEquals(1, point(List.of(new long[] {200, 300}, new long[] {200, 300})).selectedRepeat());
    }

    @Test
    void theMedianOfSomeRepeatsFollowsTheSameRuleAsTheSelectedRun()
    {
        // Repeats 1, 2 and 4 are taken: {300, (200, 900), (200, 250)} ordered is (200, 250), (200, 900), 300, so the
        // median is repeat 2; of two taken (1 and 3) it is the lower, repeat 3; of none, nothing.
        final RepeatedPoint point = point(List.of(new long[] {300, 400}, new long[] {200, 900}, new long[] {100, 150},
            new long[] {200, 250}));

        assertEquals(200, RepeatedPoint.p50(point.medianOf(run -> RepeatedPoint.p50(run.result()) >= 200)
            .orElseThrow().result()));
        assertEquals(900, RepeatedPoint.p90(point.medianOf(run -> RepeatedPoint.p50(run.result()) >= 200)
            .orElseThrow().result()));
        assertEquals(100, RepeatedPoint.p50(point.medianOf(run -> RepeatedPoint.p50(run.result()) % 200 != 0)
            .orElseThrow().result()));
        assertEquals(Optional.empty(), point.medianOf(run -> false));
    }

    @Test
    void oneRunIsItsOwnMedian()
    {
        assertEquals(1, point(List.<long[]>of(new long[] {750, 900})).selectedRepeat());
    }

    @Test
    void aPointNeedsARun()
    {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> new RepeatedPoint("mongoose", 1_000_000, "latency_1m_mps", new TreeMap<>()));
        assertEquals("repeats of latency_1m_mps: none; expected at least one run", e.getMessage());
    }

    /**
     * @param p50AndP90 per repeat from 1: its p50 and p90 in nanoseconds (below 2,048, so exact).
     */
    private static RepeatedPoint point(final List<long[]> p50AndP90)
    {
        final SortedMap<Integer, LoadedRun> repeats = new TreeMap<>();
        for (int i = 0; i < p50AndP90.size(); i++)
        {
            final long[] values = p50AndP90.get(i);
            repeats.put(i + 1, new LoadedRun(Path.of("latency_1m_mps_r" + (i + 1) + ".run.properties"), WHEN,
                latency("mongoose", 1_000_000, 1_000_000, twoValues(values[0], 800, values[1], 200), 0)));
        }
        return new RepeatedPoint("mongoose", 1_000_000, "latency_1m_mps", repeats);
    }
}
