package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.ContextSwitches;
import io.mongoose.benchmarks.sweep.Jitter;
import io.mongoose.benchmarks.sweep.Placement;
import io.mongoose.benchmarks.sweep.RunResult;
import io.mongoose.benchmarks.sweep.RunResultFiles;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The file contract the report depends on: what the sweep writes, the report reads back unchanged, histograms
 * included.
 */
class RunResultFilesTest
{
    @TempDir
    Path dir;

    @Test
    void aRunRecordsWhenItWasWrittenAndTheCatalogDatesItByThatNotByTheFileSystem() throws IOException,
        ReportInputException
    {
        final Instant before = Instant.now().minusSeconds(1);
        final Path hgrm = dir.resolve("latency_1m_mps.hgrm");
        RunResultFiles.write(hgrm, RunFixtures.latency("mongoose", 1_000_000, 1_000_000.0, RunFixtures.oneToThousand(), 0));
        final Path properties = RunResultFiles.propertiesOf(hgrm);

        final Instant recorded = RunResultFiles.recordedAt(properties).orElseThrow();
        assertTrue(!recorded.isBefore(before) && !recorded.isAfter(Instant.now()), recorded::toString);

        // A checkout or copy stamps the file with its own time; the run keeps its date.
        Files.setLastModifiedTime(properties, FileTime.from(recorded.plusSeconds(86_400)));
        assertEquals(recorded, RunCatalog.load(dir, "--input").newest());
    }

    @Test
    void aFileWrittenBeforeRecordedAtIsDatedByItsStoreDateLine() throws IOException
    {
        final Path legacy = dir.resolve("legacy.run.properties");
        Files.writeString(legacy, "#Mongoose benchmark run: latency_1m_mps.hgrm\n#Sat Nov 21 07:46:44 UTC 2026\n" +
            "transport=mongoose\n", StandardCharsets.UTF_8);
        final Path undated = dir.resolve("undated.run.properties");
        Files.writeString(undated, "#just a title\ntransport=mongoose\n", StandardCharsets.UTF_8);
        final Path broken = dir.resolve("broken.run.properties");
        Files.writeString(broken, "recordedAt=yesterday\n", StandardCharsets.UTF_8);

        assertEquals(Optional.of(Instant.parse("2026-11-21T07:46:44Z")), RunResultFiles.recordedAt(legacy));
        assertEquals(Optional.empty(), RunResultFiles.recordedAt(undated));
        final IOException ex = assertThrows(IOException.class, () -> RunResultFiles.recordedAt(broken));
        assertTrue(ex.getMessage().endsWith("recordedAt 'yesterday'; expected an ISO-8601 instant such as " +
            "2026-11-21T09:12:51Z"), ex.getMessage());
    }

    @Test
    void writeThenReadGivesTheSameRun() throws IOException
    {
        final Histogram latency = RunFixtures.values(1, 1_000, 1);
        latency.recordValueWithCount(1_130_000, 3);
        final Histogram service = RunFixtures.values(100, 500, 3);
        final RunResult written = new RunResult("disruptor", RunResult.Mode.LATENCY, 10_000_000, 6_123_456.5, false,
            latency.getTotalCount(), 5_000, 10_000, 256, "busy-spin", "auto", "pinned to CPU 0",
            "not pinned: no free CPU", 2, 15, 1_024, 2_048, Optional.empty(), latency, service,
            RunFixtures.environment());
        final Path hgrm = dir.resolve("nested/latency_10m_mps.hgrm");

        RunResultFiles.write(hgrm, written);
        final RunResult read = RunResultFiles.read(RunResultFiles.propertiesOf(hgrm));

        assertEquals(List.of(written.transport(), written.mode(), written.targetRate(), written.achievedRate(),
                written.targetMet(), written.samples(), written.warmupMillis(), written.runMillis(),
                written.drainLimit(), written.idle(), written.pinRequest(), written.publisherPinning(),
                written.consumerPinning(), written.gcCount(), written.gcMillis(), written.publisherAllocatedBytes(),
                written.consumerAllocatedBytes(), written.environment()),
            List.of(read.transport(), read.mode(), read.targetRate(), read.achievedRate(), read.targetMet(),
                read.samples(), read.warmupMillis(), read.runMillis(), read.drainLimit(), read.idle(),
                read.pinRequest(), read.publisherPinning(), read.consumerPinning(), read.gcCount(), read.gcMillis(),
                read.publisherAllocatedBytes(), read.consumerAllocatedBytes(), read.environment()));
        assertSameHistogram(latency, read.latency());
        assertSameHistogram(service, read.service());
        assertTrue(Files.isRegularFile(dir.resolve("nested/latency_10m_mps.service.hgrm")));
        // The .hgrm is HdrHistogram's percentile text in microseconds: its max of 1,130,495 ns reads 1130.495.
        assertTrue(Files.readString(hgrm, StandardCharsets.UTF_8).contains("#[Max     =     1130.495"),
            Files.readString(hgrm, StandardCharsets.UTF_8));
    }

