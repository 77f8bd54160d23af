package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.Placement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import static io.mongoose.benchmarks.report.RunFixtures.throughput;
import static io.mongoose.benchmarks.report.RunFixtures.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Repeats with a placement reading around each run: every cell carries its run's class (near, far, moved, relative to
 * a low percentile of all readings), and the placement table gives each transport's median p50 per class.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PlacementReportTest
{
    private static final Instant FIRST = Instant.parse("2026-11-21T10:00:00Z");

    private String repeats;

    @BeforeAll
    void writeRepeatsSelectAndReport(@TempDir final Path dir) throws IOException
    {
        final Path input = dir.resolve("sweep");
        final Path runs = input.resolve(RepeatRuns.DIRECTORY);
        // Reference round trip 125 ns (the 10th percentile of these twelve readings), so near is up to 250 ns.
        repeat(runs, "latency_1m_mps", 1, "mongoose", 620, 700, 500, 480);
        repeat(runs, "latency_1m_mps", 2, "mongoose", 150, 200, 120, 130);
        repeat(runs, "latency_1m_mps", 3, "mongoose", 180, 210, 140, 125);
        repeat(runs, "disruptor_latency_1m_mps", 1, "disruptor", 130, 160, 128, 135);
        repeat(runs, "disruptor_latency_1m_mps", 2, "disruptor", 450, 500, 490, 510);
        repeat(runs, "disruptor_latency_1m_mps", 3, "disruptor", 300, 340, 130, 470);
        write(input.resolve("throughput"), "mongoose_run1", throughput("mongoose", 9_000_000), FIRST);
        write(input.resolve("throughput"), "disruptor_run1", throughput("disruptor", 20_000_000), FIRST);

        repeats = repeatsSection(dir, input, 3);
    }

    @Test
    void everyCellCarriesItsRunsPlacementClass()
    {
        assertTrue(repeats.contains("| 1M msg/s | Mongoose | 620 ns / 700 ns far | 150 ns / 200 ns near | " +
            "**180 ns / 210 ns** near |"), repeats);
        assertTrue(repeats.contains("| 1M msg/s | Disruptor | 130 ns / 160 ns near | 450 ns / 500 ns far | " +
            "**300 ns / 340 ns** moved |"), repeats);
    }

    @Test
    void thePlacementParagraphGivesTheRuleAndTheCounts()
    {
        // Twelve readings; the 10th percentile is the second lowest, 125 ns, not the lowest 120 ns.
        assertTrue(repeats.contains("The reference round trip (the 10th percentile of all readings) was 125 ns; a " +
            "reading is near when at most 2× that (250 ns), far when above."), repeats);
        assertTrue(repeats.contains("Runs: 3 near, 2 far, 1 moved."), repeats);
        assertFalse(repeats.contains("decided per JVM"), repeats);
    }

    @Test
    void eachTransportsMedianP50PerPlacementClass()
    {
        assertTrue(repeats.contains("| 1M msg/s | Mongoose | 150 ns (2) | 620 ns (1) | — |"), repeats);
        assertTrue(repeats.contains("| 1M msg/s | Disruptor | 130 ns (1) | 450 ns (1) | 300 ns (1) |"), repeats);
    }

    @Test
    void theRatioTableComparesTheNearRunsLikeWithLike()
    {
        // Mongoose's near runs 150 and 180 ns (median 150 / 200), the Disruptor's one near run 130 / 160: the selected
        // runs (180 against 300, a moved run) would give 0.60x instead. Each also has one far run: 620 / 700 against
        // 450 / 500.
        assertTrue(repeats.contains("| Disruptor | 1M msg/s | 4.77× | 0.33× | 0.60× | 0.60× | 1.15× / 1.25× near; " +
            "1.38× / 1.40× far |"), repeats);
        assertTrue(repeats.contains("the last column compares like with like"), repeats);
    }

    @Test
    void withoutANearRunEachTheFarRunsAreCompared(@TempDir final Path dir) throws IOException
    {
        final Path input = dir.resolve("sweep");
        final Path runs = input.resolve(RepeatRuns.DIRECTORY);
        // Reference 125 ns. Mongoose near, far, far (far median 480 / 600, also the selected run); JCTools moved, far,
        // moved (its one far run 500 / 700; selected the moved 350): the far runs give 0.96x / 0.86x, where the
        // selected runs set Mongoose's far run against JCTools' moved one, 1.37x.
        repeat(runs, "latency_1m_mps", 1, "mongoose", 150, 200, 120, 130);
        repeat(runs, "latency_1m_mps", 2, "mongoose", 480, 600, 500, 490);
        repeat(runs, "latency_1m_mps", 3, "mongoose", 520, 640, 510, 505);
        repeat(runs, "jctools_latency_1m_mps", 1, "jctools", 300, 400, 125, 500);
        repeat(runs, "jctools_latency_1m_mps", 2, "jctools", 500, 700, 490, 520);
        repeat(runs, "jctools_latency_1m_mps", 3, "jctools", 350, 450, 130, 480);
        final String section = repeatsSection(dir, input, 3);
        assertTrue(section.contains("| JCTools queue | 1M msg/s | 0.50× | 0.96× | 1.49× | 1.37× | 0.96× / 0.86× far |"),
            section);
    }

    @Test
    void theSamePlacementColumnIsEmptyWithoutACommonPlacement(@TempDir final Path dir) throws IOException
    {
        final Path input = dir.resolve("sweep");
        final Path runs = input.resolve(RepeatRuns.DIRECTORY);
        repeat(runs, "latency_1m_mps", 1, "mongoose", 150, 200, 120, 130);
        repeat(runs, "latency_1m_mps", 2, "mongoose", 160, 210, 125, 130);
        repeat(runs, "jctools_latency_1m_mps", 1, "jctools", 450, 500, 490, 510);
        repeat(runs, "jctools_latency_1m_mps", 2, "jctools", 470, 520, 500, 520);
        final String section = repeatsSection(dir, input, 2);
        assertTrue(section.contains("| JCTools queue | 1M msg/s | 0.33× | 0.34× | 0.33× | — |"), section);
    }

    @Test
    void aRunThatKeptItsRateIsClassedByItsWindowsMediansAndTheReadingAfterIt(@TempDir final Path dir)
        throws IOException
    {
        final Path input = dir.resolve("sweep");
        final Path runs = input.resolve(RepeatRuns.DIRECTORY);
        // Reference 120 ns (the 10th percentile of these eighteen readings), so near is up to 240 ns.
        // Mongoose's second run read far before its warm-up and near after its window, with steady medians: near.
        repeat(runs, "latency_1m_mps", 1, "mongoose", 150, 200, new Placement(120, 130, List.of(140L, 150L, 160L)));
        repeat(runs, "latency_1m_mps", 2, "mongoose", 160, 210, new Placement(400, 125, List.of(150L, 160L)));
        repeat(runs, "latency_1m_mps", 3, "mongoose", 480, 600, new Placement(500, 490, List.of(470L, 490L)));
        // JCTools' first run read near on both sides, but its medians stepped from 140 to 460 ns and back: moved. Its
        // third run's medians spread 1.5x: far, as read after it.
        repeat(runs, "jctools_latency_1m_mps", 1, "jctools", 170, 680,
            new Placement(125, 130, List.of(140L, 460L, 150L)));
        repeat(runs, "jctools_latency_1m_mps", 2, "jctools", 200, 250, new Placement(130, 128, List.of(190L, 210L)));
        repeat(runs, "jctools_latency_1m_mps", 3, "jctools", 500, 700,
            new Placement(490, 520, List.of(400L, 600L)));
        // The queue's first run fell behind its rate: its medians grow with the backlog, so its readings decide (near).
        RunFixtures.writePlacedRepeat(runs, "abq_latency_1m_mps", 1, "abq", 1_000_000, 500_000, 20_000, 30_000,
            new Placement(120, 125, List.of(2_000_000_000L, 4_400_000_000L)), FIRST.plusSeconds(1));
        repeat(runs, "abq_latency_1m_mps", 2, "abq", 21_000, 31_000, new Placement(122, 126));
        repeat(runs, "abq_latency_1m_mps", 3, "abq", 22_000, 32_000, new Placement(124, 127));
        final String section = repeatsSection(dir, input, 3);
        assertTrue(section.contains("| 1M msg/s | Mongoose | 150 ns / 200 ns near | **160 ns / 210 ns** near | " +
            "480 ns / 600 ns far |"), section);
        assertTrue(section.contains("| 1M msg/s | JCTools queue | 170 ns / 680 ns moved | **200 ns / 250 ns** near | " +
            "500 ns / 700 ns far |"), section);
        final String queue = section.lines().filter(l -> l.startsWith("| 1M msg/s | ArrayBlockingQueue |"))
            .findFirst().orElseThrow();
        assertTrue(queue.contains("near (MISSED") && !queue.contains("moved"), queue);
        assertTrue(section.contains("Runs: 6 near, 2 far, 1 moved."), section);
        assertTrue(section.contains("it is moved when one part's median was more than 2× another's"), section);
        // Near: Mongoose's 150 / 200 (the lower middle of two) against JCTools' one near run 200 / 250.
        assertTrue(section.contains("0.75× / 0.80× near; 0.96× / 0.86× far |"), section);
    }

    /** Select each point's median run, as the sweep does, report, and return the Repeats section. */
    private static String repeatsSection(final Path dir, final Path input, final int repeats) throws IOException
    {
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        assertEquals(RepeatSelectMain.EXIT_OK, RepeatSelectMain.run(new String[] {"--input=" + input, "--repeats=" +
            repeats}, quiet, new PrintStream(err, true, StandardCharsets.UTF_8)), err.toString(StandardCharsets.UTF_8));
        assertEquals(ReportMain.EXIT_OK, ReportMain.run(new String[] {"--input=" + input,
            "--output=" + dir.resolve("report")}, quiet, new PrintStream(err, true, StandardCharsets.UTF_8)),
            err.toString(StandardCharsets.UTF_8));
        return new SummaryText(Files.readString(dir.resolve("report").resolve(SummaryReport.FILE_NAME)))
            .section(RepeatsSection.HEADING);
    }

    private static void repeat(final Path runs, final String point, final int r, final String transport,
        final long p50, final long p90, final long roundTripBefore, final long roundTripAfter) throws IOException
    {
        RunFixtures.writePlacedRepeat(runs, point, r, transport, 1_000_000, p50, p90, roundTripBefore, roundTripAfter,
            FIRST.plusSeconds(r));
    }

    private static void repeat(final Path runs, final String point, final int r, final String transport,
        final long p50, final long p90, final Placement placement) throws IOException
    {
        RunFixtures.writePlacedRepeat(runs, point, r, transport, 1_000_000, 1_000_000, p50, p90, placement,
            FIRST.plusSeconds(r));
    }
}
