package io.mongoose.benchmarks.sweep;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The placement trace: its summary splits readings worked out by hand at their widest gap, and the
 * program prints a line per slice and the summary, or names each bad flag.
 */
class PlacementTraceMainTest
{
    @Test
    void stretchesFollowTheReportsNearRule()
    {
        // Sorted: 100 100 100 110 | 400 500 500 500, the widest jump 110 to 400 (3.6x), so N N F F F N F N.
        final PlacementStretches s = PlacementStretches.of(new long[] {100, 100, 500, 500, 500, 110, 400, 100}, 100);
        assertEquals(110, s.nearLimitNanos());
        assertEquals(0.5, s.nearShare());
        assertArrayEquals(new int[] {2, 1, 1}, s.nearStretches());
        assertArrayEquals(new int[] {3, 1}, s.farStretches());
        assertEquals("near 50% of 8 slices of 100 ms (near up to 110 ns); near stretches 0.1-0.2 s (3), far " +
            "stretches 0.1-0.3 s (2)", s.describe());
    }

    @Test
    void aNearModeWiderThanTwofoldStaysNear()
    {
        // 50 to 120 is 2.4x, 120 to 480 is 4x: the split is at the wider jump, so 50 and 120 are both near (twice the
        // lowest reading would call 120 far).
        final PlacementStretches s = PlacementStretches.of(new long[] {50, 120, 480, 50}, 100);
        assertEquals(120, s.nearLimitNanos());
        assertArrayEquals(new int[] {2, 1}, s.nearStretches());
        assertArrayEquals(new int[] {1}, s.farStretches());
    }

    @Test
    void aTraceOfOnePlacementHasNoStretchOfTheOther()
    {
        // No two neighbours are 2x apart: one placement, all near.
        final PlacementStretches s = PlacementStretches.of(new long[] {120, 130, 125}, 1_000);
        assertEquals(130, s.nearLimitNanos());
        assertArrayEquals(new int[] {3}, s.nearStretches());
        assertTrue(s.describe().endsWith("near stretches 3.0-3.0 s (1), far stretches none"), s.describe());
    }

    @Test
    void readingsMustBeThereAndPositive()
    {
        assertEquals("readings: none; expected at least one slice's round trip", assertThrows(
            IllegalArgumentException.class, () -> PlacementStretches.of(new long[0], 100)).getMessage());
        assertEquals("readings[1]: 0 ns; expected above 0", assertThrows(IllegalArgumentException.class,
            () -> PlacementStretches.of(new long[] {100, 0}, 100)).getMessage());
    }

    @Test
    void printsALinePerSliceThenTheSummary()
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = PlacementTraceMain.run(new String[] {"--seconds=1", "--sliceMillis=500", "--pin=none"},
            print(out), print(err));
        assertEquals(PlacementTraceMain.EXIT_OK, code, err.toString(StandardCharsets.UTF_8));
        final String[] lines = out.toString(StandardCharsets.UTF_8).split("\n");
        assertEquals(3, lines.length, String.join("\n", lines));
        assertTrue(lines[0].matches("\\d+ \\d+") && lines[1].matches("\\d+ \\d+"), String.join("\n", lines));
        assertTrue(lines[2].matches("near \\d+% of 2 slices of 500 ms .*"), lines[2]);
    }

    @Test
    void badFlagsAreNamedWithWhatIsExpected()
    {
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = PlacementTraceMain.run(new String[] {"--seconds=0", "--sliceMillis=ten", "--pin=always",
            "--cpus=2"}, print(new ByteArrayOutputStream()), print(err));
        assertEquals(PlacementTraceMain.EXIT_USAGE, code);
        final String text = err.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("--seconds: 0; expected at least 1"), text);
        assertTrue(text.contains("--sliceMillis: 'ten'; expected an integer of at least 10"), text);
        assertTrue(text.contains("--pin: 'always'; expected auto or none"), text);
        assertTrue(text.contains("--cpus: unknown flag"), text);
        assertTrue(text.contains(PlacementTraceMain.USAGE), text);
    }

    @Test
    void aTraceLongerThanAnHourIsRefused()
    {
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(PlacementTraceMain.EXIT_USAGE, PlacementTraceMain.run(new String[] {"--seconds=3601"},
            print(new ByteArrayOutputStream()), print(err)));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--seconds: 3601; expected at most 3600"),
            err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aSliceLongerThanTheTraceIsRefused()
    {
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(PlacementTraceMain.EXIT_USAGE, PlacementTraceMain.run(new String[] {"--seconds=1",
            "--sliceMillis=2000"}, print(new ByteArrayOutputStream()), print(err)));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--sliceMillis: 2000; expected at most --seconds " +
            "(1 s)"), err.toString(StandardCharsets.UTF_8));
    }

    private static PrintStream print(final ByteArrayOutputStream bytes)
    {
        return new PrintStream(bytes, true, StandardCharsets.UTF_8);
    }
}