    @Test
    void jitterIsWrittenAndReadBack() throws IOException
    {
        final Histogram hiccups = RunFixtures.values(50_000, 1_000, 100);
        final RunResult written = RunFixtures.withJitter(
            RunFixtures.latency("mongoose", 1_000_000, 1_000_000, RunFixtures.oneToThousand(), 0),
            new Jitter(Optional.of(new ContextSwitches(3, 41)), Optional.empty(), 1_000, Optional.of(hiccups)));
        final Path hgrm = dir.resolve("latency_1m_mps.hgrm");

        RunResultFiles.write(hgrm, written);
        final Path properties = RunResultFiles.propertiesOf(hgrm);
        final Jitter read = RunResultFiles.read(properties).jitter().orElseThrow();

        assertEquals(Optional.of(new ContextSwitches(3, 41)), read.publisherSwitches());
        assertEquals(Optional.empty(), read.consumerSwitches());
        assertEquals(1_000, read.hiccupIntervalMicros());
        assertSameHistogram(hiccups, read.hiccups().orElseThrow());
        // The figures a reader of the file looks for are there in plain text too; a thread /proc could not count is
        // written as unavailable, not as 0.
        final Properties p = load(properties);
        assertEquals("3", p.getProperty("publisherVoluntaryContextSwitches"));
        assertEquals("41", p.getProperty("publisherInvoluntaryContextSwitches"));
        assertEquals(RunResultFiles.UNAVAILABLE, p.getProperty("consumerVoluntaryContextSwitches"));
        assertEquals(RunResultFiles.UNAVAILABLE, p.getProperty("consumerInvoluntaryContextSwitches"));
        assertEquals(Long.toString(hiccups.getValueAtPercentile(50)), p.getProperty("hiccupP50Nanos"));
        assertEquals(Long.toString(hiccups.getValueAtPercentile(99)), p.getProperty("hiccupP99Nanos"));
        assertEquals(Long.toString(hiccups.getValueAtPercentile(99.9)), p.getProperty("hiccupP99_9Nanos"));
        assertEquals(Long.toString(hiccups.getMaxValue()), p.getProperty("hiccupMaxNanos"));
    }

