package io.mongoose.benchmarks.sweep;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A paired run's measurements survive the file a child JVM writes and its parent reads, and pooling keeps every
 * cycle, every message and each JVM's share in order.
 */
class PairedRunDataTest
{
    @Test
    void writtenAndReadBackUnchanged(@TempDir final Path dir) throws IOException
    {
        final PairedRunData run = run(new long[] {100, 200}, new long[] {300, 400}, 7);
        final Path file = dir.resolve("jvm.properties");
        run.write(file);
        final PairedRunData read = PairedRunData.read(file);
        assertEquals(run.rate(), read.rate());
        assertEquals(run.measuredAt(), read.measuredAt());
        assertEquals(run.consumerMode(), read.consumerMode());
        assertEquals(run.transports(), read.transports());
        assertEquals(run.publisherPinning(), read.publisherPinning());
        assertEquals(run.consumers(), read.consumers());
        assertArrayEquals(run.p50()[1], read.p50()[1]);
        assertArrayEquals(run.p90()[0], read.p90()[0]);
        assertArrayEquals(run.cyclesPerJvm(), read.cyclesPerJvm());
        assertEquals(run.totals()[0], read.totals()[0]);
        assertArrayEquals(new long[] {30_000, 60_000}, read.picosPerMessage()[0]);
        assertArrayEquals(new long[] {30_000, 60_000}, read.picosPerMessage()[1]);
        assertArrayEquals(new long[] {1_000, 2_000}, read.p99()[0]);
        assertArrayEquals(new long[] {2_000, 4_000}, read.p99()[1]);
    }

    @Test
    void theQueueCapacityIsWrittenAndReadBack(@TempDir final Path dir) throws IOException
    {
        final PairedRunData a = run(new long[] {100, 200}, new long[] {300, 400}, 7);
        final Path file = dir.resolve("small.properties");
        new PairedRunData(a.rate(), a.measuredAt(), a.javaVersion(), a.consumerMode(), a.sliceMillis(), a.transports(),
            a.cpus(), a.publisherPinning(), a.consumers(), a.totals(), a.p50(), a.p90(), a.cyclesPerJvm(),
            a.picosPerMessage(), a.p99(), 1_024).write(file);
        final PairedRunData small = PairedRunData.read(file);
        assertEquals(1_024, small.queueCapacity());
        assertFalse(small.standardConfiguration());
        assertTrue(a.standardConfiguration());
    }

    @Test
    void poolingKeepsEveryCycleInOrder()
    {
        final PairedRunData pooled = PairedRunData.pool(List.of(run(new long[] {100, 200}, new long[] {1, 2}, 7),
            run(new long[] {300}, new long[] {3}, 9)));
        assertArrayEquals(new long[] {100, 200, 300}, pooled.p50()[0]);
        assertArrayEquals(new long[] {30_000, 60_000, 90_000}, pooled.picosPerMessage()[1]);
        assertArrayEquals(new long[] {2_000, 4_000, 6_000}, pooled.p99()[1]);
        assertEquals(3, pooled.cycles());
        assertArrayEquals(new int[] {2, 1}, pooled.cyclesPerJvm());
        assertEquals(2, pooled.totals()[1].getTotalCount());
        assertEquals(9, pooled.totals()[1].getMaxValue());
    }

    @Test
    void runsOfDifferentTransportsDoNotPool()
    {
        final PairedRunData a = run(new long[] {1}, new long[] {1}, 1);
        final PairedRunData b = new PairedRunData(a.rate(), a.measuredAt(), a.javaVersion(), a.consumerMode(),
            a.sliceMillis(), List.of("mongoose", "jctools"), a.cpus(), a.publisherPinning(), a.consumers(), a.totals(),
            a.p50(), a.p90(), a.cyclesPerJvm(), a.picosPerMessage(), a.p99(), PairedRunData.DEFAULT_QUEUE_CAPACITY);
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> PairedRunData.pool(List.of(a, b)));
        assertTrue(ex.getMessage().contains("expected the same transports and rate in every run"),
            ex.getMessage());
    }

    @Test
    void aFileMissingAFieldIsRefusedNamingIt(@TempDir final Path dir) throws IOException
    {
        final Path file = dir.resolve("jvm.properties");
        run(new long[] {1}, new long[] {1}, 1).write(file);
        final List<String> lines = Files.readAllLines(file);
        Files.write(file, lines.stream().filter(l -> !l.startsWith("cyclesPerJvm=")).toList());
        final IOException ex = assertThrows(IOException.class, () -> PairedRunData.read(file));
        assertTrue(ex.getMessage().contains("no 'cyclesPerJvm'; expected a file written by PairedRunMain --data"),
            ex.getMessage());
    }

    /**
     * Mongoose and the Disruptor; the Disruptor's latency histogram holds one value, {@code peerValue}; each cycle's
     * time per message is its p50 times 300 (picoseconds), and its p99 its p50 times 10.
     */
    private static PairedRunData run(final long[] p50, final long[] unused, final long peerValue)
    {
        final Histogram mongoose = new Histogram(3);
        mongoose.recordValue(150);
        final Histogram peer = new Histogram(3);
        peer.recordValue(peerValue);
        return new PairedRunData(1_000_000, "2026-11-22T01:00:00Z", "17.0.15", "own", 50,
            List.of("mongoose", "disruptor"), 2, "pinned to CPU 1", "Own threads.", new Histogram[] {mongoose, peer},
            new long[][] {p50, p50}, new long[][] {p50, p50}, new int[] {p50.length},
            new long[][] {times(p50, 300), times(p50, 300)}, new long[][] {times(p50, 10), times(p50, 20)},
            PairedRunData.DEFAULT_QUEUE_CAPACITY);
    }

    private static long[] times(final long[] values, final long factor)
    {
        final long[] result = values.clone();
        for (int i = 0; i < result.length; i++)
        {
            result[i] *= factor;
        }
        return result;
    }
}
