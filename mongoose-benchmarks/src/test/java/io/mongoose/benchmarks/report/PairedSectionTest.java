package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.PairedRunData;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The paired runs' section of summary.md on a data file written as {@code PairedRunMain --data} writes it, with known
 * cycles: every ratio cell is checked by hand.
 */
class PairedSectionTest
{

    @Test
    void eachPeerHasItsRatiosOverTheJvmsAndAllCycles(@TempDir final Path dir) throws Exception
    {
        final Path input = RunFixtures.inputWithOneMongooseRun(dir);
        // JVM 1: cycles 0.5 and 0.5 (median 0.5); JVM 2: 10 and 2 (nearest rank: 2).
        data(new long[][] {{100, 100, 1000, 200}, {200, 200, 100, 100}}, new long[] {100, 100, 500, 100})
            .write(Files.createDirectories(input.resolve(PairedSection.DIRECTORY)).resolve("paired_1m_mps.properties"));
        final SummaryText summary = SummaryText.render(new PairedSection(), input, dir);
        assertEquals(List.of("1M msg/s", "Disruptor", "own", "65,536", "2, 4", "1.25×", "0.50× (0.50–2.00)",
            "0.50× (0.50–2.00)", "2026-11-22T01:00:00Z, Java 17.0.15"), summary.row(PairedSection.HEADING, "1M msg/s", "Disruptor"));
        assertTrue(summary.section(PairedSection.HEADING).contains("read from `../runs/paired/`"),
            summary.section(PairedSection.HEADING));
    }

    @Test
    void anUnpacedRunHasItsThroughputRatiosInATableOfTheirOwn(@TempDir final Path dir) throws Exception
    {
        final Path input = RunFixtures.inputWithOneMongooseRun(dir);
        final Path paired = Files.createDirectories(input.resolve(PairedSection.DIRECTORY));
        data(new long[][] {{100, 100, 1000, 200}, {200, 200, 100, 100}}, new long[] {100, 100, 500, 100})
            .write(paired.resolve("paired_1m_mps.properties"));
        // Times per message. Mongoose's throughput over the Disruptor's is the Disruptor's time over Mongoose's:
        // JVM 1: 30/20, 30/20 (1.5); JVM 2: 30/60 (0.5) and 90/30 (3.0), lower middle 0.5.
        data(0, new long[][] {{20, 20, 60, 30}, {30, 30, 30, 90}}, new long[] {100, 100, 500, 100})
            .write(paired.resolve("paired_max_mps.properties"));
        final SummaryText summary = SummaryText.render(new PairedSection(), input, dir);
        assertEquals(List.of("Disruptor", "own", "65,536", "2, 4", "1.00×", "1.50× (0.50–1.50)",
            "2026-11-22T01:00:00Z, Java 17.0.15"),
            summary.row(PairedSection.HEADING, "Disruptor", "own", "65,536", "2, 4", "1.00×"));
        // The paced run keeps its own row, and the unpaced one none in the latency table.
        assertEquals(1, summary.rows(PairedSection.HEADING).stream().filter(r -> r.get(0).equals("1M msg/s")).count());
        assertTrue(summary.section(PairedSection.HEADING).contains("Above 1.00× Mongoose moved more messages"),
            summary.section(PairedSection.HEADING));
    }

    @Test
    void aRunInAnotherConfigurationHasItsOwnLabelledRowAndTheTargetsKeepTheStandardOne(@TempDir final Path dir)
        throws Exception
    {
        final Path input = RunFixtures.inputWithOneMongooseRun(dir);
        final Path paired = Files.createDirectories(input.resolve(PairedSection.DIRECTORY));
        final long[] near = {100, 100, 100, 100};
        // The standard run at 10M: Mongoose 300 ns in every cycle, the Disruptor 600 (0.50×).
        data(10_000_000, new long[][] {{300, 300, 300, 300}, {600, 600, 600, 600}}, near)
            .write(paired.resolve("paired_10m_mps.properties"));
        // 1,024 slots, polled: Mongoose 5,000 ns, the Disruptor 1,000 (5.00×); own: 2,000 ns against 1,000 (2.00×).
        // Their file names sort before the standard one's: only what the files record tells the runs apart.
        configured(data(10_000_000, new long[][] {{5_000, 5_000, 5_000, 5_000}, {1_000, 1_000, 1_000, 1_000}}, near),
            "polled", 1_024).write(paired.resolve("paired_10m_a_mps.properties"));
        configured(data(10_000_000, new long[][] {{2_000, 2_000, 2_000, 2_000}, {1_000, 1_000, 1_000, 1_000}}, near),
            "own", 1_024).write(paired.resolve("paired_10m_b_mps.properties"));

        final SummaryText summary = SummaryText.render(new PairedSection(), input, dir);
        assertEquals(List.of("10M msg/s", "Disruptor", "own", "65,536", "2, 4", "0.50×"),
            summary.row(PairedSection.HEADING, "10M msg/s", "Disruptor", "own", "65,536").subList(0, 6));
        assertEquals(List.of("10M msg/s", "Disruptor", "polled", "1,024", "2, 4", "5.00×"),
            summary.row(PairedSection.HEADING, "10M msg/s", "Disruptor", "polled", "1,024").subList(0, 6));
        assertEquals(List.of("10M msg/s", "Disruptor", "own", "1,024", "2, 4", "2.00×"),
            summary.row(PairedSection.HEADING, "10M msg/s", "Disruptor", "own", "1,024").subList(0, 6));
        // Three rows at 10M, the standard run's first.
        final List<List<String>> rows = summary.rows(PairedSection.HEADING);
        assertEquals(3, rows.size());
        assertEquals(List.of("own", "65,536"), rows.get(0).subList(2, 4));

        // The 10M target reads the standard run's 300 ns, not 5.0 or 2.0 µs.
        final SummaryText targets = SummaryText.render(new TargetsSection(), input, dir);
        assertEquals(List.of("300 ns over 4 cycles", "met"), targets.row(TargetsSection.HEADING,
            "10M msg/s, p50 under 1 µs (paired: the median of Mongoose's per-cycle p50)").subList(1, 3));
    }