    @Test
    void placementIsWrittenAndReadBackAndAMissingOrNonPositiveHalfIsNamed() throws IOException
    {
        final RunResult written = RunFixtures.withJitter(
            RunFixtures.latency("mongoose", 1_000_000, 1_000_000, RunFixtures.oneToThousand(), 0),
            new Jitter(Optional.empty(), Optional.empty(), 0, Optional.empty(), Optional.of(new Placement(123, 487))));
        final Path hgrm = dir.resolve("placed.hgrm");

        RunResultFiles.write(hgrm, written);
        final Path properties = RunResultFiles.propertiesOf(hgrm);

        assertEquals(Optional.of(new Placement(123, 487)),
            RunResultFiles.read(properties).jitter().orElseThrow().placement());
        final Properties p = load(properties);
        assertEquals("123", p.getProperty(RunResultFiles.PLACEMENT_BEFORE_KEY));
        assertEquals("487", p.getProperty(RunResultFiles.PLACEMENT_AFTER_KEY));

        p.remove(RunResultFiles.PLACEMENT_AFTER_KEY);
        try (java.io.Writer out = Files.newBufferedWriter(properties, StandardCharsets.UTF_8))
        {
            p.store(out, null);
        }
        final IOException missing = assertThrows(IOException.class,
            () -> RunResultFiles.read(properties));
        assertTrue(missing.getMessage().contains("missing '" + RunResultFiles.PLACEMENT_AFTER_KEY + "'"),
            missing.getMessage());

        p.setProperty(RunResultFiles.PLACEMENT_AFTER_KEY, "0");
        try (java.io.Writer out = Files.newBufferedWriter(properties, StandardCharsets.UTF_8))
        {
            p.store(out, null);
        }
        final IOException zero = assertThrows(IOException.class, () -> RunResultFiles.read(properties));
        assertTrue(zero.getMessage().startsWith(properties + ": '" + RunResultFiles.PLACEMENT_BEFORE_KEY + "' and '" +
            RunResultFiles.PLACEMENT_AFTER_KEY + "'"), zero.getMessage());
        assertTrue(zero.getMessage().contains("after 0 ns; expected both above 0"), zero.getMessage());
    }

    @Test
    void theWindowsMediansAreWrittenAndReadBackAndABadOneIsNamed() throws IOException
    {
        final Placement placement = new Placement(123, 140, List.of(131L, 450L, 128L));
        final RunResult written = RunFixtures.withJitter(
            RunFixtures.latency("mongoose", 1_000_000, 1_000_000, RunFixtures.oneToThousand(), 0),
            new Jitter(Optional.empty(), Optional.empty(), 0, Optional.empty(), Optional.of(placement)));
        final Path hgrm = dir.resolve("medians.hgrm");

        RunResultFiles.write(hgrm, written);
        final Path properties = RunResultFiles.propertiesOf(hgrm);

        assertEquals(Optional.of(placement), RunResultFiles.read(properties).jitter().orElseThrow().placement());
        final Properties p = load(properties);
        assertEquals("131,450,128", p.getProperty(RunResultFiles.PLACEMENT_WINDOW_MEDIANS_KEY));

        // A run written before the medians were kept reads with none.
        p.remove(RunResultFiles.PLACEMENT_WINDOW_MEDIANS_KEY);
        store(properties, p);
        assertEquals(Optional.of(new Placement(123, 140)),
            RunResultFiles.read(properties).jitter().orElseThrow().placement());

        p.setProperty(RunResultFiles.PLACEMENT_WINDOW_MEDIANS_KEY, "131,x");
        store(properties, p);
        final IOException bad = assertThrows(IOException.class, () -> RunResultFiles.read(properties));
        assertTrue(bad.getMessage().contains("'" + RunResultFiles.PLACEMENT_WINDOW_MEDIANS_KEY + "' is '131,x'; " +
            "expected nanoseconds, none below 0, separated by commas"), bad.getMessage());

        // A negative median is named by its own key, not by the round trips' beside it.
        p.setProperty(RunResultFiles.PLACEMENT_WINDOW_MEDIANS_KEY, "131,-5");
        store(properties, p);
        final IOException negative = assertThrows(IOException.class, () -> RunResultFiles.read(properties));
        assertTrue(negative.getMessage().contains("'" + RunResultFiles.PLACEMENT_WINDOW_MEDIANS_KEY + "' is " +
            "'131,-5'"), negative.getMessage());
    }

