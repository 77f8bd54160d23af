package io.mongoose.benchmarks.sweep;

import io.mongoose.benchmarks.Cli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The paired harness end to end at a low rate, with each transport's own consumer thread and with one polling thread:
 * every transport's slices are delivered whole (a hop that lost or kept a message fails the run, and so does a
 * consumer that does not park or wake), and the result names every transport and every peer ratio. Nothing here is
 * timed. The Markdown's own rules are {@code PairedReportTest}'s.
 */
class PairedRunMainTest
{
    @Test
    void runsEveryTransportOnItsOwnConsumerThreadInSlices(@TempDir final Path dir) throws IOException
    {
        final String result = runsInSlicesAndWritesTheRatios(dir, "--consumers=own");
        assertTrue(result.contains("`--consumers=own`"), result);
        assertTrue(result.contains("each transport's own consumer thread, as the latency sweep runs it"), result);
    }

    @Test
    void runsEveryTransportThroughOnePollingConsumerInSlices(@TempDir final Path dir) throws IOException
    {
        final String result = runsInSlicesAndWritesTheRatios(dir, "--consumers=polled");
        assertTrue(result.contains("`--consumers=polled`"), result);
        assertTrue(result.contains("One publisher thread and one consumer thread for all transports"), result);
    }

    @Test
    void jvmsRunOneAfterAnotherAndTheirCyclesArePooled(@TempDir final Path dir) throws IOException
    {
        final Path file = dir.resolve("pooled.md");
        runOk("--rate=20k", "--sliceMillis=10", "--cycles=2", "--warmupCycles=0",
            "--transports=mongoose,disruptor", "--jvms=2", "--output=" + file);
        final String result = Files.readString(file);
        // Two JVMs of two cycles of 200 sends: every message of both is in the pooled table.
        assertTrue(result.contains("| Mongoose | 800 | "), result);
        assertTrue(result.contains("| Disruptor | 800 | "), result);
        assertTrue(result.contains("Each of 2 JVMs, run one after another, did the same, and their cycles are " +
            "pooled: 4 cycles."), result);
        assertTrue(result.contains("\n| Disruptor | 4 | "), result);
        assertTrue(result.contains("\n| 1 | 2 | "), result);
        assertTrue(result.contains("\n| 2 | 2 | "), result);
        assertTrue(result.contains("\n| Median of the JVMs | 4 | "), result);
    }

    @Test
    void aSingleJvmWritesItsMeasurementsForAParentToPool(@TempDir final Path dir) throws IOException
    {
        final Path data = dir.resolve("jvm.properties");
        runOk("--rate=20k", "--sliceMillis=10", "--cycles=2", "--warmupCycles=0",
            "--transports=mongoose,jctools", "--data=" + data);
        final PairedRunData read = PairedRunData.read(data);
        assertEquals(List.of("mongoose", "jctools"), read.transports());
        assertEquals(400, read.totals()[0].getTotalCount());
        assertEquals(400, read.totals()[1].getTotalCount());
        assertEquals(2, read.cycles());
        assertEquals(2, read.p50()[1].length);
        assertTrue(read.p50()[0][0] > 0, "a measured p50");
        assertArrayEquals(new int[] {2}, read.cyclesPerJvm());
        assertEquals(1024, read.queueCapacity());
    }

    @Test
    void anUnpacedRunTimesEverySliceAndComparesThroughput(@TempDir final Path dir) throws IOException
    {
        final Path data = dir.resolve("max.properties");
        final Outcome outcome = runOk("--rate=max", "--sliceMillis=5", "--cycles=3", "--warmupCycles=1",
            "--transports=mongoose,disruptor", "--data=" + data);
        assertTrue(outcome.out.startsWith("# Paired max throughput"), outcome.out);
        assertTrue(outcome.out.contains("slice of 5 ms of unpaced sends"), outcome.out);
        assertTrue(outcome.out.matches("(?s).*\\n\\| Mongoose \\| 3 \\| \\S+ \\(.*"), outcome.out);
        assertTrue(outcome.out.matches("(?s).*\\n\\| Disruptor \\| 3 \\| \\d+\\.\\d\\d× \\(.* of 3 \\|.*"),
            outcome.out);
        final PairedRunData read = PairedRunData.read(data);
        assertEquals(0, read.rate());
        for (int t = 0; t < 2; t++)
        {
            // Every slice sent and received something, and was timed: a slice's time per message is positive and, for
            // messages sent one by one over a 5 ms slice, under the slice itself.
            assertTrue(read.totals()[t].getTotalCount() >= 3, "messages of " + read.transports().get(t));
            for (final long picos : read.picosPerMessage()[t])
            {
                assertTrue(picos > 0 && picos < 5_000_000_000L, picos + " ps per message");
            }
        }
    }

