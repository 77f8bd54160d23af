package io.mongoose.benchmarks.report;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PairedReportTest
{
    private static final String HEADING = "# Paired hop latency at 1M msg/s\n\nMethod.\n\n";

    @Test
    void eachCycleDividesMongoosesSliceByThePeers()
    {
        final String result = report();
        // All cycles together: 0.5, 0.5 and 10; the tail 3.0 in every cycle.
        assertTrue(result.contains("| Disruptor | 3 | 0.50× (0.50–10.00) | 0.50× (0.50–10.00) | 3.00× (3.00–3.00) | " +
            "2 of 3 |"), result);
    }

    @Test
    void latenciesAndNamesAreWrittenAsTheSweepsReportWritesThem()
    {
        final String result = report();
        assertTrue(result.startsWith(HEADING), result);
        // 150 ns and 1,712,100 ns (of two values, the upper is the p90 too): the sweep's units, not a second
        // formatter's.
        assertTrue(result.contains("| Mongoose | 2 | 150 ns | 1.71 ms | 1.71 ms | 1.71 ms | 1.71 ms |"), result);
        assertTrue(result.contains("| Disruptor | 2 | "), result);
    }

    @Test
    void pooledJvmsGetATableOfTheirOwnAndTheMedianOfTheirMedians()
    {
        final Histogram any = histogram();
        // JVM 1: cycles 0.5 and 0.5; JVM 2: 10 and 1 (nearest rank: median 1); JVM 3: 2. Median of 0.5, 1 and 2 is 1.
        final long[][] p50 = {{100, 100, 1000, 100, 200}, {200, 200, 100, 100, 100}};
        final String result = PairedReport.markdown(HEADING, List.of("mongoose", "disruptor"),
            new Histogram[] {any, any}, p50, new long[][] {{1, 1, 1, 1, 1}, {1, 1, 1, 1, 1}},
            new long[][] {{100, 100, 100, 100, 100}, {400, 400, 100, 100, 100}}, new int[] {2, 2, 1});
        assertTrue(result.contains("| JVM | Cycles | p50 ratio to Disruptor: median (quartiles) |"), result);
        assertTrue(result.contains("\n| 1 | 2 | 0.50× (0.50–0.50) |"), result);
        assertTrue(result.contains("\n| 2 | 2 | 1.00× (1.00–10.00) |"), result);
        assertTrue(result.contains("\n| 3 | 1 | 2.00× (2.00–2.00) |"), result);
        assertTrue(result.contains("\n| Median of the JVMs | 5 | 1.00× |"), result);
        // The tail's table: JVM 1's p99 ratios 0.25, 0.25; JVM 2's 1, 1; JVM 3's 1. Median of 0.25, 1 and 1 is 1.
        assertTrue(result.contains("| JVM | Cycles | p99 ratio to Disruptor: median (quartiles) |"), result);
        assertTrue(result.contains("\n| 1 | 2 | 0.25× (0.25–0.25) |"), result);
        // One JVM: no such table.
        assertFalse(report().contains("Per JVM"));
    }

    @Test
    void mongooseMustBeAmongTheTransports()
    {
        final Histogram any = histogram();
        assertThrows(IllegalArgumentException.class, () -> PairedReport.markdown(HEADING, List.of("disruptor",
            "jctools"), new Histogram[] {any, any}, new long[2][1], new long[2][1], new long[2][1], new int[] {1}));
    }

    @Test
    void anUnpacedRunComparesThroughputCycleByCycle()
    {
        // Times per message, picoseconds: Mongoose 30,000 (33.3M msg/s) in every cycle; the Disruptor 33,000, 27,000 |
        // 31,000, 60,000. Mongoose's throughput over the Disruptor's: 1.1, 0.9 | 1.033, 2.0.
        final String result = PairedReport.throughputMarkdown(HEADING, List.of("mongoose", "disruptor"),
            new long[][] {{30_000, 30_000, 30_000, 30_000}, {33_000, 27_000, 31_000, 60_000}},
            new int[] {2, 2});
        assertTrue(result.startsWith(HEADING), result);
        // Quartiles by nearest rank: Mongoose 33.3M each; the Disruptor 16.7M, 30.3M, 32.3M, 37M.
        assertTrue(result.contains("| Mongoose | 4 | 33.3M (33.3M–33.3M) |"), result);
        assertTrue(result.contains("| Disruptor | 4 | 30.3M (16.7M–32.3M) |"), result);
        // All cycles: 0.9, 1.03, 1.1, 2.0; Mongoose ahead in 3 of 4.
        assertTrue(result.contains("| Disruptor | 4 | 1.03× (0.90–1.10) | 3 of 4 |"), result);
        // Per JVM: 1.1, 0.9 (lower middle 0.9); 1.033, 2.0 (1.033); their median (0.9 + 1.033) / 2 = 0.97.
        assertTrue(result.contains("\n| 1 | 2 | 0.90× (0.90–1.10) |"), result);
        assertTrue(result.contains("\n| 2 | 2 | 1.03× (1.03–2.00) |"), result);
        assertTrue(result.contains("\n| Median of the JVMs | 4 | 0.97× |"), result);
        assertEquals(0.9666, PairedReport.throughputRatio(new long[] {30_000, 30_000, 30_000, 30_000},
            new long[] {33_000, 27_000, 31_000, 60_000}, new int[] {2, 2}), 0.001);
    }

    @Test
    void anUnpacedRunNeedsAPositiveTimePerMessage()
    {
        final IllegalArgumentException zero = assertThrows(IllegalArgumentException.class,
            () -> PairedReport.throughputMarkdown(HEADING, List.of("mongoose", "disruptor"),
                new long[][] {{0}, {30_000}}, new int[] {1}));
        assertTrue(zero.getMessage().contains("mongoose: time per message of cycle 0: 0 ps; expected > 0"),
            zero.getMessage());
    }

    private static String report()
    {
        final Histogram any = histogram();
        return PairedReport.markdown(HEADING, List.of("mongoose", "disruptor"), new Histogram[] {any, any},
            new long[][] {{100, 100, 1000}, {200, 200, 100}}, new long[][] {{100, 100, 1000}, {200, 200, 100}},
            new long[][] {{300, 300, 300}, {100, 100, 100}}, new int[] {3});
    }

    private static Histogram histogram()
    {
        final Histogram h = new Histogram(3);
        h.recordValue(150);
        h.recordValue(1_712_100);
        return h;
    }
}
