package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.PairedRunData;
import io.mongoose.benchmarks.sweep.PeerEvent;
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
 * The padded-peer section of summary.md on data files written as {@code PairedRunMain --data} writes them, with known
 * cycles: each peer's row with its own event and with padded ones, every cell checked by hand.
 */
class LinePerMessageSectionTest
{
    /** Two JVMs of two cycles, cycle 3 far: per-cycle ratios 0.5, 0.5, 10, 2. */
    private static final long[][] OWN = {{100, 100, 1000, 200}, {200, 200, 100, 100}};
    private static final long[] OWN_READINGS = {100, 100, 500, 100};
    /** Per-cycle ratios 1, 0.5, 1, 2, cycle 4 far. */
    private static final long[][] PADDED = {{100, 100, 100, 100}, {100, 200, 100, 50}};
    private static final long[] PADDED_READINGS = {100, 100, 100, 500};

    @Test
    void eachPeerHasARowWithItsOwnEventAndOneWithPaddedEvents(@TempDir final Path dir) throws Exception
    {
        final Path input = RunFixtures.inputWithOneMongooseRun(dir);
        write(input, PairedSection.DIRECTORY, "1m", data(1_000_000, OWN, OWN_READINGS, PeerEvent.RAW));
        write(input, LinePerMessageSection.DIRECTORY, "1m",
            data(1_000_000, PADDED, PADDED_READINGS, PeerEvent.PADDED));
        final SummaryText summary = SummaryText.render(new LinePerMessageSection(), input, dir);
        // JVM medians 0.5 and 2 (nearest rank of 10 and 2), their median 1.25; the same values stand for the p99.
        assertEquals(List.of("1M msg/s", "Disruptor", LinePerMessageSection.OWN, "2, 4", "1.25×", "1.25×",
            "10.00× (10.00–10.00), 1 cycle", "2026-11-22T01:00:00Z, Java 17.0.15"),
            summary.row(LinePerMessageSection.HEADING, "1M msg/s", "Disruptor", LinePerMessageSection.OWN));
        // JVM medians 0.5 (of 1 and 0.5) and 1 (of 1 and 2), their median 0.75.
        assertEquals(List.of("1M msg/s", "Disruptor", LinePerMessageSection.PADDED, "2, 4", "0.75×", "0.75×",
            "2.00× (2.00–2.00), 1 cycle", "2026-11-22T01:00:00Z, Java 17.0.15"),
            summary.row(LinePerMessageSection.HEADING, "1M msg/s", "Disruptor", LinePerMessageSection.PADDED));
        final String section = summary.section(LinePerMessageSection.HEADING);
        assertTrue(section.contains("- At 1M msg/s against Disruptor, Mongoose's p99 ratio read 1.25× with the " +
            "peer's own event and 0.75× with it padded: lower when the peer, too, moves Mongoose's bytes per message."),
            section);
        assertTrue(section.contains("Read from `../runs/paired-padded/`"), section);
    }

    @Test
    void aHigherRatioWithPaddedPeersIsSaidSo(@TempDir final Path dir) throws Exception
    {
        final Path input = RunFixtures.inputWithOneMongooseRun(dir);
        write(input, PairedSection.DIRECTORY, "1m", data(1_000_000, PADDED, PADDED_READINGS, PeerEvent.RAW));
        write(input, LinePerMessageSection.DIRECTORY, "1m", data(1_000_000, OWN, OWN_READINGS, PeerEvent.PADDED));
        final String section = SummaryText.render(new LinePerMessageSection(), input, dir)
            .section(LinePerMessageSection.HEADING);
        assertTrue(section.contains("read 0.75× with the peer's own event and 1.25× with it padded: higher when " +
            "the peer, too, moves Mongoose's bytes per message."), section);
    }

