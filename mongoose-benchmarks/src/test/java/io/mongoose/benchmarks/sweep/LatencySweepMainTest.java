package io.mongoose.benchmarks.sweep;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every transport runs through the harness end to end and loses nothing. Functional only: a short, gently idling run;
 * no assertion depends on speed (the sweep measures that, on a quiet machine).
 */
class LatencySweepMainTest
{
    private static final long RATE = 10_000;
    private static final long RUN_MILLIS = 200;
    /** Scheduled messages whose intended time falls in the window: the window is a whole number of periods. */
    private static final long SCHEDULED_IN_WINDOW = RATE * RUN_MILLIS / 1000;

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(value = Transport.class, names = {"DISRUPTOR_TWIN"},
        mode = EnumSource.Mode.EXCLUDE)
    void eachTransportDeliversEveryMessageAndWritesItsFiles(final Transport transport) throws Exception
    {
        final Path hgrm = dir.resolve(transport.flagName() + "_latency_10k_mps.hgrm");
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = LatencySweepMain.run(new String[]{
            "--transport=" + transport.flagName(), "--rate=10k", "--warmupMillis=100", "--runMillis=" + RUN_MILLIS,
            "--idle=yield", "--queueCapacity=1024", "--output=" + hgrm},
            new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(LatencySweepMain.EXIT_OK, code, () -> err.toString(StandardCharsets.UTF_8));

        assertTrue(Files.size(hgrm) > 0);
        assertTrue(Files.readString(hgrm).contains("#[Max     ="), "HdrHistogram percentile format");
        assertTrue(Files.size(dir.resolve(transport.flagName() + "_latency_10k_mps.service.hgrm")) > 0);
        final RunResult r = RunResultFiles.read(RunResultFiles.propertiesOf(hgrm));
        assertEquals(transport.flagName(), r.transport());
        assertEquals(RunResult.Mode.LATENCY, r.mode());
        assertEquals(RATE, r.targetRate());
        assertEquals(r.samples(), r.latency().getTotalCount());
        assertEquals(r.samples(), r.service().getTotalCount());
        // The run itself fails if any sent message is not received; a publisher stalled past the hard stop sends
        // fewer, never more.
        assertTrue(r.samples() > 0 && r.samples() <= SCHEDULED_IN_WINDOW, () -> "samples " + r.samples());
        // Intended time never comes after the actual send, so latency is never below service time.
        assertTrue(r.latency().getMinValue() >= r.service().getMinValue());
        assertTrue(r.latency().getMaxValue() >= r.service().getMaxValue());
        assertEquals("yield", r.idle());
        assertTrue(r.environment().containsKey("cpu.cores"));
        // One line per point, naming the transport and the file written.
        final String printed = out.toString(StandardCharsets.UTF_8);
        assertEquals(1, printed.lines().count(), printed);
        assertTrue(printed.startsWith(transport.flagName()) && printed.contains(hgrm.getFileName().toString()), printed);
    }

    @Test
    void throughputModeRunsUnpaced() throws Exception
    {
        final Path hgrm = dir.resolve("throughput.hgrm");
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final int code = LatencySweepMain.run(new String[]{
            "--transport=mongoose", "--rate=max", "--warmupMillis=100", "--runMillis=200", "--idle=yield",
            "--queueCapacity=1024", "--output=" + hgrm}, new PrintStream(out, true,
            StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream()));
        assertEquals(LatencySweepMain.EXIT_OK, code);
        final RunResult r = RunResultFiles.read(RunResultFiles.propertiesOf(hgrm));
        assertEquals(RunResult.Mode.THROUGHPUT, r.mode());
        assertEquals(0, r.targetRate());
        assertTrue(r.targetMet());
        assertTrue(r.samples() > 0);
        // Samples are the window's messages, sent in batches of which the first alone carries a time and is recorded.
        assertEquals(0, r.samples() % UnpacedTiming.TIMED_EVERY, () -> "samples " + r.samples());
        assertEquals(r.samples() / UnpacedTiming.TIMED_EVERY, r.latency().getTotalCount());
        assertEquals(r.samples() / UnpacedTiming.TIMED_EVERY, r.service().getTotalCount());
        // Window messages over at least the window: never more than samples / 0.2 s.
        assertTrue(r.achievedRate() > 0 && r.achievedRate() <= r.samples() * 1000.0 / 200, () -> "" + r.achievedRate());
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("max: "), () -> out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void badFlagsExitWithUsage()
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = LatencySweepMain.run(new String[]{"--output=" + dir.resolve("a.hgrm"), "--rate=fast"},
            new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(LatencySweepMain.EXIT_USAGE, code);
        final String text = err.toString(StandardCharsets.UTF_8);
        assertTrue(text.startsWith("LatencySweepMain: Invalid value for option '--rate': 'fast'; expected"), text);
        assertTrue(text.contains("Usage: LatencySweepMain"), text);
        assertEquals("", out.toString(StandardCharsets.UTF_8));
        assertEquals(0, dir.toFile().list().length, "nothing written");
    }

    @Test
    void helpPrintsEveryFlagWithItsDefaultAndExitsZero()
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final int code = LatencySweepMain.run(new String[]{"--help"}, new PrintStream(out, true,
            StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream()));
        assertEquals(LatencySweepMain.EXIT_OK, code);
        final String usage = out.toString(StandardCharsets.UTF_8);
        for (final String flag : new String[]{"--rate=N|max", "(default 1M)", "--warmupMillis=N", "(default 5000)",
            "--runMillis=N", "(default 10000)", "--output=FILE.hgrm", "--transport=NAME", "--drainLimit=N",
            "(default 256)", "--idle=NAME", "busy-spin, yield, backoff, sleep (default busy-spin)", "--pin=none|auto",
            "--queueCapacity=N", "(default 65536)"})
        {
            assertTrue(usage.contains(flag), flag + " in " + usage);
        }
    }
}
