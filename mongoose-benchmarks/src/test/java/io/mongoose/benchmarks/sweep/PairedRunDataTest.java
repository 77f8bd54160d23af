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
        assertArrayEquals(run.readings(), read.readings());
        assertArrayEquals(run.cyclesPerJvm(), read.cyclesPerJvm());
        assertEquals(run.totals()[0], read.totals()[0]);
        assertArrayEquals(new long[] {30_000, 60_000}, read.picosPerMessage()[0]);
        assertArrayEquals(new long[] {30_000, 60_000}, read.picosPerMessage()[1]);
        assertTrue(read.hasPicosPerMessage());
        assertArrayEquals(new long[] {1_000, 2_000}, read.p99()[0]);
        assertArrayEquals(new long[] {2_000, 4_000}, read.p99()[1]);
        assertTrue(read.hasP99());
        assertEquals(PeerEvent.RAW, read.peerEvent());
    }

    @Test
    void thePeersEventIsWrittenAndReadBackAndOlderDataCarriedTheRawOne(@TempDir final Path dir) throws IOException
    {
        final PairedRunData raw = run(new long[] {100, 200}, new long[] {300, 400}, 7);
        final PairedRunData padded = withPeerEvent(raw, PeerEvent.PADDED);
        final Path file = dir.resolve("padded.properties");
        padded.write(file);
        assertEquals(PeerEvent.PADDED, PairedRunData.read(file).peerEvent());
        assertEquals(PeerEvent.RAW, readWithout(dir, "peerEvent=").peerEvent());
        final IllegalArgumentException mixed = assertThrows(IllegalArgumentException.class,
            () -> PairedRunData.pool(List.of(raw, padded)));
        assertTrue(mixed.getMessage().contains("with padded peer events and [mongoose, disruptor] at 1000000 msg/s " +
            "with raw; expected the same transports, rate and peer event in every run"), mixed.getMessage());
        Files.writeString(file, Files.readString(file).replace("peerEvent=padded", "peerEvent=wide"));
        final IOException unknown = assertThrows(IOException.class, () -> PairedRunData.read(file));
        assertTrue(unknown.getMessage().contains("peerEvent 'wide'; expected raw or padded"), unknown.getMessage());
    }

    @Test
    void theQueueCapacityIsWrittenAndReadBackAndOlderDataHadTheDefault(@TempDir final Path dir) throws IOException
    {
        final PairedRunData a = run(new long[] {100, 200}, new long[] {300, 400}, 7);
        final Path file = dir.resolve("small.properties");
        new PairedRunData(a.rate(), a.measuredAt(), a.javaVersion(), a.consumerMode(), a.sliceMillis(),
            a.transports(), a.cpus(), a.publisherPinning(), a.consumers(), a.placementMethod(), a.totals(), a.p50(),
            a.p90(), a.readings(), a.cyclesPerJvm(), a.picosPerMessage(), a.p99(), a.peerEvent(), 1_024).write(file);
        final PairedRunData small = PairedRunData.read(file);
        assertEquals(1_024, small.queueCapacity());
        assertFalse(small.standardConfiguration());
        final PairedRunData older = readWithout(dir, "queueCapacity=");
        assertEquals(PairedRunData.DEFAULT_QUEUE_CAPACITY, older.queueCapacity());
        assertTrue(older.standardConfiguration());
    }

    @Test
    void dataWrittenBeforeTheTimePerMessageWasRecordedReadsWithoutIt(@TempDir final Path dir) throws IOException
    {
        final PairedRunData read = readWithout(dir, "picosPerMessage.");
        assertFalse(read.hasPicosPerMessage());
        assertTrue(read.hasP99(), "only the time per message is missing");
        final PairedRunData pooled = PairedRunData.pool(List.of(read, run(new long[] {300}, new long[] {3}, 9)));
        assertFalse(pooled.hasPicosPerMessage(), "a pool with one run without it has none");
        assertEquals(0, pooled.picosPerMessage()[0].length);
        assertArrayEquals(new long[] {100, 200, 300}, pooled.p50()[0]);
    }

    @Test
    void dataWrittenBeforeThePerCycleP99WasRecordedReadsWithoutIt(@TempDir final Path dir) throws IOException
    {
        final PairedRunData read = readWithout(dir, "p99.");
        assertFalse(read.hasP99());
        assertTrue(read.hasPicosPerMessage(), "only the p99 is missing");
        final PairedRunData pooled = PairedRunData.pool(List.of(read, run(new long[] {300}, new long[] {3}, 9)));
        assertFalse(pooled.hasP99(), "a pool with one run without it has none");
        assertEquals(0, pooled.p99()[0].length);
        assertArrayEquals(new long[] {100, 200, 300}, pooled.p50()[0]);
    }

    /** A two-cycle run written, its lines starting with {@code prefix} taken out (as older files lack them), read. */
    private static PairedRunData readWithout(final Path dir, final String prefix) throws IOException
    {
        final Path file = dir.resolve("jvm.properties");
        run(new long[] {100, 200}, new long[] {300, 400}, 7).write(file);
        Files.write(file, Files.readAllLines(file).stream().filter(l -> !l.startsWith(prefix)).toList());
        final PairedRunData read = PairedRunData.read(file);
        assertArrayEquals(new long[] {100, 200}, read.p50()[0]);
        return read;
    }

    @Test
    void poolingKeepsEveryCycleInOrder()
    {
        final PairedRunData pooled = PairedRunData.pool(List.of(run(new long[] {100, 200}, new long[] {1, 2}, 7),
            run(new long[] {300}, new long[] {3}, 9)));
        assertArrayEquals(new long[] {100, 200, 300}, pooled.p50()[0]);
        assertArrayEquals(new long[] {30_000, 60_000, 90_000}, pooled.picosPerMessage()[1]);
        assertTrue(pooled.hasPicosPerMessage());
        assertArrayEquals(new long[] {2_000, 4_000, 6_000}, pooled.p99()[1]);
        assertTrue(pooled.hasP99());
        assertArrayEquals(new long[] {1, 2, 3}, pooled.readings());
        assertArrayEquals(new int[] {2, 1}, pooled.cyclesPerJvm());
        assertEquals(2, pooled.totals()[1].getTotalCount());
        assertEquals(9, pooled.totals()[1].getMaxValue());
    }

    @Test
    void runsOfDifferentTransportsDoNotPool()
    {
        final PairedRunData a = run(new long[] {1}, new long[] {1}, 1);
        final PairedRunData b = new PairedRunData(a.rate(), a.measuredAt(), a.javaVersion(), a.consumerMode(),
            a.sliceMillis(), List.of("mongoose", "jctools"), a.cpus(), a.publisherPinning(), a.consumers(),
            a.placementMethod(), a.totals(), a.p50(), a.p90(), a.readings(), a.cyclesPerJvm(), a.picosPerMessage(),
            a.p99(), a.peerEvent(), PairedRunData.DEFAULT_QUEUE_CAPACITY);
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> PairedRunData.pool(List.of(a, b)));
        assertTrue(ex.getMessage().contains("expected the same transports, rate and peer event in every run"),
            ex.getMessage());
    }

    @Test
    void aFileMissingAFieldIsRefusedNamingIt(@TempDir final Path dir) throws IOException
    {
        final Path file = dir.resolve("jvm.properties");
        run(new long[] {1}, new long[] {1}, 1).write(file);
        final List<String> lines = Files.readAllLines(file);
        Files.write(file, lines.stream().filter(l -> !l.startsWith("readings=")).toList());
        final IOException ex = assertThrows(IOException.class, () -> PairedRunData.read(file));
        assertTrue(ex.getMessage().contains("no 'readings'; expected a file written by PairedRunMain --data"),
            ex.getMessage());
    }

    /**
     * Mongoose and the Disruptor; the Disruptor's latency histogram holds one value, {@code peerValue}; each cycle's
     * time per message is its p50 times 300 (picoseconds), and its p99 its p50 times 10.
     */
    private static PairedRunData run(final long[] p50, final long[] readings, final long peerValue)
    {
        final Histogram mongoose = new Histogram(3);
        mongoose.recordValue(150);
        final Histogram peer = new Histogram(3);
        peer.recordValue(peerValue);
        return new PairedRunData(1_000_000, "2026-11-22T01:00:00Z", "17.0.15", "own", 50,
            List.of("mongoose", "disruptor"), 2, "pinned to CPU 1", "Own threads.", "probe messages",
            new Histogram[] {mongoose, peer}, new long[][] {p50, p50}, new long[][] {p50, p50}, readings,
            new int[] {p50.length}, new long[][] {times(p50, 300), times(p50, 300)},
            new long[][] {times(p50, 10), times(p50, 20)}, PeerEvent.RAW, PairedRunData.DEFAULT_QUEUE_CAPACITY);
    }

    private static PairedRunData withPeerEvent(final PairedRunData a, final PeerEvent peerEvent)
    {
        return new PairedRunData(a.rate(), a.measuredAt(), a.javaVersion(), a.consumerMode(), a.sliceMillis(),
            a.transports(), a.cpus(), a.publisherPinning(), a.consumers(), a.placementMethod(), a.totals(), a.p50(),
            a.p90(), a.readings(), a.cyclesPerJvm(), a.picosPerMessage(), a.p99(), peerEvent, PairedRunData.DEFAULT_QUEUE_CAPACITY);
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