    @Test
    void anUnpacedPaddedRunHasThroughputRowsBesideTheOwnEventRun(@TempDir final Path dir) throws Exception
    {
        final Path input = RunFixtures.inputWithOneMongooseRun(dir);
        // Times per message; the ratio is the peer's over Mongoose's. Own: 1.5, 1.5, 0.5, 3.0 (cycle 3 far).
        write(input, PairedSection.DIRECTORY, "max",
            data(0, new long[][] {{20, 20, 60, 30}, {30, 30, 30, 90}}, OWN_READINGS, PeerEvent.RAW));
        // Padded: 1, 2, 1, 1 (cycle 4 far).
        write(input, LinePerMessageSection.DIRECTORY, "max",
            data(0, new long[][] {{20, 20, 20, 20}, {20, 40, 20, 20}}, PADDED_READINGS, PeerEvent.PADDED));
        final SummaryText summary = SummaryText.render(new LinePerMessageSection(), input, dir);
        assertEquals(List.of("Disruptor", LinePerMessageSection.OWN, "2, 4", "1.00×", "1.50× (1.50–3.00), 3 cycles",
            "0.50× (0.50–0.50), 1 cycle", "2026-11-22T01:00:00Z, Java 17.0.15"),
            summary.row(LinePerMessageSection.HEADING, "Disruptor", LinePerMessageSection.OWN));
        assertEquals(List.of("Disruptor", LinePerMessageSection.PADDED, "2, 4", "1.00×", "1.00× (1.00–2.00), 3 cycles",
            "1.00× (1.00–1.00), 1 cycle", "2026-11-22T01:00:00Z, Java 17.0.15"),
            summary.row(LinePerMessageSection.HEADING, "Disruptor", LinePerMessageSection.PADDED));
        // No paced padded run: no latency table.
        assertTrue(summary.rows(LinePerMessageSection.HEADING).stream().noneMatch(r -> r.get(0).equals("1M msg/s")));
    }

    @Test
    void aPaddedRunWithoutItsOwnEventRunStillHasItsRow(@TempDir final Path dir) throws Exception
    {
        final Path input = RunFixtures.inputWithOneMongooseRun(dir);
        write(input, LinePerMessageSection.DIRECTORY, "10m",
            data(10_000_000, PADDED, PADDED_READINGS, PeerEvent.PADDED));
        final SummaryText summary = SummaryText.render(new LinePerMessageSection(), input, dir);
        assertEquals(1, summary.rows(LinePerMessageSection.HEADING).size());
        assertEquals(LinePerMessageSection.PADDED,
            summary.row(LinePerMessageSection.HEADING, "10M msg/s", "Disruptor").get(2));
        assertTrue(!summary.section(LinePerMessageSection.HEADING).contains("- At "),
            summary.section(LinePerMessageSection.HEADING));
    }

    @Test
    void withoutPaddedRunsTheSectionSaysWhereTheyComeFrom(@TempDir final Path dir) throws Exception
    {
        final String section = SummaryText.render(new LinePerMessageSection(),
            RunFixtures.inputWithOneMongooseRun(dir), dir).section(LinePerMessageSection.HEADING);
        assertTrue(section.contains("The input has no `paired-padded/paired_<rate>_mps.properties`: the full sweep " +
            "writes one at 1M and 10M msg/s and unpaced"), section);
    }

    @Test
    void aRunWithTheirOwnEventsAmongThePaddedOnesIsRefusedNamingIt(@TempDir final Path dir) throws Exception
    {
        final Path input = RunFixtures.inputWithOneMongooseRun(dir);
        write(input, LinePerMessageSection.DIRECTORY, "1m", data(1_000_000, OWN, OWN_READINGS, PeerEvent.RAW));
        final ReportInputException ex = assertThrows(ReportInputException.class, () -> RunCatalog.load(input));
        assertTrue(ex.getMessage().contains("paired_1m_mps.properties: peer events raw; expected padded in " +
            "paired-padded/ (PairedRunMain --peerEvent=padded; runs with the peers' own events belong in paired/)"),
            ex.getMessage());
    }

    private static void write(final Path input, final String directory, final String rate, final PairedRunData run)
        throws Exception
    {
        run.write(Files.createDirectories(input.resolve(directory)).resolve("paired_" + rate + PairedSection.SUFFIX));
    }

    /** Two JVMs of two cycles; {@code values} are each cycle's p50, p90, p99 and time per message alike. */
    private static PairedRunData data(final long rate, final long[][] values, final long[] readings,
        final PeerEvent event)
    {
        final Histogram any = new Histogram(3);
        any.recordValue(150);
        return new PairedRunData(rate, "2026-11-22T01:00:00Z", "17.0.15", "own", 50,
            List.of("mongoose", "disruptor"), 2, "pinned to CPU 1", "Each transport's own consumer thread.",
            "probe messages", new Histogram[] {any, any}, values, values, readings, new int[] {2, 2}, values,
            values, event, PairedRunData.DEFAULT_QUEUE_CAPACITY);
    }
}
