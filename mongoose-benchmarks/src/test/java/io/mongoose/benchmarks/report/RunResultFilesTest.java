package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.RunResult;
import io.mongoose.benchmarks.sweep.RunResultFiles;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
    void writeThenReadGivesTheSameRun() throws IOException
    {
        final Histogram latency = RunFixtures.values(1, 1_000, 1);
        latency.recordValueWithCount(1_130_000, 3);
        final Histogram service = RunFixtures.values(100, 500, 3);
        final RunResult written = new RunResult("disruptor", RunResult.Mode.LATENCY, 10_000_000, 6_123_456.5, false,
            latency.getTotalCount(), 5_000, 10_000, 256, "busy-spin", "auto", "pinned to CPU 0",
            "not pinned: no free CPU", 2, 15, 1_024, 2_048, latency, service, RunFixtures.environment());
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