    @Test
    void picosPerMessageIsTheSlicesTimeOverItsMessages()
    {
        assertEquals(30_000, PairedRunMain.picosPerMessage(30_000_000, 1_000_000));
        assertEquals(333, PairedRunMain.picosPerMessage(1, 3));
        assertEquals(0, PairedRunMain.picosPerMessage(1_000, 0));
    }

    @Test
    void ownConsumerThreadsTakeTransportsThatHaveNoPolledHop()
    {
        // The Agrona queue and ArrayBlockingQueue (whose consumer blocks in take) park and wake through their handlers
        // as the others do.
        final Outcome outcome = runOk("--rate=20k", "--sliceMillis=10", "--cycles=2", "--warmupCycles=0",
            "--transports=mongoose,agrona,abq");
        // 20k msg/s for 10 ms is 200 sends a slice; two cycles.
        assertTrue(outcome.out.contains("| Agrona queue | 400 | "), outcome.out);
        assertTrue(outcome.out.contains("| ArrayBlockingQueue | 400 | "), outcome.out);
        assertTrue(outcome.out.contains("\n| ArrayBlockingQueue | 2 | "), outcome.out);
    }

    private static String runsInSlicesAndWritesTheRatios(final Path dir, final String consumers) throws IOException
    {
        final Path file = dir.resolve("sub").resolve("paired.md");
        final Outcome outcome = runOk("--rate=20k", "--sliceMillis=20", "--cycles=3", "--warmupCycles=1",
            "--transports=jctools,mongoose,disruptor,mongoose-queue,disruptor-twin", consumers, "--output=" + file);
        final String result = Files.readString(file);
        assertEquals(result, outcome.out);
        // 20k msg/s for 20 ms is 400 sends a slice; three measured cycles.
        assertTrue(result.contains("| Mongoose | 1,200 | "), result);
        assertTrue(result.contains("| Disruptor | 1,200 | "), result);
        assertTrue(result.contains("| JCTools queue | 1,200 | "), result);
        assertTrue(result.contains("| Mongoose queue feed | 1,200 | "), result);
        // The A/A control: a second Disruptor lane, delivered whole as the first, with a ratio row of its own.
        assertTrue(result.contains("| Disruptor twin | 1,200 | "), result);
        assertTrue(result.contains("\n| Disruptor twin | 3 | "), result);
        // Mongoose first whatever the flag's order, and one ratio row per peer over the three cycles.
        assertTrue(result.indexOf("| Mongoose |") < result.indexOf("| Disruptor |"), result);
        assertTrue(result.contains("\n| Disruptor | 3 | "), result);
        assertTrue(result.contains("\n| JCTools queue | 3 | "), result);
        assertTrue(result.contains("3 cycles after 1 discarded"), result);
        // The ratio cells: median (quartiles).
        assertTrue(result.matches("(?s).*\\n\\| Disruptor \\| 3 \\| \\d+\\.\\d\\d× \\(.*"), result);
        return result;
    }

