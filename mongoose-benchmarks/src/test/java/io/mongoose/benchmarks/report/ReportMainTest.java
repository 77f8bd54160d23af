package io.mongoose.benchmarks.report;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

import static io.mongoose.benchmarks.report.RunFixtures.latency;
import static io.mongoose.benchmarks.report.RunFixtures.oneToThousand;
import static io.mongoose.benchmarks.report.RunFixtures.throughput;
import static io.mongoose.benchmarks.report.RunFixtures.values;
import static io.mongoose.benchmarks.report.RunFixtures.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The report end to end: synthetic runs with known histograms written as the sweep writes them, in nested
 * directories with names that say nothing, then ReportMain, then the exact cells of summary.md and the PNGs. The
 * report is generated once for the class (rendering the charts is the slow part); each test reads its own part.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReportMainTest
{
    private static final Instant NEWEST = Instant.parse("2025-06-01T12:00:00Z");
    private static final Instant OLDER = Instant.parse("2025-05-31T08:30:00Z");
    private static final String COMMAND = "scripts/sweep.sh --quick && scripts/report.sh --input=runs --output=out";
    private static final List<String> EXAMPLE = List.of(
        "Pooled-events example: 20000000 messages, one every 250 ns (4000000 msg/s target)",
        "Processed 1000000 messages in 374 ms, heap used: 6 MB, GC count: 0",
        "Processed 2000000 messages in 336 ms, heap used: 7 MB, GC count: 0");

    private Path dir;
    private Path input;
    private Path output;
    private Path example;
    private SummaryText summary;

    @BeforeAll
    void writeRunsAndReport(@TempDir final Path tempDir) throws IOException
    {
        dir = tempDir;
        input = dir.resolve("runs");
        output = dir.resolve("out");
        example = dir.resolve("example.txt");
        Files.write(example, EXAMPLE, StandardCharsets.UTF_8);

        final Path mongoose = input.resolve("a/b");
        write(mongoose, "r1", latency("mongoose", 10_000, 10_000, oneToThousand(), 0), OLDER);
        write(mongoose, "r2", latency("mongoose", 100_000, 100_000, oneToThousand(), 0), OLDER);
        write(mongoose, "r3", latency("mongoose", 1_000_000, 999_000, oneToThousand(), values(100, 1_000, 1), 0),
            OLDER);
        write(mongoose, "r4", latency("mongoose", 10_000_000, 6_100_000, tenMillion(), 0), NEWEST);
        // An earlier run of the same point: the newer r3 is the one reported.
        write(input.resolve("old"), "x", latency("mongoose", 1_000_000, 1_000_000, values(5_000, 1_000, 1), 0),
            OLDER.minusSeconds(3_600));

        final Path peers = input.resolve("c");
        for (final long rate : new long[] {10_000, 100_000, 1_000_000, 10_000_000})
        {
            write(peers, "d" + rate, latency("disruptor", rate, rate, values(2, 1_000, 2), 0), OLDER);
        }
        write(peers.resolve("deeper"), "q", latency("abq", 1_000_000, 1_000_000, values(4, 1_000, 4), 2), OLDER);

        final Path unpaced = input.resolve("t");
        write(unpaced, "t1", throughput("mongoose", 9_000_000), OLDER);
        write(unpaced, "t2", throughput("mongoose", 12_000_000), OLDER);
        write(unpaced, "t3", throughput("mongoose", 10_000_000), OLDER);
        write(unpaced, "t4", throughput("disruptor", 4_000_000), OLDER);
        write(unpaced, "t5", throughput("disruptor", 6_000_000), OLDER);
        write(unpaced, "t6", throughput("disruptor", 5_000_000), OLDER);

        summary = runReport();
    }

    /**
     * 99,000 values of 7,500 ns, 990 of 16,500 ns and 10 of 1,130,000 ns: p50 to p99 7.5 µs, p99.9 and p99.99
     * 16.5 µs, p99.999 and max 1.13 ms (HdrHistogram's highest equivalent values 7,503, 16,511 and 1,130,495 ns).
     */
    private static Histogram tenMillion()
    {
        final Histogram histogram = new Histogram(RunFixtures.DIGITS);
        histogram.recordValueWithCount(7_500, 99_000);
        histogram.recordValueWithCount(16_500, 990);
        histogram.recordValueWithCount(1_130_000, 10);
        return histogram;
    }

    @Test
    void tableOneHasExactPercentilesAndLabelsTheMissedRate()
    {
        assertEquals(List.of("1M msg/s", "500 ns", "900 ns", "990 ns", "999 ns", "1.0 µs", "1.0 µs", "1.0 µs",
            "1,000", "999k of 1M", "0", "0"), summary.row(SweepTables.MONGOOSE_HEADING, "1M msg/s"));
        assertEquals(List.of("10M msg/s", "7.5 µs", "7.5 µs", "7.5 µs", "16.5 µs", "16.5 µs", "1.13 ms", "1.13 ms",
            "100,000", "**MISSED: 6.1M of 10M**", "0", "0"), summary.row(SweepTables.MONGOOSE_HEADING, "10M msg/s"));
        final List<List<String>> rows = summary.rows(SweepTables.MONGOOSE_HEADING);
        assertEquals(4, rows.size(), rows.toString());
        for (final List<String> row : rows)
        {
            assertEquals("10M msg/s".equals(row.get(0)), String.join("|", row).contains(Formats.MISSED),
                row.toString());
        }
    }

    @Test
    void tableTwoHasEveryPeerRunWithItsGcCount()
    {
        assertEquals(List.of("Disruptor", "1M msg/s", "1.0 µs", "1.8 µs", "2.0 µs", "2.0 µs", "2.0 µs", "2.0 µs",
                "2.0 µs", "1,000", "1M of 1M", "0", "0"),
            summary.row(SweepTables.PEERS_HEADING, "Disruptor", "1M msg/s"));
        assertEquals("2 (14 ms)", summary.row(SweepTables.PEERS_HEADING, "ArrayBlockingQueue", "1M msg/s").get(11));
        assertEquals(5, summary.rows(SweepTables.PEERS_HEADING).size());
        assertFalse(summary.section(SweepTables.PEERS_HEADING).contains(Formats.MISSED));
    }

    @Test
    void ratiosAreMongooseOverPeerPerPercentile()
    {
        assertEquals(List.of("Disruptor", "1M msg/s", "0.50×", "0.50×", "0.50×", "0.50×", "0.50×", "0.50×",
            "0.50×", "both met"), summary.row(SweepTables.RATIOS_HEADING, "Disruptor", "1M msg/s"));
        assertEquals(List.of("ArrayBlockingQueue", "1M msg/s", "0.25×", "0.25×", "0.25×", "0.25×", "0.25×",
            "0.25×", "0.25×", "both met"), summary.row(SweepTables.RATIOS_HEADING, "ArrayBlockingQueue", "1M msg/s"));
        // 7,503 ns over 1,000 ns; the row says the Mongoose side did not hold its rate.
        final List<String> top = summary.row(SweepTables.RATIOS_HEADING, "Disruptor", "10M msg/s");
        assertEquals("7.50×", top.get(2));
        assertEquals("**Mongoose MISSED: 6.1M of 10M**", top.get(9));
    }

    @Test
    void throughputIsTheMedianOfRunsAndItsRatio()
    {
        assertEquals(List.of("Mongoose", "9M, 12M, 10M", "10M", "1.00×", "0, 0, 0", "0"),
            summary.row(SweepTables.THROUGHPUT_HEADING, "Mongoose"));
        assertEquals(List.of("Disruptor", "4M, 6M, 5M", "5M", "2.00×", "0, 0, 0", "0"),
            summary.row(SweepTables.THROUGHPUT_HEADING, "Disruptor"));
        assertEquals(2, summary.rows(SweepTables.THROUGHPUT_HEADING).size());
    }

    @Test
    void serviceTimeIsReportedSeparately()
    {
        // Mongoose's 1M service histogram is 100..1099 ns: p50 599 ns, p99 1.1 µs (1,089 ns).
        assertEquals("599 ns / 1.1 µs", summary.row(SweepTables.SERVICE_HEADING, "Mongoose").get(3));
        assertEquals(Formats.NO_RUN, summary.row(SweepTables.SERVICE_HEADING, "ArrayBlockingQueue").get(1));
    }

    @Test
    void provenanceQuotesTheCommandTheNewestDateAndTheSupersededRun()
    {
        final String provenance = summary.section("## How this report was produced");
        assertTrue(provenance.contains("```\n" + COMMAND + "\n```"), provenance);
        assertTrue(provenance.contains("Newest run file: 2025-06-01 12:00:00 UTC."), provenance);
        assertTrue(provenance.contains("from 16 run files (10 latency, 6 throughput) found under `../runs` " +
            "(relative to this report)"), provenance);
        assertTrue(provenance.contains("`../runs/old/x.run.properties`"), provenance);
        // Each transport of the runs, Mongoose first, with what its hop is.
        assertTrue(provenance.contains("- Transports: Mongoose (the full pooled path on a ring feed: claim the next " +
            "pooled message of the feed's ring"), provenance);
        assertTrue(provenance.contains("; Disruptor (a single-producer RingBuffer of pre-allocated 32-byte events " +
            "and one BatchEventProcessor)"), provenance);
    }

    @Test
    void environmentAndPinningComeFromTheRunFiles()
    {
        assertEquals(List.of("CPU model", "Test CPU @ 3.0GHz"), summary.row("## Environment", "CPU model"));
        assertEquals(List.of("JVM flags", RunFixtures.JVM_FLAGS), summary.row("## Environment", "JVM flags"));
        assertEquals(List.of("Clocksource", "tsc"), summary.row("## Environment", "Clocksource"));
        final List<String> mongoose = summary.row("## Environment", "Mongoose");
        assertEquals(List.of("Mongoose", "8", "5,000 ms", "10,000 ms; 5,000 ms", "64", "busy-spin", "auto",
            "pinned to CPU 0", "pinned to CPU 1"), mongoose);
    }

    @Test
    void referenceFiguresAreQuotedNextToOurs()
    {
        final String section = summary.section(ReferenceSection.HEADING);
        assertTrue(section.contains(ReferenceSection.PAGE_TITLE), section);
        assertEquals(List.of("1M msg/s", ReferenceSection.REFERENCE_SOURCE, "250 ns", "293 ns", "335 ns", "875 ns",
            "20 µs", "77 µs", "84 µs", "4,986,664"),
            summary.row(ReferenceSection.HEADING, "1M msg/s", ReferenceSection.REFERENCE_SOURCE));
        assertEquals(List.of("1M msg/s", "Latency, this sweep / reference", "2.00×", "3.07×", "2.96×", "1.14×",
            "0.05×", "0.01×", "0.01×", "0.00×"),
            summary.row(ReferenceSection.HEADING, "1M msg/s", "Latency, this sweep / reference"));
        assertTrue(summary.row(ReferenceSection.HEADING, "10M msg/s", "Mongoose latency, this sweep (**MISSED: 6.1M " +
            "of 10M**)").contains("1.13 ms"));
        assertEquals(List.of("GC count in measurement windows", "0", "0 in all 7 windows"),
            summary.row(ReferenceSection.HEADING, "GC count in measurement windows"));
        assertTrue(section.contains("free of coordinated omission"), section);
        assertFalse(section.contains("TODO"), section);
    }

    @Test
    void exampleOutputIsQuotedVerbatimOnlyWhenGiven() throws IOException
    {
        final String with = summary.section(ExampleOutput.HEADING);
        assertTrue(with.contains("```\n" + String.join("\n", EXAMPLE) + "\n```"), with);

        final int code = ReportMain.run(new String[] {"--input=" + input, "--output=" + dir.resolve("plain")},
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        assertEquals(ReportMain.EXIT_OK, code);
        final String without = Files.readString(dir.resolve("plain").resolve(SummaryReport.FILE_NAME));
        assertFalse(without.contains(ExampleOutput.HEADING), without);
        // Without --command the summary still says how it was made: this generator's own invocation.
        assertTrue(without.contains(ReportMain.class.getName() + " --input=" + input), without);
    }

    @Test
    void chartsAreReadablePngsLinkedFromTheSummary() throws IOException
    {
        final List<String> expected = List.of(ChartsSection.BY_RATE_FILE, "latency_1m_mps_all.png",
            ChartsSection.THROUGHPUT_FILE);
        final String charts = summary.section(ChartsSection.HEADING);
        for (final String name : expected)
        {
            final BufferedImage image = ImageIO.read(output.resolve(name).toFile());
            assertNotNull(image, name + " is not a readable image");
            assertEquals(ChartsSection.WIDTH, image.getWidth(), name);
            assertEquals(ChartsSection.HEIGHT, image.getHeight(), name);
            assertTrue(charts.contains("](" + name + ")"), charts);
        }
        // Those three and no other.
        try (Stream<Path> files = Files.list(output))
        {
            assertEquals(expected.size(), files.filter(f -> f.toString().endsWith(".png")).count());
        }
    }

    @Test
    void aChartWithoutDataIsLeftOut(@TempDir final Path other) throws IOException
    {
        // One Mongoose run at 10k msg/s: no run at 1M msg/s and no throughput run to chart.
        write(other.resolve("runs"), "m", latency("mongoose", 10_000, 10_000, oneToThousand(), 0), NEWEST);
        assertEquals(ReportMain.EXIT_OK, ReportMain.run(new String[] {"--input=" + other.resolve("runs"),
            "--output=" + other.resolve("out")}, new PrintStream(new ByteArrayOutputStream(), true,
            StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)));
        try (Stream<Path> files = Files.list(other.resolve("out")))
        {
            assertEquals(List.of(ChartsSection.BY_RATE_FILE), files.map(f -> f.getFileName().toString())
                .filter(f -> f.endsWith(".png")).toList());
        }
    }

    @Test
    void dataFilesAreLinkedRelativeToTheOutput()
    {
        assertEquals(List.of("Mongoose", "1M msg/s", "[r3.hgrm](../runs/a/b/r3.hgrm)",
            "[r3.service.hgrm](../runs/a/b/r3.service.hgrm)", "[r3.run.properties](../runs/a/b/r3.run.properties)"),
            summary.row(DataFilesSection.HEADING, "Mongoose", "1M msg/s"));
        assertEquals(16, summary.rows(DataFilesSection.HEADING).size());
    }

    private SummaryText runReport() throws IOException
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = ReportMain.run(new String[] {"--input=" + input, "--output=" + output,
                "--exampleOutput=" + example, "--command=" + COMMAND, "--title=Synthetic sweep"},
            new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(ReportMain.EXIT_OK, code, err.toString(StandardCharsets.UTF_8));
        final String text = Files.readString(output.resolve(SummaryReport.FILE_NAME));
        assertTrue(text.startsWith("# Synthetic sweep\n"), text);
        return new SummaryText(text);
    }
}
