package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.PairedRunData;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import static io.mongoose.benchmarks.report.RunFixtures.latency;
import static io.mongoose.benchmarks.report.RunFixtures.throughput;
import static io.mongoose.benchmarks.report.RunFixtures.values;
import static io.mongoose.benchmarks.report.RunFixtures.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The targets section on runs with known figures: each verdict is checked against numbers worked out by hand, one met
 * and one missed for every kind of target, so a verdict that stops following its figure fails here.
 */
class TargetsSectionTest
{
    private static final Instant WRITTEN = Instant.parse("2025-06-01T12:00:00Z");

    @Test
    void ratioTargetsAreJudgedOnThePairedRunsWithTheSweepsBeside(@TempDir final Path dir) throws Exception
    {
        final Path input = dir.resolve("runs");
        // Sweep at 1M: Mongoose 100 ns everywhere, Disruptor 200 (0.50×), JCTools 80 (1.25×).
        write(input, "m", latency("mongoose", 1_000_000, 1_000_000, values(100, 1, 1), 0), WRITTEN);
        write(input, "d", latency("disruptor", 1_000_000, 1_000_000, values(200, 1, 1), 0), WRITTEN);
        write(input, "j", latency("jctools", 1_000_000, 1_000_000, values(80, 1, 1), 0), WRITTEN);
        // Paired at 1M, two JVMs of two cycles; a JVM's median is its lower middle cycle, the JVMs' median their mean.
        // Against the Disruptor: 0.5, 0.5 | 3.0, 3.0, so (0.5 + 3.0) / 2 = 1.75. Against JCTools: 1.0, 1.0 | 1.5, 0.5,
        // so (1.0 + 0.5) / 2 = 0.75. p90 is p50 doubled for every transport, so its ratios are the same.
        // The tail cycle by cycle: Mongoose's p99 300 ns in every cycle, the Disruptor's 200 (1.50×), JCTools' 600
        // (0.50×), where the pooled histograms read the other way: 100 against 400 (0.25×) and 100 (1.00×).
        paired(input, "1m", 1_000_000, new long[][] {{100, 100, 300, 300}, {200, 200, 100, 100}, {100, 100, 200, 600}},
            new Histogram[] {values(100, 1, 1), values(400, 1, 1), values(100, 1, 1)},
            new long[][] {{300, 300, 300, 300}, {200, 200, 200, 200}, {600, 600, 600, 600}});

        final SummaryText summary = SummaryText.render(new TargetsSection(), input, dir);
        // The sweep's ratios are shown; the verdicts follow the paired ones alone (JCTools' sweep ratio of 1.25x is
        // not a miss).
        assertEquals(List.of("1M msg/s", "Disruptor", "0.50×", "0.50×", "0.50×", "1.75×", "1.75×", "**not met**",
            "1.50×", "**not met**"), summary.row(TargetsSection.HEADING, "1M msg/s", "Disruptor"));
        assertEquals(List.of("1M msg/s", "JCTools queue", "1.25×", "1.25×", "1.25×", "0.75×", "0.75×", "met",
            "0.50×", "met"), summary.row(TargetsSection.HEADING, "1M msg/s", "JCTools queue"));
        assertEquals(List.of("10k msg/s", "Disruptor", "—", "—", "—", "—", "—", "—", "—", "—"),
            summary.row(TargetsSection.HEADING, "10k msg/s", "Disruptor"));
    }

    @Test
    void absoluteTargetsFollowTheirFigures(@TempDir final Path dir) throws Exception
    {
        final Path input = dir.resolve("runs");
        write(input, "m10m", latency("mongoose", 10_000_000, 10_000_000, values(500, 1, 1), 0), WRITTEN);
        // A collection in one window fails the zero-GC target for the whole report.
        write(input, "m1m", latency("mongoose", 1_000_000, 1_000_000, values(100, 1, 1), 1), WRITTEN);
        write(input.resolve("t"), "t1", throughput("mongoose", 25_000_000), WRITTEN);
        write(input.resolve("t"), "t2", throughput("mongoose", 15_000_000), WRITTEN);
        write(input.resolve("t"), "t3", throughput("mongoose", 21_000_000), WRITTEN);
        write(input.resolve("t"), "t4", throughput("disruptor", 14_000_000), WRITTEN);
        // Mongoose's per-cycle p50: 300, 2,000, 400, 5,000, 500: median 500 ns.
        paired(input, "10m", 10_000_000, new long[][] {{300, 2_000, 400, 5_000, 500}, {100, 100, 100, 100, 100}},
            new Histogram[] {values(100, 1, 1), values(100, 1, 1)});

        final SummaryText summary = SummaryText.render(new TargetsSection(), input, dir);
        assertEquals(List.of("10M of 10M, p50 500 ns", "met"),
            tail(summary.row(TargetsSection.HEADING, "10M msg/s achieved, p50 under 1 µs (sweep)")));
        assertEquals(List.of("500 ns over 5 cycles", "met"), tail(summary.row(TargetsSection.HEADING,
            "10M msg/s, p50 under 1 µs (paired: the median of Mongoose's per-cycle p50)")));
        assertEquals(List.of("21M msg/s (3 runs)", "met"), tail(summary.row(TargetsSection.HEADING,
            "Max throughput of the full pooled path at least 20M msg/s (median of runs)")));
        assertEquals(List.of("1.50× (Disruptor 14M msg/s)", "met"),
            tail(summary.row(TargetsSection.HEADING, "Max throughput at least the Disruptor's (medians)")));
        assertEquals(List.of("1 in 5 Mongoose windows", "**not met**"),
            tail(summary.row(TargetsSection.HEADING, "No collection in any window")));
        assertEquals(List.of("at most 0 B/msg in 5 Mongoose windows", "met"),
            tail(summary.row(TargetsSection.HEADING, "Under 1 byte allocated per message in every window")));
    }

