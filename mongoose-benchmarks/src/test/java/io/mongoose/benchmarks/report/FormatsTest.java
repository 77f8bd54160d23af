package io.mongoose.benchmarks.report;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class FormatsTest
{
    @Test
    void latencyPicksTheUnitThatKeepsItReadable()
    {
        assertEquals("0 ns", Formats.latency(0));
        assertEquals("250 ns", Formats.latency(250));
        assertEquals("999 ns", Formats.latency(999));
        assertEquals("1.0 µs", Formats.latency(1_000));
        assertEquals("7.5 µs", Formats.latency(7_503));
        assertEquals("16.5 µs", Formats.latency(16_511));
        assertEquals("444.0 µs", Formats.latency(444_000));
        assertEquals("999.9 µs", Formats.latency(999_949));
        // Rounds to 1000.0 µs, so it is written in the next unit.
        assertEquals("1.00 ms", Formats.latency(999_950));
        assertEquals("1.13 ms", Formats.latency(1_130_495));
        assertEquals("2500.00 ms", Formats.latency(2_500_000_000L));
    }

    @Test
    void parsesEveryFigureOfTheReference()
    {
        assertEquals(250, Formats.parseLatency("250 ns"));
        assertEquals(7_500, Formats.parseLatency("7.5 µs"));
        assertEquals(20_000, Formats.parseLatency("20 µs"));
        assertEquals(1_130_000, Formats.parseLatency("1.13 ms"));
        for (final ReferenceSection.RateRow row : ReferenceSection.RATE_SWEEP)
        {
            for (final Percentile percentile : Percentile.values())
            {
                row.nanos(percentile);
            }
        }
        assertThrows(IllegalArgumentException.class, () -> Formats.parseLatency("20 s"));
        assertThrows(IllegalArgumentException.class, () -> Formats.parseLatency("20µs"));
    }

    @Test
    void ratesUseThreeSignificantDigitsAndASuffix()
    {
        assertEquals(List.of("0", "950", "10k", "100k", "999k", "1M", "6.1M", "12.3M", "10M", "1.5G"),
            List.of(Formats.rate(0), Formats.rate(950), Formats.rate(10_000), Formats.rate(100_000),
                Formats.rate(999_000), Formats.rate(999_999), Formats.rate(6_100_000), Formats.rate(12_345_678),
                Formats.rate(10_000_000), Formats.rate(1_500_000_000)));
    }

    @Test
    void ratiosCountsAndAllocation()
    {
        assertEquals("0.82×", Formats.ratio(82, 100));
        assertEquals("2.00×", Formats.ratio(10, 5));
        assertEquals(Formats.NOT_AVAILABLE, Formats.ratio(1, 0));
        assertEquals("4,986,664", Formats.count(4_986_664));
        assertEquals("0", Formats.bytesPerMessage(0));
        assertEquals("0.125", Formats.bytesPerMessage(0.125));
        assertEquals("96", Formats.bytesPerMessage(96.0));
        assertEquals("1.23", Formats.bytesPerMessage(1.234));
        assertEquals("2.0e-05", Formats.bytesPerMessage(0.00002));
        assertEquals("99.9%", Formats.percent(0.999));
        assertEquals("100%", Formats.percent(1.0));
    }

    @Test
    void axisLabelsAreShort()
    {
        assertEquals("100 ns", Formats.axisLatency(0.1));
        assertEquals("1 µs", Formats.axisLatency(1));
        assertEquals("10 µs", Formats.axisLatency(10));
        assertEquals("1 ms", Formats.axisLatency(1_000));
    }

    @Test
    void percentileAxisLabelsEveryDecadeAndNothingBetween()
    {
        assertEquals("0%", ChartsSection.percentileLabel(1));
        assertEquals("90%", ChartsSection.percentileLabel(10));
        assertEquals("99%", ChartsSection.percentileLabel(100));
        assertEquals("99.9%", ChartsSection.percentileLabel(1_000));
        assertEquals("99.999%", ChartsSection.percentileLabel(100_000));
        assertEquals("99.999999%", ChartsSection.percentileLabel(100_000_000));
        assertEquals("", ChartsSection.percentileLabel(5));
    }

    @Test
    void medianOfOddAndEvenCounts()
    {
        assertEquals(10.0, Formats.median(List.of(9.0, 12.0, 10.0)));
        assertEquals(11.0, Formats.median(List.of(9.0, 12.0, 10.0, 14.0)));
        assertThrows(IllegalArgumentException.class, () -> Formats.median(List.of()));
    }
}
