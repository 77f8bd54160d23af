package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.PairedRunData;
import io.mongoose.benchmarks.sweep.PeerEvent;
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
    void ratioTargetsAreJudgedOnTheSweepAndOnThePairedRuns(@TempDir final Path dir) throws Exception
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
            new long[] {100, 100, 100, 100},
            new Histogram[] {values(100, 1, 1), values(400, 1, 1), values(100, 1, 1)},
            new long[][] {{300, 300, 300, 300}, {200, 200, 200, 200}, {600, 600, 600, 600}});

        final SummaryText summary = SummaryText.render(new TargetsSection(), input, dir);
        // No run recorded a placement, so the separate runs are judged on their medians and have no same-placement cell.
        assertEquals(List.of("1M msg/s", "Disruptor", "0.50×", "0.50×", "—", "met", "1.75×", "1.75×", "**not met**",
            "0.50×", "1.50×", "**not met**"), summary.row(TargetsSection.HEADING, "1M msg/s", "Disruptor"));
        assertEquals(List.of("1M msg/s", "JCTools queue", "1.25×", "1.25×", "—", "**not met**", "0.75×", "0.75×",
            "met", "1.25×", "0.50×", "met"), summary.row(TargetsSection.HEADING, "1M msg/s", "JCTools queue"));
        assertEquals(List.of("10k msg/s", "Disruptor", "—", "—", "—", "—", "—", "—", "—", "—", "—", "—"),
            summary.row(TargetsSection.HEADING, "10k msg/s", "Disruptor"));
        // The tail's spread: every cycle reads 1.50x against the Disruptor and 0.50x against JCTools in both JVMs, so
        // each interval is that one value and the run tells both apart; 10k has no paired run and no row.
        final List<List<String>> spread = summary.rows(TargetsSection.HEADING).stream()
            .filter(row -> 6 == row.size()).toList();
        assertEquals(List.of(
            List.of("1M msg/s", "Disruptor", "1.50×", "1.50, 1.50", "1.50–1.50×", TailSpread.HIGHER),
            List.of("1M msg/s", "JCTools queue", "0.50×", "0.50, 0.50", "0.50–0.50×", TailSpread.LOWER)), spread);
        assertTrue(summary.section(TargetsSection.HEADING).contains("How firm each paired tail ratio is."));
    }

    @Test
    void aTailMissIsSetBesideTheSameRatioWithPaddedPeers(@TempDir final Path dir) throws Exception
    {
        final Path input = dir.resolve("runs");
        write(input, "m", latency("mongoose", 1_000_000, 1_000_000, values(100, 1, 1), 0), WRITTEN);
        // Own events: Mongoose's p99 300 ns in every cycle, the Disruptor's 200 (1.50×, a miss), JCTools' 600 (met).
        paired(input, "1m", 1_000_000, new long[][] {{100, 100, 100, 100}, {200, 200, 200, 200}, {200, 200, 200, 200}},
            new long[] {100, 100, 100, 100}, new Histogram[] {values(100, 1, 1), values(100, 1, 1), values(100, 1, 1)},
            new long[][] {{300, 300, 300, 300}, {200, 200, 200, 200}, {600, 600, 600, 600}});
        // Padded, in the run after: 300 against the Disruptor's 250 in every cycle (1.20×).
        final long[][] p99 = {{300, 300, 300, 300}, {250, 250, 250, 250}, {300, 300, 300, 300}};
        new PairedRunData(1_000_000, "2026-11-26T01:05:00Z", "17.0.15", "own", 50,
            List.of("mongoose", "disruptor", "jctools"), 2, "pinned to CPU 1", "Each transport's own consumer thread.",
            "probe messages", new Histogram[] {values(100, 1, 1), values(100, 1, 1), values(100, 1, 1)}, p99, p99,
            new long[] {100, 100, 100, 100}, new int[] {2, 2}, p99, p99, PeerEvent.PADDED, PairedRunData.DEFAULT_QUEUE_CAPACITY)
            .write(Files.createDirectories(input.resolve(LinePerMessageSection.DIRECTORY))
                .resolve("paired_1m" + PairedSection.SUFFIX));

        final String section = SummaryText.render(new TargetsSection(), input, dir).section(TargetsSection.HEADING);
        assertTrue(section.contains("Each tail miss beside the same ratio from the paired run that followed it with " +
            "the peers' event padded to the size of Mongoose's message (not judged; see \"Bytes per message: " +
            "peers padded to Mongoose's size\"): 1M msg/s against Disruptor, 1.50× with the peer's own event and " +
            "1.20× padded.\n"), section);
        // The met tail against JCTools is not listed.
        assertFalse(section.contains("against JCTools queue, 0.50×"), section);
    }

    @Test
    void aPairedRunRecordedBeforeThePerCycleP99GivesThePooledRatioAndNoTailVerdict(@TempDir final Path dir)
        throws Exception
    {
        final Path input = dir.resolve("runs");
        write(input, "m", latency("mongoose", 1_000_000, 1_000_000, values(100, 1, 1), 0), WRITTEN);
        write(input, "d", latency("disruptor", 1_000_000, 1_000_000, values(200, 1, 1), 0), WRITTEN);
        paired(input, "1m", 1_000_000, new long[][] {{100, 100, 100, 100}, {200, 200, 200, 200}},
            new long[] {100, 100, 100, 100}, new Histogram[] {values(100, 1, 1), values(400, 1, 1)},
            new long[][] {{}, {}});

        final SummaryText summary = SummaryText.render(new TargetsSection(), input, dir);
        final List<String> row = summary.row(TargetsSection.HEADING, "1M msg/s", "Disruptor");
        assertEquals(List.of("0.25× pooled", "not recorded"), row.subList(row.size() - 2, row.size()));
        // Without each cycle's p99 there is nothing to resample: no spread table.
        assertFalse(summary.section(TargetsSection.HEADING).contains("How firm each paired tail ratio is."));
    }

    @Test
    void theSeparateRunsAreJudgedOnRunsOfOnePlacement(@TempDir final Path dir) throws Exception
    {
        final Path input = dir.resolve("runs");
        final Path repeats = input.resolve(RepeatRuns.DIRECTORY);
        // Near readings 120-130 ns, far ones about 500, so near is up to 240 ns. At 100k Mongoose's median run by p50 is
        // its far one (108 / 318 ns) and the Disruptor's a near one (159 / 179): 1.78x at p90 on the medians. Its near
        // runs' median (lower middle) is 100 / 120 against 159 / 179, and against JCTools' near median 124 / 165.
        repeat(repeats, "latency_100k_mps", 1, "mongoose", 100_000, 100, 120, 120, 125);
        repeat(repeats, "latency_100k_mps", 2, "mongoose", 100_000, 108, 318, 500, 490);
        repeat(repeats, "latency_100k_mps", 3, "mongoose", 100_000, 121, 141, 125, 130);
        repeat(repeats, "disruptor_latency_100k_mps", 1, "disruptor", 100_000, 159, 179, 120, 130);
        repeat(repeats, "disruptor_latency_100k_mps", 2, "disruptor", 100_000, 552, 654, 125, 500);
        repeat(repeats, "disruptor_latency_100k_mps", 3, "disruptor", 100_000, 154, 176, 500, 125);
        repeat(repeats, "jctools_latency_100k_mps", 1, "jctools", 100_000, 124, 165, 120, 120);
        repeat(repeats, "jctools_latency_100k_mps", 2, "jctools", 100_000, 445, 694, 130, 510);
        repeat(repeats, "jctools_latency_100k_mps", 3, "jctools", 100_000, 153, 183, 125, 125);
        // At 10k Mongoose ran near three times and the Disruptor far three times: nothing to compare like with like.
        for (int r = 1; r <= 3; r++)
        {
            repeat(repeats, "latency_10k_mps", r, "mongoose", 10_000, 190 + 10 * r, 240 + 10 * r, 120, 125);
            repeat(repeats, "disruptor_latency_10k_mps", r, "disruptor", 10_000, 580 + 20 * r, 680 + 20 * r, 500,
                505);
            repeat(repeats, "jctools_latency_10k_mps", r, "jctools", 10_000, 400, 500, 120, 500);
        }
        // At 1M both ran once near and once far: Mongoose wins near (0.67x / 0.71x) and loses far (1.11x / 1.09x), and
        // the verdict takes both.
        repeat(repeats, "latency_1m_mps", 1, "mongoose", 1_000_000, 100, 120, 120, 125);
        repeat(repeats, "latency_1m_mps", 2, "mongoose", 1_000_000, 500, 600, 500, 490);
        repeat(repeats, "latency_1m_mps", 3, "mongoose", 1_000_000, 300, 400, 120, 500);
        repeat(repeats, "disruptor_latency_1m_mps", 1, "disruptor", 1_000_000, 150, 170, 125, 125);
        repeat(repeats, "disruptor_latency_1m_mps", 2, "disruptor", 1_000_000, 450, 550, 500, 500);
        repeat(repeats, "disruptor_latency_1m_mps", 3, "disruptor", 1_000_000, 200, 300, 500, 120);
        final PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        assertEquals(RepeatSelectMain.EXIT_OK, RepeatSelectMain.run(new String[] {"--input=" + input,
            "--repeats=3"}, quiet, quiet));

        final SummaryText summary = SummaryText.render(new TargetsSection(), input, dir);
        assertEquals(List.of("100k msg/s", "Disruptor", "0.68×", "1.78×", "0.63× / 0.67×, near (runs: 2 / 1)", "met",
            "—", "—", "—", "1.78×", "—", "—"), summary.row(TargetsSection.HEADING, "100k msg/s", "Disruptor"));
        assertEquals(List.of("100k msg/s", "JCTools queue", "0.71×", "1.74×", "0.81× / 0.73×, near (runs: 2 / 2)",
            "met", "—", "—", "—", "1.74×", "—", "—"),
            summary.row(TargetsSection.HEADING, "100k msg/s", "JCTools queue"));
        assertEquals(List.of("10k msg/s", "Disruptor", "0.34×", "0.36×", "—", "no common placement", "—", "—", "—",
            "0.36×", "—", "—"), summary.row(TargetsSection.HEADING, "10k msg/s", "Disruptor"));
        assertEquals(List.of("1M msg/s", "Disruptor", "1.50×", "1.33×",
            "0.67× / 0.71×, near (runs: 1 / 1); 1.11× / 1.09×, far (runs: 1 / 1)", "**not met**", "—", "—", "—",
            "1.33×", "—", "—"), summary.row(TargetsSection.HEADING, "1M msg/s", "Disruptor"));
        // JCTools' 10k runs were all moved: a moved run is not like another moved run either.
        assertEquals("no common placement", summary.row(TargetsSection.HEADING, "10k msg/s", "JCTools queue").get(5));
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
        // Readings: the 10th percentile is 100, so cycles above 200 ns are far. Near cycles' Mongoose p50: 300, 400,
        // 500 (median 400 ns); far: 2,000 and 5,000 (lower middle 2,000 ns).
        paired(input, "10m", 10_000_000, new long[][] {{300, 2_000, 400, 5_000, 500}, {100, 100, 100, 100, 100}},
            new long[] {100, 900, 100, 900, 150}, new Histogram[] {values(100, 1, 1), values(100, 1, 1)});

        final SummaryText summary = SummaryText.render(new TargetsSection(), input, dir);
        assertEquals(List.of("10M of 10M, p50 500 ns", "met"),
            tail(summary.row(TargetsSection.HEADING, "10M msg/s achieved, p50 under 1 µs (sweep)")));
        final String nearTarget = "10M msg/s, p50 under 1 µs (paired, near cycles: the median of Mongoose's " +
            "per-cycle p50)";
        assertEquals(List.of("400 ns over 3 cycles", "met"), tail(summary.row(TargetsSection.HEADING, nearTarget)));
        assertEquals(List.of("2.0 µs over 2 cycles", "**not met**"),
            tail(summary.row(TargetsSection.HEADING, nearTarget.replace("near", "far"))));
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
        // Every target still has its row (6 ratio rows, 8 absolute ones), or the loop below would pass on nothing.
        assertEquals(14, summary.rows(TargetsSection.HEADING).size());
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
        paired(input, "max", 0, new long[][] {{30, 30, 30, 30}, disruptorPicos}, new long[] {100, 100, 100, 100},
            new Histogram[] {values(100, 1, 1), values(100, 1, 1)});
        return tail(SummaryText.render(new TargetsSection(), input, input.getParent()).row(TargetsSection.HEADING,
            "Max throughput at least the Disruptor's (paired: the median of the JVMs' per-cycle ratios)"));
    }

    /** A repeat recorded {@code r} seconds after {@link #WRITTEN}: see {@link RunFixtures#writePlacedRepeat}. */
    private static void repeat(final Path repeats, final String point, final int r, final String transport,
        final long rate, final long p50, final long p90, final long roundTripBefore, final long roundTripAfter)
        throws Exception
    {
        RunFixtures.writePlacedRepeat(repeats, point, r, transport, rate, p50, p90, roundTripBefore, roundTripAfter,
            WRITTEN.plusSeconds(r));
    }

    private static List<String> tail(final List<String> row)
    {
        return row.subList(1, row.size());
    }

    private static void paired(final Path input, final String name, final long rate, final long[][] p50, final long[] readings,
        final Histogram[] totals) throws Exception
    {
        paired(input, name, rate, p50, readings, totals, p50);
    }

    /** @param p99 each transport's p99 per cycle; empty arrays for a run recorded before the per-cycle p99. */
    private static void paired(final Path input, final String name, final long rate, final long[][] p50,
        final long[] readings, final Histogram[] totals, final long[][] p99) throws Exception
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
        final int cycles = readings.length;
        final int[] perJvm = 4 == cycles ? new int[] {2, 2} : new int[] {cycles};
        new PairedRunData(rate, "2026-11-26T01:00:00Z", "17.0.15", "own", 50, transports, 2, "pinned to CPU 1",
            "Each transport's own consumer thread.", "probe messages", totals, p50, p90, readings, perJvm, p50, p99,
            PeerEvent.RAW, PairedRunData.DEFAULT_QUEUE_CAPACITY)
            .write(Files.createDirectories(input.resolve(PairedSection.DIRECTORY))
                .resolve("paired_" + name + PairedSection.SUFFIX));
    }
}