    @Test
    void badFlagsAreRefusedNamingTheFlagAndWhatItExpects()
    {
        assertRefused("Invalid value for option '--rate': 'fast'; expected 1 to 1000000000 messages per second",
            "--rate=fast");
        assertRefused("--transports: 'agrona'; expected one of mongoose, mongoose-queue, disruptor, disruptor-twin, " +
            "jctools (the transports with a polled hop)", "--transports=mongoose,agrona", "--consumers=polled");
        assertRefused("--transports: 'disruptor,jctools'; expected mongoose and at least one peer",
            "--transports=disruptor,jctools");
        assertRefused("--transports: 'disruptor' twice; expected each transport once",
            "--transports=mongoose,disruptor,disruptor");
        assertRefused("--queueCapacity: 1000; expected a power of two", "--queueCapacity=1000");
        assertRefused("--pin: 'maybe'; expected auto or none", "--pin=maybe");
        assertRefused("Unknown option: '--speed=9'", "--speed=9");
        assertRefused("--cycles: 0; expected at least 1", "--cycles=0");
        assertRefused("Invalid value for option '--cycles': 'many' is not an int", "--cycles=many");
        assertRefused("--output: empty; expected a value after '='", "--output=");
    }

    @Test
    void ownConsumersTakeEveryTransportAndTheModeMustBeKnown()
    {
        assertRefused("Invalid value for option '--consumers': expected one of [OWN, POLLED] (case-insensitive) but " +
            "was 'shared'", "--consumers=shared");
        assertRefused("--jvms: 0; expected at least 1", "--jvms=0");
        assertRefused("--data: empty; expected a value after '='", "--data=");
        assertRefused("--transports: 'nats'; expected one of mongoose, mongoose-queue, disruptor, disruptor-twin, " +
            "agrona, jctools, abq\n", "--transports=mongoose,nats");
    }

    @Test
    void helpPrintsEveryFlagWithItsDefault()
    {
        final Outcome outcome = run("--help");
        assertEquals(PairedRunMain.EXIT_OK, outcome.code);
        for (final String flag : new String[] {"--rate=N|max", "(default 1M)", "--sliceMillis=N", "(default 50)",
            "--cycles=N", "(default 200)", "--warmupCycles=N", "(default 40)", "--consumers=own|polled",
            "(default own)", "--transports=a,b", "(default mongoose,disruptor,jctools)", "--queueCapacity=N",
            "(default 65536)", "--drainLimit=N", "(default 256)", "--pin=auto|none", "(default auto)", "--jvms=N",
            "(default 1: this JVM)", "--output=FILE", "--data=FILE"})
        {
            assertTrue(outcome.out.contains(flag), flag + " in " + outcome.out);
        }
    }

    @Test
    void optionsAreTheFlagsCheckedWithALaterFlagWinning()
    {
        final PairedRunMain command = new PairedRunMain(new String[0], System.out, System.err);
        Cli.commandLine(command, System.out, System.err).parseArgs("--rate=max", "--sliceMillis=5", "--cycles=3",
            "--warmupCycles=0", "--consumers=polled", "--transports=jctools,mongoose", "--queueCapacity=1024",
            "--drainLimit=16", "--pin=none", "--jvms=5", "--jvms=2", "--output=a.md", "--data=a.properties");
        assertEquals(new PairedOptions(0, 5, 3, 0, List.of(Transport.MONGOOSE, Transport.JCTOOLS),
            PairedOptions.Consumers.POLLED, 1024, 16, false, 2, Optional.of(Path.of("a.md")),
            Optional.of(Path.of("a.properties"))), command.options());
    }

    private static void assertRefused(final String expected, final String... args)
    {
        final Outcome outcome = run(args);
        assertEquals(PairedRunMain.EXIT_USAGE, outcome.code, outcome.err);
        assertTrue(outcome.err.startsWith("PairedRunMain: "), outcome.err);
        assertTrue(outcome.err.contains(expected), outcome.err);
        assertTrue(outcome.err.contains("Usage: PairedRunMain"), outcome.err);
        assertEquals("", outcome.out);
    }

    /**
     * A run that must succeed, unpinned (the test machine may be busy) and on small queues, with {@code flags} after
     * those two (a later flag wins).
     */
    private static Outcome runOk(final String... flags)
    {
        final String[] args = new String[flags.length + 2];
        args[0] = "--pin=none";
        args[1] = "--queueCapacity=1024";
        System.arraycopy(flags, 0, args, 2, flags.length);
        final Outcome outcome = run(args);
        assertEquals(PairedRunMain.EXIT_OK, outcome.code, outcome.err);
        return outcome;
    }

    private static Outcome run(final String... args)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = PairedRunMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private record Outcome(int code, String out, String err)
    {
    }
}
