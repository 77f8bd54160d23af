package io.mongoose.benchmarks.report;

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
        assertEquals(recorded, RunCatalog.load(dir).newest());
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
            "not pinned: no free CPU", 2, 15, 1_024, 2_048, latency, service,
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