    @Test
    void aRunWithoutAPlacementReadsWithout() throws IOException
    {
        final RunResult written = RunFixtures.withJitter(
            RunFixtures.latency("mongoose", 10_000, 10_000, RunFixtures.oneToThousand(), 0),
            new Jitter(Optional.empty(), Optional.empty(), 0, Optional.empty()));
        final Path hgrm = dir.resolve("unplaced.hgrm");

        RunResultFiles.write(hgrm, written);

        assertEquals(Optional.empty(),
            RunResultFiles.read(RunResultFiles.propertiesOf(hgrm)).jitter().orElseThrow().placement());
        assertFalse(load(RunResultFiles.propertiesOf(hgrm)).containsKey(RunResultFiles.PLACEMENT_BEFORE_KEY));
    }

    @Test
    void aMeterThatWasOffHasNoHiccupHistogram() throws IOException
    {
        final RunResult written = RunFixtures.withJitter(
            RunFixtures.latency("mongoose", 10_000, 10_000, RunFixtures.oneToThousand(), 0),
            new Jitter(Optional.of(new ContextSwitches(1, 2)), Optional.of(new ContextSwitches(3, 4)), 0,
                Optional.empty()));
        final Path hgrm = dir.resolve("off.hgrm");

        RunResultFiles.write(hgrm, written);

        final Jitter read = RunResultFiles.read(RunResultFiles.propertiesOf(hgrm)).jitter().orElseThrow();
        assertEquals(written.jitter().orElseThrow(), read);
        assertFalse(load(RunResultFiles.propertiesOf(hgrm)).containsKey(RunResultFiles.HICCUP_HISTOGRAM_KEY));
    }

    @Test
    void aRunWrittenBeforeJitterRecordingReadsWithoutIt() throws IOException
    {
        final Path hgrm = dir.resolve("old.hgrm");
        RunResultFiles.write(hgrm, RunFixtures.latency("disruptor", 10_000, 10_000, RunFixtures.oneToThousand(), 0));
        final Properties p = load(RunResultFiles.propertiesOf(hgrm));
        assertFalse(p.stringPropertyNames().stream().anyMatch(k -> k.contains("hiccup") || k.contains("Switches")),
            p.stringPropertyNames()::toString);

        assertEquals(Optional.empty(), RunResultFiles.read(RunResultFiles.propertiesOf(hgrm)).jitter());
    }

    @Test
    void aRunWithTheIntervalButNoHiccupHistogramNamesTheMissingKey() throws IOException
    {
        final Path hgrm = dir.resolve("broken.hgrm");
        RunResultFiles.write(hgrm, RunFixtures.withJitter(
            RunFixtures.latency("mongoose", 10_000, 10_000, RunFixtures.oneToThousand(), 0),
            RunFixtures.jitter(0, 0, RunFixtures.values(1, 10, 1))));
        final Path properties = RunResultFiles.propertiesOf(hgrm);
        final Properties p = load(properties);
        p.remove(RunResultFiles.HICCUP_HISTOGRAM_KEY);
        try (Writer out = Files.newBufferedWriter(properties, StandardCharsets.UTF_8))
        {
            p.store(out, null);
        }

        final IOException e = assertThrows(IOException.class, () -> RunResultFiles.read(properties));
        assertEquals(properties + ": missing '" + RunResultFiles.HICCUP_HISTOGRAM_KEY + "'", e.getMessage());
    }

    private static Properties load(final Path properties) throws IOException
    {
        final Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(properties, StandardCharsets.UTF_8))
        {
            p.load(in);
        }
        return p;
    }

    private static void store(final Path properties, final Properties p) throws IOException
    {
        try (java.io.Writer out = Files.newBufferedWriter(properties, StandardCharsets.UTF_8))
        {
            p.store(out, null);
        }
    }

    private static void assertSameHistogram(final Histogram expected, final Histogram actual)
    {
        assertEquals(expected.getTotalCount(), actual.getTotalCount());
        for (final Percentile percentile : Percentile.values())
        {
            assertEquals(percentile.valueIn(expected), percentile.valueIn(actual), percentile.label());
        }
        assertEquals(expected, actual);
    }
}
