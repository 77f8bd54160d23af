package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.RunResult;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

import static io.mongoose.benchmarks.report.RunFixtures.latency;
import static io.mongoose.benchmarks.report.RunFixtures.oneToThousand;
import static io.mongoose.benchmarks.report.RunFixtures.twoValues;
import static io.mongoose.benchmarks.report.RunFixtures.values;
import static io.mongoose.benchmarks.report.RunFixtures.withDrainLimit;
import static io.mongoose.benchmarks.report.RunFixtures.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The drain-limit phase in the report: a synthetic sweep whose {@code drainlimit/} directory holds Mongoose runs at
 * 1M and 10M msg/s for several limits (one re-run, one missed target), then ReportMain, then the section's table and
 * generated findings, the chart, and the main tables untouched by those runs.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DrainLimitReportTest
{
    private static final Instant WRITTEN = Instant.parse("2025-06-01T12:00:00Z");

    private Path input;
    private Path output;
    private SummaryText summary;

    @BeforeAll
    void writeRunsAndReport(@TempDir final Path dir) throws IOException
    {
        input = dir.resolve("sweep");
        output = dir.resolve("report");
        write(input, "latency_1m_mps", latency("mongoose", 1_000_000, 1_000_000, oneToThousand(), 0), WRITTEN);
        write(input, "disruptor_latency_1m_mps", latency("disruptor", 1_000_000, 1_000_000, oneToThousand(), 0),
            WRITTEN);

        final Path phase = input.resolve(DrainLimitRuns.DIRECTORY);
        // At 1M: limits 4 and 256 tie on p50 (400 ns); 256 alone has the lowest p99 (600 ns).
        write(phase, "mongoose_dl1_1m_mps", drainLimit(1, 1_000_000, 1_000_000, values(900, 1_000, 0)), WRITTEN);
        write(phase, "mongoose_dl4_1m_mps", drainLimit(4, 1_000_000, 1_000_000, twoValues(400, 500, 700, 500)),
            WRITTEN);
        write(phase, "mongoose_dl256_1m_mps", drainLimit(256, 1_000_000, 1_000_000, twoValues(400, 500, 600, 500)),
            WRITTEN);
        // An older run of the same point, replaced by the one above.
        write(phase.resolve("earlier"), "mongoose_dl256_1m_mps",
            drainLimit(256, 1_000_000, 1_000_000, values(100, 1_000, 0)), WRITTEN.minusSeconds(3_600));
        // At 10M: limit 1 missed the rate, so it is out of the running however its latency reads.
        write(phase, "mongoose_dl1_10m_mps", drainLimit(1, 10_000_000, 6_100_000, values(50, 1_000, 0)), WRITTEN);
        write(phase, "mongoose_dl256_10m_mps", drainLimit(256, 10_000_000, 10_000_000, values(1_500, 1_000, 0)),
            WRITTEN);

        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = ReportMain.run(new String[] {"--input=" + input, "--output=" + output},
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(ReportMain.EXIT_OK, code, err.toString(StandardCharsets.UTF_8));
        summary = new SummaryText(Files.readString(output.resolve(SummaryReport.FILE_NAME)));
    }

    private static RunResult drainLimit(final int limit, final long rate, final double achieved,
        final Histogram latency)
    {
        return withDrainLimit(latency("mongoose", rate, achieved, latency, 0), limit);
    }

    @Test
    void theTableHasEveryRateAndLimitWithItsPercentilesAndAchievedRate()
    {
        final String heading = DrainLimitSection.HEADING;
        assertEquals(List.of(
                List.of("1M msg/s", "1", "900 ns", "900 ns", "900 ns", "1M of 1M"),
                List.of("1M msg/s", "4", "400 ns", "700 ns", "700 ns", "1M of 1M"),
                List.of("1M msg/s", "256", "400 ns", "600 ns", "600 ns", "1M of 1M"),
                List.of("10M msg/s", "1", "50 ns", "50 ns", "50 ns", "**MISSED: 6.1M of 10M**"),
                List.of("10M msg/s", "256", "1.5 µs", "1.5 µs", "1.5 µs", "10M of 10M")),
            summary.rows(heading));
    }

    @Test
    void theParagraphExplainsTheTradeOffAndNamesTheBestLimitsFromTheData()
    {
        final String section = summary.section(DrainLimitSection.HEADING);
        assertTrue(section.contains("The drain limit bounds how many messages the agent takes from one queue in " +
            "one duty cycle."), section);
        assertTrue(section.contains("At 1M msg/s, the lowest p50 was 400 ns at drain limits 4 and 256 and the " +
            "lowest p99 600 ns at drain limit 256."), section);
        assertTrue(section.contains("At 10M msg/s, the lowest p50 was 1.5 µs at drain limit 256 and the lowest p99 " +
            "1.5 µs at drain limit 256. Drain limit 1 was left out: MISSED the target, so its latency measures a " +
            "backlog."), section);
        assertTrue(section.contains("(warm-up 5,000 ms, window 10,000 ms, idle strategy busy-spin)"), section);
        assertTrue(section.contains("](" + DrainLimitChart.FILE_NAME + ")"), section);
    }

    @Test
    void theChartIsWrittenAndListedWithTheOthers() throws IOException
    {
        final BufferedImage image = ImageIO.read(output.resolve(DrainLimitChart.FILE_NAME).toFile());
        assertNotNull(image, "drain_limit.png is not a readable image");
        assertEquals(ChartStyle.WIDTH, image.getWidth());
        assertEquals(ChartStyle.HEIGHT, image.getHeight());
        assertTrue(summary.section(ChartsSection.HEADING).contains("](" + DrainLimitChart.FILE_NAME + ")"));
    }

    @Test
    void theChartHasALinePerRateAndPercentileAndMarksTheMissedRun() throws Exception
    {
        final RunCatalog runs = RunCatalog.load(input);
        final ReportChart chart = new DrainLimitChart().charts(runs).get(0);
        final List<XYSeries> series = List.copyOf(((XYChart)chart.chart()).getSeriesCollection());
        assertEquals(List.of("1M msg/s p50", "1M msg/s p99", "10M msg/s p50", "10M msg/s p99",
            DrainLimitChart.MISSED_SERIES), series.stream().map(XYSeries::getName).toList());
        assertEquals(List.of(1.0, 4.0, 256.0), Arrays.stream(series.get(1).getXData()).boxed().toList());
        assertEquals(List.of(0.9, 0.7, 0.6), Arrays.stream(series.get(1).getYData()).boxed().toList());
        // p50 and p99 of the one missed run, in microseconds, at drain limit 1.
        final XYSeries missed = series.get(4);
        assertEquals(List.of(1.0, 1.0), Arrays.stream(missed.getXData()).boxed().toList());
        assertEquals(List.of(0.05, 0.05), Arrays.stream(missed.getYData()).boxed().toList());
        assertEquals("1", DrainLimitChart.limitLabel(1));
        assertEquals("1,000", DrainLimitChart.limitLabel(1_000));
        assertEquals("", DrainLimitChart.limitLabel(300));
    }

    @Test
    void theMainTablesKeepTheRateSweepsOwnRuns()
    {
        // The drain-limit phase's 1M runs are newer Mongoose 1M runs, yet Table 1 still reports the rate sweep's.
        assertEquals(List.of(List.of("1M msg/s", "500 ns", "900 ns", "990 ns", "999 ns", "1.0 µs", "1.0 µs",
            "1.0 µs", "1,000", "1M of 1M", "0", "0")), summary.rows(MongooseLatencySection.HEADING));
        final String provenance = summary.section("## How this report was produced");
        assertTrue(provenance.contains("from 2 run files (2 latency, 0 throughput) found under `../sweep` " +
            "(relative to this report), and 6 runs of the drain-limit phase in `../sweep/drainlimit/`"), provenance);
        assertTrue(provenance.contains("`../sweep/drainlimit/earlier/mongoose_dl256_1m_mps.run.properties`"),
            provenance);
    }

    @Test
    void theDataFilesListTheDrainLimitRuns()
    {
        assertEquals(List.of("Mongoose", "drain limit 4, 1M msg/s",
                "[mongoose_dl4_1m_mps.hgrm](../sweep/drainlimit/mongoose_dl4_1m_mps.hgrm)",
                "[mongoose_dl4_1m_mps.service.hgrm](../sweep/drainlimit/mongoose_dl4_1m_mps.service.hgrm)",
                "[mongoose_dl4_1m_mps.run.properties](../sweep/drainlimit/mongoose_dl4_1m_mps.run.properties)"),
            summary.row(DataFilesSection.HEADING, "Mongoose", "drain limit 4, 1M msg/s"));
        assertEquals("drain limit 256, 1M msg/s (superseded)",
            summary.row(DataFilesSection.HEADING, "Mongoose", "drain limit 256, 1M msg/s (superseded)").get(1));
        assertEquals(2 + 6, summary.rows(DataFilesSection.HEADING).size());
    }

    @Test
    void aRateWhereEveryLimitMissedSaysSo() throws ReportInputException
    {
        final LoadedRun missed = new LoadedRun(Path.of("x.run.properties"), WRITTEN,
            drainLimit(16, 10_000_000, 5_000_000, values(1, 10, 1)));
        final LoadedRun alsoMissed = new LoadedRun(Path.of("y.run.properties"), WRITTEN,
            drainLimit(64, 10_000_000, 7_000_000, values(1, 10, 1)));
        final DrainLimitRuns runs =
            DrainLimitRuns.of(Path.of("drainlimit"), List.of(missed, alsoMissed), "--input").orElseThrow();
        assertEquals(List.of(), runs.lowest(10_000_000, Percentile.P50));
        assertEquals("At 10M msg/s no drain limit held the rate (MISSED at drain limits 16 and 64), so the latencies " +
            "measure a backlog rather than the limit.", DrainLimitSection.finding(runs, 10_000_000));
    }

    @Test
    void limitsThatAllTieAreSaidToTie() throws ReportInputException
    {
        final DrainLimitRuns runs = DrainLimitRuns.of(Path.of("drainlimit"), List.of(
            new LoadedRun(Path.of("a.run.properties"), WRITTEN, drainLimit(1, 1_000_000, 1_000_000, values(7, 5, 0))),
            new LoadedRun(Path.of("b.run.properties"), WRITTEN, drainLimit(8, 1_000_000, 1_000_000, values(7, 5, 0)))),
            "--input").orElseThrow();
        assertEquals(List.of(1, 8), runs.lowest(1_000_000, Percentile.P99));
        assertEquals("At 1M msg/s, the lowest p50 was 7 ns at every drain limit that held the rate (a tie) and the " +
            "lowest p99 7 ns at every drain limit that held the rate (a tie).",
            DrainLimitSection.finding(runs, 1_000_000));
    }

    @Test
    void aRunOtherThanMongooseLatencyInTheDirectoryIsAnErrorNamingIt()
    {
        final LoadedRun peer = new LoadedRun(Path.of("drainlimit/p.run.properties"), WRITTEN,
            latency("disruptor", 1_000_000, 1_000_000, oneToThousand(), 0));
        final ReportInputException e = assertThrows(ReportInputException.class,
            () -> DrainLimitRuns.of(Path.of("drainlimit"), List.of(peer), "--input"));
        assertEquals("--input: run file 'drainlimit/p.run.properties' is a disruptor latency run; expected only " +
            "Mongoose latency runs in drainlimit/ (the sweep's drain-limit phase)", e.getMessage());
    }
}