    @Test
    void withoutPairedDataTheSectionSaysHowToGetIt(@TempDir final Path dir) throws Exception
    {
        final SummaryText summary = SummaryText.render(new PairedSection(), RunFixtures.inputWithOneMongooseRun(dir),
            dir);
        assertTrue(summary.section(PairedSection.HEADING).contains("The input has no `paired/paired_<rate>" +
            "_mps.properties`: `scripts/paired.sh` writes one per rate"), summary.section(PairedSection.HEADING));
    }

    @Test
    void aMalformedDataFileIsRefusedNamingIt(@TempDir final Path dir) throws Exception
    {
        final Path input = RunFixtures.inputWithOneMongooseRun(dir);
        final Path file = Files.createDirectories(input.resolve(PairedSection.DIRECTORY)).resolve("paired_1m" +
            PairedSection.SUFFIX);
        Files.writeString(file, "rate=1000000\n");
        final ReportInputException ex = assertThrows(ReportInputException.class, () -> RunCatalog.load(input));
        assertTrue(ex.getMessage().startsWith("--input: "), ex.getMessage());
        assertTrue(ex.getMessage().contains("paired_1m_mps.properties: no 'transports'; expected a file written by " +
            "PairedRunMain --data"), ex.getMessage());
    }

    @Test
    void aDataFileWithoutMongooseIsRefusedNamingIt(@TempDir final Path dir) throws Exception
    {
        final Path input = RunFixtures.inputWithOneMongooseRun(dir);
        final PairedRunData run = data(new long[][] {{1}, {1}}, new long[] {1});
        new PairedRunData(run.rate(), run.measuredAt(), run.javaVersion(), run.consumerMode(), run.sliceMillis(),
            List.of("disruptor", "jctools"), run.cpus(), run.publisherPinning(), run.consumers(), run.totals(),
            run.p50(), run.p90(), new int[] {1}, run.picosPerMessage(), run.p99(), PairedRunData.DEFAULT_QUEUE_CAPACITY)
            .write(Files.createDirectories(input.resolve(PairedSection.DIRECTORY)).resolve("paired_1m_mps.properties"));
        final ReportInputException ex = assertThrows(ReportInputException.class, () -> RunCatalog.load(input));
        assertTrue(ex.getMessage().contains("paired_1m_mps.properties: transports [disruptor, jctools]; expected " +
            "mongoose among them"), ex.getMessage());
    }

    /** {@code run} with other consumers and queue capacity. */
    private static PairedRunData configured(final PairedRunData run, final String consumers, final int capacity)
    {
        return new PairedRunData(run.rate(), run.measuredAt(), run.javaVersion(), consumers, run.sliceMillis(),
            run.transports(), run.cpus(), run.publisherPinning(), run.consumers(), run.totals(), run.p50(), run.p90(),
            run.cyclesPerJvm(), run.picosPerMessage(), run.p99(), capacity);
    }

    private static PairedRunData data(final long[][] p50, final long[] readings)
    {
        return data(1_000_000, p50, readings);
    }

    /** Two JVMs of two cycles; {@code values} are each cycle's p50, p90, p99 and time per message alike. */
    private static PairedRunData data(final long rate, final long[][] values, final long[] readings)
    {
        final Histogram any = new Histogram(3);
        any.recordValue(150);
        return new PairedRunData(rate, "2026-11-22T01:00:00Z", "17.0.15", "own", 50, List.of("mongoose", "disruptor"),
            2, "pinned to CPU 1", "Each transport's own consumer thread.", new Histogram[] {any, any}, values, values,
            new int[] {2, 2}, values, values, PairedRunData.DEFAULT_QUEUE_CAPACITY);
    }
}
