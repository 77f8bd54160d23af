package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.PairedRunData;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The A/A section of summary.md on data files written as {@code PairedRunMain --data} writes them: two JVMs of two
 * cycles with Mongoose, the Disruptor and its twin, every cell worked by hand.
 */
class AaControlSectionTest
{
    /** Per-cycle values of Mongoose, the Disruptor and the twin, standing for p50, p90, p99 and time per message. */
    private static final long[] MONGOOSE = {100, 100, 1000, 200};
    private static final long[] DISRUPTOR = {100, 200, 100, 100};
    private static final long[] TWIN = {100, 100, 100, 100};

    @Test
    void eachLatencyMeasureSetsMongoosesRatioBesideTheTwinsAndTheirRange(@TempDir final Path dir) throws Exception
    {
        final Path input = RunFixtures.inputWithOneMongooseRun(dir);
        write(input, "1m", data(1_000_000, MONGOOSE));
        final SummaryText summary = SummaryText.render(new AaControlSection(), input, dir);
        // Mongoose / Disruptor per cycle 1, 0.5, 10, 2: JVM medians (the lower middle) 0.5 and 2, their median 1.25.
        // Twin / Disruptor 1, 0.5, 1, 1: JVM medians 0.5 and 1, median 0.75, range 0.50-1.00.
        for (final String measure : List.of("p50", "p90", "p99"))
        {
            assertEquals(List.of("1M msg/s", measure, "1.25×", "0.75×", "0.50, 1.00", "0.50–1.00×",
                AaControlSection.ABOVE), summary.row(AaControlSection.HEADING, "1M msg/s", measure));
        }
        final String section = summary.section(AaControlSection.HEADING);
        assertTrue(section.contains("Nothing is judged here."), section);
    }

    @Test
    void aRatioInsideTheTwinsRangeIsWithinIt(@TempDir final Path dir) throws Exception
    {
        final Path input = RunFixtures.inputWithOneMongooseRun(dir);
        // Mongoose exactly as the twin: the same 0.75 the twin reads.
        write(input, "100k", data(100_000, TWIN));
        final SummaryText summary = SummaryText.render(new AaControlSection(), input, dir);
        assertEquals(List.of("100k msg/s", "p99", "0.75×", "0.75×", "0.50, 1.00", "0.50–1.00×",
            AaControlSection.WITHIN), summary.row(AaControlSection.HEADING, "100k msg/s", "p99"));
    }

    @Test
    void theUnpacedRunComparesThroughputTheLanesMessagesPerSecondOverTheDisruptors(@TempDir final Path dir)
        throws Exception
    {
        final Path input = RunFixtures.inputWithOneMongooseRun(dir);
        write(input, "max", data(0, MONGOOSE));
        final SummaryText summary = SummaryText.render(new AaControlSection(), input, dir);
        // Times per message, so each ratio is the Disruptor's over the lane's. Mongoose: 1, 2, 0.1, 0.5, JVM medians
        // 1 and 0.1, median 0.55. Twin: 1, 2, 1, 1, JVM medians (the lower middle) 1 and 1, range 1.00-1.00.
        assertEquals(List.of(AaControlSection.UNPACED, "throughput", "0.55×", "1.00×", "1.00, 1.00", "1.00–1.00×",
            AaControlSection.BELOW), summary.row(AaControlSection.HEADING, AaControlSection.UNPACED, "throughput"));
        assertEquals(1, summary.rows(AaControlSection.HEADING).size());
    }

    @Test
    void withoutATwinLaneTheSectionSaysWhereItComesFrom(@TempDir final Path dir) throws Exception
    {
        final Path input = RunFixtures.inputWithOneMongooseRun(dir);
        final Histogram any = new Histogram(3);
        any.recordValue(150);
        final long[][] values = {MONGOOSE, DISRUPTOR};
        write(input, "1m", new PairedRunData(1_000_000, "2026-11-22T01:00:00Z", "17.0.15", "own", 50,
            List.of("mongoose", "disruptor"), 2, "pinned to CPU 1", "Each transport's own consumer thread.",
            new Histogram[] {any, any}, values, values, new int[] {2, 2}, values, values,
            PairedRunData.DEFAULT_QUEUE_CAPACITY));
        final String section = SummaryText.render(new AaControlSection(), input, dir)
            .section(AaControlSection.HEADING);
        assertTrue(section.contains("The input's paired runs have no `disruptor-twin` lane."), section);
        assertTrue(section.contains("--transports=mongoose,disruptor,disruptor-twin,jctools"), section);
    }

    private static void write(final Path input, final String rate, final PairedRunData run) throws Exception
    {
        run.write(Files.createDirectories(input.resolve(PairedSection.DIRECTORY))
            .resolve("paired_" + rate + PairedSection.SUFFIX));
    }

    /** Two JVMs of two cycles of Mongoose (with {@code mongoose}'s values), the Disruptor and its twin. */
    private static PairedRunData data(final long rate, final long[] mongoose)
    {
        final Histogram any = new Histogram(3);
        any.recordValue(150);
        final long[][] values = {mongoose, DISRUPTOR, TWIN};
        return new PairedRunData(rate, "2026-11-22T01:00:00Z", "17.0.15", "own", 50,
            List.of("mongoose", "disruptor", "disruptor-twin"), 2, "pinned to CPU 1",
            "Each transport's own consumer thread.", new Histogram[] {any, any, any}, values, values, new int[] {2, 2},
            values, values, PairedRunData.DEFAULT_QUEUE_CAPACITY);
    }
}
