package io.mongoose.benchmarks.sweep;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SweepOptionsTest
{
    @Test
    void defaultsAndSuffixes()
    {
        final SweepOptions o = SweepOptions.parse("--output=out/latency_1m_mps.hgrm");
        assertEquals(1_000_000, o.rate());
        assertEquals(5000, o.warmupMillis());
        assertEquals(10000, o.runMillis());
        assertEquals(Transport.MONGOOSE, o.transport());
        assertEquals(256, o.drainLimit());
        assertEquals("busy-spin", o.idle());
        assertEquals("none", o.pin());
        assertEquals(65536, o.queueCapacity());
        assertEquals(Path.of("out/latency_1m_mps.hgrm"), o.output());

        assertEquals(10_000, SweepOptions.parse("--rate=10k", "--output=a.hgrm").rate());
        assertEquals(10_000_000, SweepOptions.parse("--rate=10M", "--output=a.hgrm").rate());
        assertEquals(123, SweepOptions.parse("--rate=123", "--output=a.hgrm").rate());
        final SweepOptions max = SweepOptions.parse("--rate=max", "--output=a.hgrm", "--transport=abq");
        assertTrue(max.throughputMode());
        assertEquals(Transport.ABQ, max.transport());
    }

    @Test
    void everyBadFlagIsReportedAtOnceNamingTheFlag()
    {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SweepOptions.parse(
            "--rate=fast", "--output=x.txt", "--transport=kafka", "--drainLimit=0", "--idle=spinn", "--pin=cpu3",
            "--queueCapacity=1000", "--bogus=1", "plain"));
        assertEquals(String.join("\n",
            "--bogus: unknown flag; expected one of --rate, --warmupMillis, --runMillis, --output, --transport, " +
                "--drainLimit, --idle, --pin, --queueCapacity",
            "'plain': expected --name=value",
            "--rate: 'fast'; expected messages per second (e.g. 10000, 10k, 1M) or max",
            "--output: 'x.txt'; expected a file name ending in .hgrm",
            "--transport: unknown 'kafka'; expected one of mongoose, mongoose-queue, disruptor, agrona, jctools, abq",
            "--drainLimit: 0; expected at least 1",
            "--idle: unknown 'spinn'; expected one of busy-spin, yield, backoff, sleep",
            "--pin: 'cpu3'; expected none or auto",
            "--queueCapacity: 1000; expected a power of two up to 8388608 (a Mongoose hop's pool holds twice the " +
                "queue, at most 16777216)"), e.getMessage());
    }

    @Test
    void theDisruptorsTwinIsRefusedForASeparateRunAsThePairedRunsControl()
    {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> SweepOptions.parse("--transport=disruptor-twin", "--output=a.hgrm"));
        assertEquals("--transport: 'disruptor-twin' is the paired runs' A/A control (PairedRunMain --transports); " +
            "expected one of mongoose, mongoose-queue, disruptor, agrona, jctools, abq", e.getMessage());
        assertTrue(SweepOptions.USAGE.contains("disruptor | agrona"), SweepOptions.USAGE);
    }

    @Test
    void negativeAndZeroValuesAreRefused()
    {
        assertThrows(IllegalArgumentException.class, () -> SweepOptions.parse("--rate=-5", "--output=a.hgrm"));
        assertThrows(IllegalArgumentException.class, () -> SweepOptions.parse("--rate=0", "--output=a.hgrm"));
        assertThrows(IllegalArgumentException.class, () -> SweepOptions.parse("--runMillis=0", "--output=a.hgrm"));
        assertThrows(IllegalArgumentException.class, () -> SweepOptions.parse("--warmupMillis=-1", "--output=a.hgrm"));
        assertThrows(IllegalArgumentException.class, () -> SweepOptions.parse("--output=a.service.hgrm"));
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
}
