package io.mongoose.benchmarks.sweep;

import org.HdrHistogram.Histogram;
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
        // Every measured cycle has a placement reading, and the near/far split names each peer.
        assertTrue(result.matches("(?s).*Cycles: \\d near, \\d far\\..*"), result);
        assertTrue(result.contains("| Peer | p50 ratio, near cycles | p50 ratio, far cycles |"), result);
        assertTrue(result.matches("(?s).*\\n\\| Disruptor \\| \\d+\\.\\d\\d× \\(.*"), result);
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
    void cyclesAreSplitByTheirPlacementReading()
    {
        // Reference round trip 100 ns (the 10th percentile of 100, 100, 500), so near is up to 200 ns.
        final PairedOptions options = PairedOptions.parse("--cycles=3", "--transports=mongoose,disruptor");
        final Histogram any = new Histogram(3);
        any.recordValue(150);
        final String result = PairedReport.markdown(options, "pinned to CPU 0", "pinned to CPU 1",
            new Histogram[] {any, any}, new long[][] {{100, 100, 1000}, {200, 200, 100}},
            new long[][] {{100, 100, 1000}, {200, 200, 100}}, new long[] {100, 100, 500});
        assertTrue(result.contains("Reference: the 10th percentile of the cycles' readings, 100 ns; a cycle is near " +
            "when its reading was at most 2× that (200 ns), far otherwise. Median reading 100 ns, highest 500 ns. " +
            "Cycles: 2 near, 1 far."), result);
        assertTrue(result.contains("| Disruptor | 0.50× (0.50–0.50), 2 cycles | 10.00× (10.00–10.00), 1 cycle |"),
            result);
        // All cycles together: 0.5, 0.5 and 10.
        assertTrue(result.contains("| Disruptor | 3 | 0.50× (0.50–10.00) | 0.50× (0.50–10.00) | 2 of 3 |"),
            result);
    }

    @Test
    void latencyCellsChangeUnitsAsTheSweepsDo()
    {
        assertEquals("9,999 ns", PairedReport.nanos(9_999));
        assertEquals("10.0 µs", PairedReport.nanos(10_000));
        assertEquals("12.35 ms", PairedReport.nanos(12_345_678));
    }
}