    @Test
    void withoutRunsEveryTargetSaysSoRatherThanPassing(@TempDir final Path dir) throws Exception
    {
        final Path input = dir.resolve("runs");
        write(input, "a", latency("abq", 1_000_000, 1_000_000, values(100, 1, 1), 0), WRITTEN);
        final SummaryText summary = SummaryText.render(new TargetsSection(), input, dir);
        // Every target still has its row (6 ratio rows, 7 absolute ones), or the loop below would pass on nothing.
        assertEquals(13, summary.rows(TargetsSection.HEADING).size());
        for (final List<String> row : summary.rows(TargetsSection.HEADING))
        {
            assertEquals("—", row.get(row.size() - 1), row.toString());
        }
        assertTrue(summary.section(TargetsSection.HEADING).contains("A dash: the input has no such run."));
    }

    @Test
    void maxThroughputIsAlsoJudgedOnTheUnpacedPairedRun(@TempDir final Path dir) throws Exception
    {
        // Times per message (the helper writes p50 as them), two JVMs of two cycles. Mongoose 30 ps throughout. Missed:
        // the Disruptor 33, 27 | 31, 31, so Mongoose's throughput over it is 1.1, 0.9 (lower middle 0.9) | 1.033 each,
        // and the JVMs' median (0.9 + 1.033) / 2 = 0.967. Met: 33, 33 | 31, 31, so (1.1 + 1.033) / 2 = 1.067.
        assertEquals(List.of("0.967× over 4 cycles in 2 JVMs", "**not met**"),
            pairedThroughputRow(dir.resolve("missed"), new long[] {33, 27, 31, 31}));
        assertEquals(List.of("1.067× over 4 cycles in 2 JVMs", "met"),
            pairedThroughputRow(dir.resolve("met"), new long[] {33, 33, 31, 31}));
    }

    /** The paired max-throughput target's cells, for Mongoose at 30 ps per message and the Disruptor at its times. */
    private static List<String> pairedThroughputRow(final Path input, final long[] disruptorPicos) throws Exception
    {
        write(input, "m", latency("mongoose", 1_000_000, 1_000_000, values(100, 1, 1), 0), WRITTEN);
        paired(input, "max", 0, new long[][] {{30, 30, 30, 30}, disruptorPicos},
            new Histogram[] {values(100, 1, 1), values(100, 1, 1)});
        return tail(SummaryText.render(new TargetsSection(), input, input.getParent()).row(TargetsSection.HEADING,
            "Max throughput at least the Disruptor's (paired: the median of the JVMs' per-cycle ratios)"));
    }

    private static List<String> tail(final List<String> row)
    {
        return row.subList(1, row.size());
    }

    private static void paired(final Path input, final String name, final long rate, final long[][] p50,
        final Histogram[] totals) throws Exception
    {
        paired(input, name, rate, p50, totals, p50);
    }

    /** @param p99 each transport's p99 per cycle. */
    private static void paired(final Path input, final String name, final long rate, final long[][] p50,
        final Histogram[] totals, final long[][] p99) throws Exception
    {
        final List<String> transports = 3 == p50.length ? List.of("mongoose", "disruptor", "jctools") :
            List.of("mongoose", "disruptor");
        final long[][] p90 = new long[p50.length][];
        for (int t = 0; t < p50.length; t++)
        {
            p90[t] = p50[t].clone();
            for (int c = 0; c < p90[t].length; c++)
            {
                p90[t][c] *= 2;
            }
        }
        final int cycles = p50[0].length;
        final int[] perJvm = 4 == cycles ? new int[] {2, 2} : new int[] {cycles};
        new PairedRunData(rate, "2026-11-26T01:00:00Z", "17.0.15", "own", 50, transports, 2, "pinned to CPU 1",
            "Each transport's own consumer thread.", totals, p50, p90, perJvm, p50, p99,
            PairedRunData.DEFAULT_QUEUE_CAPACITY)
            .write(Files.createDirectories(input.resolve(PairedSection.DIRECTORY))
                .resolve("paired_" + name + PairedSection.SUFFIX));
    }
}
