package io.mongoose.benchmarks.sweep;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The paired harness end to end at a low rate: every transport's slices are delivered whole (a hop that lost or kept
 * a message fails the run), and the result names every transport and every peer ratio. Nothing here is timed.
 */
class PairedRunMainTest
{
    @Test
    void runsEveryTransportInSlicesAndWritesTheRatios(@TempDir final Path dir) throws IOException
    {
        final Path file = dir.resolve("sub").resolve("paired.md");
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = PairedRunMain.run(new String[] {"--rate=20k", "--sliceMillis=20", "--cycles=3",
            "--warmupCycles=1", "--pin=none", "--queueCapacity=1024", "--transports=jctools,mongoose,disruptor",
            "--output=" + file}, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(PairedRunMain.EXIT_OK, code, err.toString(StandardCharsets.UTF_8));
        final String result = Files.readString(file);
        assertEquals(result, out.toString(StandardCharsets.UTF_8));
        // 20k msg/s for 20 ms is 400 sends a slice; three measured cycles.
        assertTrue(result.contains("| Mongoose | 1,200 | "), result);
        assertTrue(result.contains("| Disruptor | 1,200 | "), result);
        assertTrue(result.contains("| JCTools queue | 1,200 | "), result);
        // Mongoose first whatever the flag's order, and one ratio row per peer over the three cycles.
        assertTrue(result.indexOf("| Mongoose |") < result.indexOf("| Disruptor |"), result);
        assertTrue(result.contains("\n| Disruptor | 3 | "), result);
        assertTrue(result.contains("\n| JCTools queue | 3 | "), result);
        assertTrue(result.contains("3 cycles after 1 discarded"), result);
    }

    @Test
    void badFlagsAreRefusedNamingTheFlagAndWhatItExpects()
    {
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        final int code = PairedRunMain.run(new String[] {"--rate=max", "--transports=disruptor,agrona",
            "--queueCapacity=1000", "--pin=maybe", "--speed=9"}, quiet, new PrintStream(err, true,
            StandardCharsets.UTF_8));
        assertEquals(PairedRunMain.EXIT_USAGE, code);
        final String message = err.toString(StandardCharsets.UTF_8);
        assertTrue(message.contains("--rate: max; expected a paced rate"), message);
        assertTrue(message.contains("--transports: 'agrona'; expected mongoose, disruptor or jctools"), message);
        assertTrue(message.contains("expected mongoose and at least one peer"), message);
        assertTrue(message.contains("--queueCapacity: 1000; expected a power of two"), message);
        assertTrue(message.contains("--pin: 'maybe'; expected auto or none"), message);
        assertTrue(message.contains("unknown or malformed flag '--speed=9'"), message);
        assertTrue(message.contains("usage: PairedRunMain"), message);
    }

    @Test
    void latencyCellsChangeUnitsAsTheSweepsDo()
    {
        assertEquals("9,999 ns", PairedReport.nanos(9_999));
        assertEquals("10.0 µs", PairedReport.nanos(10_000));
        assertEquals("12.35 ms", PairedReport.nanos(12_345_678));
    }
}
