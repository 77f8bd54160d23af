package io.mongoose.benchmarks.report;

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

import static io.mongoose.benchmarks.report.RunFixtures.latency;
import static io.mongoose.benchmarks.report.RunFixtures.oneToThousand;
import static io.mongoose.benchmarks.report.RunFixtures.throughput;
import static io.mongoose.benchmarks.report.RunFixtures.twoValues;
import static io.mongoose.benchmarks.report.RunFixtures.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The repeats in the report: a synthetic sweep with three repeats of Mongoose and Disruptor at 1M and 10M msg/s (one
 * of them a slow-mode run, one a missed rate), RepeatSelectMain's copies at the usual names, then ReportMain: the
 * Repeats section's cells, the ratios round by round, the sentence on what each point stands for, and the rest of the
 * report reading only the copies.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RepeatsReportTest
{
    private static final Instant FIRST = Instant.parse("2026-11-21T10:00:00Z");

    private Path dir;
    private Path input;
    private SummaryText summary;

    @BeforeAll
    void writeRepeatsSelectAndReport(@TempDir final Path tempDir) throws IOException
    {
        dir = tempDir;
        input = dir.resolve("sweep");
        final Path repeats = input.resolve(RepeatRuns.DIRECTORY);
        // Mongoose at 1M: r1 in the slow mode; the median p50 is r3's 180 ns.
        repeat(repeats, "latency_1m_mps", 1, "mongoose", 1_000_000, 620, 700);
        repeat(repeats, "latency_1m_mps", 2, "mongoose", 1_000_000, 150, 200);
        repeat(repeats, "latency_1m_mps", 3, "mongoose", 1_000_000, 180, 900);
        // Disruptor at 1M: r2 in the slow mode; the median is r1's 130 ns.
        repeat(repeats, "disruptor_latency_1m_mps", 1, "disruptor", 1_000_000, 130, 160);
        repeat(repeats, "disruptor_latency_1m_mps", 2, "disruptor", 1_000_000, 450, 500);
        repeat(repeats, "disruptor_latency_1m_mps", 3, "disruptor", 1_000_000, 120, 140);
        // Mongoose at 10M: r3 missed the rate; the median is r2's 310 ns.
        repeat(repeats, "latency_10m_mps", 1, "mongoose", 10_000_000, 300, 400);
        repeat(repeats, "latency_10m_mps", 2, "mongoose", 10_000_000, 310, 420);
        write(repeats, "latency_10m_mps_r3", latency("mongoose", 10_000_000, 6_100_000,
            twoValues(900, 800, 1_000, 200), 0), FIRST.plusSeconds(3));
        // Disruptor at 10M: the median is r3's 205 ns.
        repeat(repeats, "disruptor_latency_10m_mps", 1, "disruptor", 10_000_000, 200, 250);
        repeat(repeats, "disruptor_latency_10m_mps", 2, "disruptor", 10_000_000, 210, 260);
        repeat(repeats, "disruptor_latency_10m_mps", 3, "disruptor", 10_000_000, 205, 255);
        write(input.resolve("throughput"), "mongoose_run1", throughput("mongoose", 9_000_000), FIRST);
        write(input.resolve("throughput"), "disruptor_run1", throughput("disruptor", 20_000_000), FIRST);

        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        assertEquals(RepeatSelectMain.EXIT_OK, RepeatSelectMain.run(new String[] {"--input=" + input, "--repeats=3"},
            quiet, new PrintStream(err, true, StandardCharsets.UTF_8)), err.toString(StandardCharsets.UTF_8));
        assertEquals(ReportMain.EXIT_OK, ReportMain.run(new String[] {"--input=" + input,
            "--output=" + dir.resolve("report")}, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8)), err.toString(StandardCharsets.UTF_8));
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("report: read 6 runs and 12 repeated runs from " +
            input + ";"), out.toString(StandardCharsets.UTF_8));
        summary = new SummaryText(Files.readString(dir.resolve("report").resolve(SummaryReport.FILE_NAME)));
    }

    @Test
    void everyRepeatsP50AndP90WithTheSelectedOneInBoldAndTheSpread()
    {
        assertEquals(List.of(
                List.of("1M msg/s", "Mongoose", "620 ns / 700 ns", "150 ns / 200 ns", "**180 ns / 900 ns**", "r3",
                    "150 ns – 620 ns (4.13×)"),
                List.of("1M msg/s", "Disruptor", "**130 ns / 160 ns**", "450 ns / 500 ns", "120 ns / 140 ns", "r1",
                    "120 ns – 450 ns (3.75×)"),
                List.of("10M msg/s", "Mongoose", "300 ns / 400 ns", "**310 ns / 420 ns**",
                    "900 ns / 1.0 µs (MISSED: 6.1M of 10M)", "r2", "300 ns – 900 ns (3.00×)"),
                List.of("10M msg/s", "Disruptor", "200 ns / 250 ns", "210 ns / 260 ns", "**205 ns / 255 ns**", "r3",
                    "200 ns – 210 ns (1.05×)")),
            summary.rows(RepeatsSection.HEADING).subList(0, 4));
        final String section = summary.section(RepeatsSection.HEADING);
        assertTrue(section.contains("Each latency point ran 3 times, read from `../sweep/repeats/` (warm-up " +
            "5,000 ms, window 10,000 ms)."), section);
        assertTrue(section.contains("Widest p50 spread across repeats, per transport: Mongoose 4.13× (150 ns – " +
            "620 ns at 1M msg/s); Disruptor 3.75× (120 ns – 450 ns at 1M msg/s)."), section);
        assertTrue(!section.contains("the tables report another run"), section);
    }

    @Test
    void ratiosRoundByRoundBesideTheRatioOfTheMedians()
    {
        // 1M: 620/130, 150/450, 180/120; medians 180/130. 10M: 300/200, 310/210, 900/205; medians 310/205.
        assertEquals(List.of(
                List.of("Disruptor", "1M msg/s", "4.77×", "0.33×", "1.50×", "1.38×"),
                List.of("Disruptor", "10M msg/s", "1.50×", "1.48×", "4.39×", "1.51×")),
            summary.rows(RepeatsSection.HEADING).subList(4, 6));
        assertEquals(6, summary.rows(RepeatsSection.HEADING).size());
        // Table 3 takes the same medians.
        assertEquals("1.38×", summary.row(RatioSection.HEADING, "Disruptor", "1M msg/s").get(2));
    }

    @Test
    void theRatioTableAndTheReadmeSayEachPointIsAMedian() throws ReportInputException
    {
        final String basis = "Each latency point is the median of 3 runs (the run with the median p50).";
        assertTrue(summary.section(RatioSection.HEADING).contains(basis), summary.section(RatioSection.HEADING));
        final String readme = ReadmeResults.render(context(input), "summary.md");
        assertTrue(readme.contains("(coordinated-omission free). " + basis + "\n\n| Transport |"), readme);
    }

    @Test
    void theRestOfTheReportReadsOnlyTheCopiesAndListsTheRepeatsAsData() throws ReportInputException
    {
        final RunCatalog runs = RunCatalog.load(input);
        assertEquals(6, runs.all().size());
        assertEquals(List.of(), runs.supersededLatencyRuns());
        assertEquals(input.resolve("latency_1m_mps.run.properties"),
            runs.latency("mongoose", 1_000_000).orElseThrow().properties());
        assertEquals(12, runs.repeatRuns().orElseThrow().all().size());

        // Table 1 has the selected run's figures: p50 180 ns, p90 900 ns.
        assertEquals(List.of("180 ns", "900 ns"),
            summary.row(MongooseLatencySection.HEADING, "1M msg/s").subList(1, 3));
        final String provenance = summary.section("## How this report was produced");
        assertTrue(provenance.contains("from 6 run files (4 latency, 2 throughput) found under `../sweep` (relative " +
            "to this report), and 12 repeated latency runs in `../sweep/repeats/`, of which the tables report each " +
            "point's median;"), provenance);
        assertEquals(List.of("Mongoose", "1M msg/s, repeat 3 (selected)",
                "[latency_1m_mps_r3.hgrm](../sweep/repeats/latency_1m_mps_r3.hgrm)",
                "[latency_1m_mps_r3.service.hgrm](../sweep/repeats/latency_1m_mps_r3.service.hgrm)",
                "[latency_1m_mps_r3.run.properties](../sweep/repeats/latency_1m_mps_r3.run.properties)"),
            summary.row(DataFilesSection.HEADING, "Mongoose", "1M msg/s, repeat 3 (selected)"));
        assertEquals("1M msg/s, repeat 1", summary.row(DataFilesSection.HEADING, "Mongoose", "1M msg/s, repeat 1")
            .get(1));
        assertEquals(6 + 12, summary.rows(DataFilesSection.HEADING).size());
    }

    @Test
    void aPointReRunAfterTheRepeatsOrNeverCopiedIsNotCalledAMedian() throws IOException, ReportInputException
    {
        final Path mixed = dir.resolve("mixed");
        final Path repeats = mixed.resolve(RepeatRuns.DIRECTORY);
        for (int r = 1; r <= 3; r++)
        {
            repeat(repeats, "latency_1m_mps", r, "mongoose", 1_000_000, 100 * r, 150 * r);
            repeat(repeats, "latency_10m_mps", r, "mongoose", 10_000_000, 100 * r, 150 * r);
        }
        assertEquals(RepeatSelectMain.EXIT_OK, RepeatSelectMain.run(new String[] {"--input=" + mixed},
            new PrintStream(new ByteArrayOutputStream()), new PrintStream(new ByteArrayOutputStream())));
        // Afterwards: Mongoose 10M re-run on its own, a Disruptor point without repeats, and JCTools repeats that
        // were never selected.
        write(mixed, "latency_10m_mps", latency("mongoose", 10_000_000, 10_000_000, oneToThousand(), 0),
            FIRST.plusSeconds(60));
        write(mixed, "disruptor_latency_1m_mps", latency("disruptor", 1_000_000, 1_000_000, oneToThousand(), 0),
            FIRST);
        for (int r = 1; r <= 3; r++)
        {
            repeat(repeats, "jctools_latency_10m_mps", r, "jctools", 10_000_000, 100 * r, 150 * r);
        }

        final ReportContext context = context(mixed);
        assertEquals("Latency points are the median of 3 runs for 1 point, one run for 2 points (a median is the " +
            "run with the median p50).", RepeatsSection.basis(context.runs()));
        final SummaryText text = new SummaryText(SummaryReport.render(List.of(new RepeatsSection()), context));
        assertEquals("r2 (the tables report another run)",
            text.row(RepeatsSection.HEADING, "10M msg/s", "Mongoose").get(5));
        assertEquals("r2 (not in the tables)", text.row(RepeatsSection.HEADING, "10M msg/s", "JCTools queue").get(5));
        assertEquals("r2", text.row(RepeatsSection.HEADING, "1M msg/s", "Mongoose").get(5));
        assertTrue(text.section(RepeatsSection.HEADING).contains("its figures are one run, not a median."));
        assertEquals(List.of("JCTools queue", "10M msg/s", "1.00×", "1.00×", "1.00×", "1.00×"),
            text.row(RepeatsSection.HEADING, "JCTools queue", "10M msg/s"));
    }

    @Test
    void withoutRepeatsTheSectionSaysOneRunPerPoint() throws IOException, ReportInputException
    {
        final Path single = dir.resolve("single");
        write(single, "latency_1m_mps", latency("mongoose", 1_000_000, 1_000_000, oneToThousand(), 0), FIRST);
        final ReportContext context = context(single);
        final String text = SummaryReport.render(List.of(new RepeatsSection(), new RatioSection()), context);
        assertTrue(text.contains(RepeatsSection.NOT_RUN + ": the input has no run under `repeats/`"), text);
        assertEquals("Each latency point is one run.", RepeatsSection.basis(context.runs()));
    }

    private static ReportContext context(final Path input) throws ReportInputException
    {
        final ReportOptions options = ReportOptions.parse(new String[] {"--input=" + input,
            "--output=" + input.resolveSibling("out"), "--command=scripts/sweep.sh"});
        return new ReportContext(options, RunCatalog.load(input), List.of(), List.of());
    }

    private static void repeat(final Path repeats, final String point, final int r, final String transport,
        final long rate, final long p50, final long p90) throws IOException
    {
        write(repeats, point + "_r" + r, latency(transport, rate, rate, twoValues(p50, 800, p90, 200), 0),
            FIRST.plusSeconds(r));
    }
}
