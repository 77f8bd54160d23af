package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.Jitter;
import io.mongoose.benchmarks.sweep.Placement;
import io.mongoose.benchmarks.sweep.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static io.mongoose.benchmarks.report.RunFixtures.throughput;
import static io.mongoose.benchmarks.report.RunFixtures.withJitter;
import static io.mongoose.benchmarks.report.RunFixtures.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Maximum throughput table with a placement reading around each unpaced run: every run carries its class, and the
 * near runs get a median and a Mongoose ratio of their own, so that transports are compared on the same placement.
 */
class ThroughputPlacementTest
{
    private static final Instant FIRST = Instant.parse("2026-11-26T10:00:00Z");

    @Test
    void eachRunCarriesItsClassAndTheNearRunsAreComparedAlone(@TempDir final Path dir) throws IOException
    {
        final Path input = dir.resolve("sweep").resolve("throughput");
        // Twelve readings; the 10th percentile is the second lowest, 125 ns, so near is up to 250 ns.
        run(input, "mongoose_run1", "mongoose", 30_000_000, 120, 130);
        run(input, "mongoose_run2", "mongoose", 25_000_000, 480, 500);
        run(input, "mongoose_run3", "mongoose", 29_000_000, 140, 520);
        run(input, "disruptor_run1", "disruptor", 32_000_000, 125, 128);
        run(input, "disruptor_run2", "disruptor", 33_000_000, 490, 470);
        run(input, "disruptor_run3", "disruptor", 31_000_000, 130, 135);

        final SummaryText summary = report(dir);
        // All runs: 29M against 32M. Near runs: Mongoose's one at 30M against the Disruptor's 32M and 31M (31.5M).
        assertEquals(List.of("Mongoose", "30M near, 25M far, 29M moved", "29M", "1.00×", "0, 0, 0", "0", "30M (1)",
            "1.00×"), summary.row(ThroughputSection.HEADING, "Mongoose"));
        assertEquals(List.of("Disruptor", "32M near, 33M far, 31M near", "32M", "0.91×", "0, 0, 0", "0", "31.5M (2)",
            "0.95×"), summary.row(ThroughputSection.HEADING, "Disruptor"));
        assertTrue(summary.section(ThroughputSection.HEADING).contains("read at most 250 ns both before and after"));
    }

    @Test
    void aTransportWithNoNearRunHasADashForItsNearMedianAndEveryRatioOfNearRuns(@TempDir final Path dir)
        throws IOException
    {
        final Path input = dir.resolve("sweep").resolve("throughput");
        run(input, "mongoose_run1", "mongoose", 25_000_000, 480, 500);
        run(input, "mongoose_run2", "mongoose", 26_000_000, 490, 510);
        run(input, "disruptor_run1", "disruptor", 32_000_000, 120, 125);
        run(input, "disruptor_run2", "disruptor", 33_000_000, 130, 128);

        final SummaryText summary = report(dir);
        final List<String> mongoose = summary.row(ThroughputSection.HEADING, "Mongoose");
        final List<String> disruptor = summary.row(ThroughputSection.HEADING, "Disruptor");
        assertEquals(List.of(Formats.NO_RUN, Formats.NO_RUN), mongoose.subList(6, 8));
        assertEquals(List.of("32.5M (2)", Formats.NO_RUN), disruptor.subList(6, 8));
    }

    @Test
    void anUnpacedRunIsClassedByItsTwoReadingsWhateverMediansItCarries(@TempDir final Path dir) throws IOException
    {
        final Path input = dir.resolve("sweep").resolve("throughput");
        // An unpaced run's latency is queueing, so medians say nothing of placement: steady ones do not settle a run
        // whose readings differ, and spread ones do not move a run whose readings agree. Near is up to 250 ns.
        run(input, "mongoose_run1", "mongoose", 30_000_000, new Placement(480, 125, List.of(900L, 910L)));
        run(input, "mongoose_run2", "mongoose", 29_000_000, new Placement(125, 130, List.of(900L, 9_000L)));
        run(input, "disruptor_run1", "disruptor", 32_000_000, new Placement(120, 130));

        final SummaryText summary = report(dir);
        assertEquals("30M moved, 29M near", summary.row(ThroughputSection.HEADING, "Mongoose").get(1));
    }

    @Test
    void runsWithoutAPlacementReadingKeepTheTableAsItWas(@TempDir final Path dir) throws IOException
    {
        final Path input = dir.resolve("sweep").resolve("throughput");
        write(input, "mongoose_run1", throughput("mongoose", 28_000_000), FIRST);
        write(input, "disruptor_run1", throughput("disruptor", 32_000_000), FIRST.plusSeconds(1));

        final SummaryText summary = report(dir);
        assertEquals(List.of("Mongoose", "28M", "28M", "1.00×", "0", "0"),
            summary.row(ThroughputSection.HEADING, "Mongoose"));
        assertFalse(summary.section(ThroughputSection.HEADING).contains("near"));
    }

    private static void run(final Path dir, final String name, final String transport, final double achieved,
        final long roundTripBefore, final long roundTripAfter) throws IOException
    {
        run(dir, name, transport, achieved, new Placement(roundTripBefore, roundTripAfter));
    }

    private static void run(final Path dir, final String name, final String transport, final double achieved,
        final Placement placement) throws IOException
    {
        final RunResult result = withJitter(throughput(transport, achieved), new Jitter(Optional.empty(),
            Optional.empty(), 0, Optional.empty(), Optional.of(placement)));
        write(dir, name, result, FIRST);
    }

    private static SummaryText report(final Path dir) throws IOException
    {
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        assertEquals(ReportMain.EXIT_OK, ReportMain.run(new String[] {"--input=" + dir.resolve("sweep"),
            "--output=" + dir.resolve("report")}, quiet, new PrintStream(err, true, StandardCharsets.UTF_8)),
            err.toString(StandardCharsets.UTF_8));
        return new SummaryText(Files.readString(dir.resolve("report").resolve(SummaryReport.FILE_NAME)));
    }
}
