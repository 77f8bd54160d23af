package io.mongoose.benchmarks.sweep;

import io.mongoose.benchmarks.Cli;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.ParameterException;

import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SweepOptionsTest
{
    @Test
    void defaultsAndSuffixes()
    {
        final SweepOptions o = parse("--output=out/latency_1m_mps.hgrm");
        assertEquals(1_000_000, o.rate());
        assertEquals(5000, o.warmupMillis());
        assertEquals(10000, o.runMillis());
        assertEquals(Transport.MONGOOSE, o.transport());
        assertEquals(256, o.drainLimit());
        assertEquals("busy-spin", o.idle());
        assertEquals("none", o.pin());
        assertEquals(65536, o.queueCapacity());
        assertEquals(Path.of("out/latency_1m_mps.hgrm"), o.output());

        assertEquals(10_000, parse("--rate=10k", "--output=a.hgrm").rate());
        assertEquals(10_000_000, parse("--rate=10M", "--output=a.hgrm").rate());
        assertEquals(123, parse("--rate=123", "--output=a.hgrm").rate());
        final SweepOptions max = parse("--rate=max", "--output=a.hgrm", "--transport=abq");
        assertTrue(max.throughputMode());
        assertEquals(Transport.ABQ, max.transport());
        assertEquals(new SweepOptions(100_000, 0, 1, Path.of("b.hgrm"), Transport.MONGOOSE_QUEUE, 8, "yield", "auto",
            1024), parse("--rate=100k", "--warmupMillis=0", "--runMillis=1", "--output=b.hgrm",
            "--transport=mongoose-queue", "--drainLimit=8", "--idle=yield", "--pin=auto", "--queueCapacity=1024"));
        // A later flag wins, as scripts pass their defaults first.
        assertEquals(1_000_000, parse("--rate=10k", "--output=a.hgrm", "--rate=1M").rate());
    }

    @Test
    void eachBadFlagIsRefusedNamingTheFlagTheValueAndWhatItExpects()
    {
        final Map<String, String> refusals = Map.ofEntries(
            Map.entry("--rate=fast", "Invalid value for option '--rate': 'fast'; expected 1 to 1000000000 messages " +
                "per second (e.g. 10000, 10k, 1M), or max"),
            Map.entry("--runMillis=soon", "Invalid value for option '--runMillis': 'soon' is not a long"),
            Map.entry("--output=x.txt", "--output: 'x.txt'; expected a file name ending in .hgrm"),
            Map.entry("--transport=kafka", "--transport: unknown 'kafka'; expected one of mongoose, mongoose-queue, " +
                "disruptor, agrona, jctools, abq"),
            Map.entry("--drainLimit=0", "--drainLimit: 0; expected at least 1"),
            Map.entry("--idle=spinn", "--idle: unknown 'spinn'; expected one of busy-spin, yield, backoff, sleep"),
            Map.entry("--pin=cpu3", "--pin: 'cpu3'; expected none or auto"),
            Map.entry("--queueCapacity=1000", "--queueCapacity: 1000; expected a power of two up to 8388608 (a " +
                "Mongoose hop's pool holds twice the queue, at most 16777216)"),
            Map.entry("--bogus=1", "Unknown option: '--bogus=1'"),
            Map.entry("plain", "Unmatched argument at index 1: 'plain'"));
        refusals.forEach((flag, message) -> assertEquals(message,
            assertThrows(ParameterException.class, () -> parse("--output=a.hgrm", flag), flag).getMessage(), flag));
        assertEquals("Missing required option: '--output=FILE.hgrm'",
            assertThrows(ParameterException.class, () -> parse("--rate=1M")).getMessage());
    }

    @Test
    void theDisruptorsTwinIsRefusedForASeparateRunAsThePairedRunsControl()
    {
        final ParameterException e = assertThrows(ParameterException.class,
            () -> parse("--transport=disruptor-twin", "--output=a.hgrm"));
        assertEquals("--transport: 'disruptor-twin' is the paired runs' A/A control (PairedRunMain --transports); " +
            "expected one of mongoose, mongoose-queue, disruptor, agrona, jctools, abq", e.getMessage());
        final String usage = Cli.commandLine(new LatencySweepMain(System.out, System.err), System.out, System.err)
            .getUsageMessage();
        assertTrue(usage.contains("mongoose, mongoose-queue, disruptor, agrona, jctools, abq (default mongoose)"),
            usage);
        assertFalse(usage.contains("disruptor-twin"), usage);
    }

    @Test
    void negativeAndZeroValuesAreRefused()
    {
        assertThrows(ParameterException.class, () -> parse("--rate=-5", "--output=a.hgrm"));
        assertThrows(ParameterException.class, () -> parse("--rate=0", "--output=a.hgrm"));
        assertThrows(ParameterException.class, () -> parse("--rate=2G", "--output=a.hgrm"));
        assertThrows(ParameterException.class, () -> parse("--runMillis=0", "--output=a.hgrm"));
        assertThrows(ParameterException.class, () -> parse("--warmupMillis=-1", "--output=a.hgrm"));
        assertThrows(ParameterException.class, () -> parse("--output=a.service.hgrm"));
    }

    @Test
    void rateLabelsMatchFileNames()
    {
        assertEquals("10k", SweepOptions.rateLabel(10_000));
        assertEquals("100k", SweepOptions.rateLabel(100_000));
        assertEquals("1m", SweepOptions.rateLabel(1_000_000));
        assertEquals("10m", SweepOptions.rateLabel(10_000_000));
        assertEquals("1500", SweepOptions.rateLabel(1500));
    }

    private static SweepOptions parse(final String... args)
    {
        final LatencySweepMain command = new LatencySweepMain(System.out, System.err);
        Cli.commandLine(command, System.out, System.err).parseArgs(args);
        return command.options();
    }
}
