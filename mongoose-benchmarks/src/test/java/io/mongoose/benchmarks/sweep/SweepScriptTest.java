package io.mongoose.benchmarks.sweep;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * scripts/sweep.sh's option checks and the order and names of its latency runs, without running a benchmark: a copy
 * of the script runs in a scratch directory with {@code mvn} and {@code java} replaced by stubs on the PATH that only
 * log their arguments. The scratch directory has no pom and no classes, so even a real {@code mvn} or {@code java}
 * reached by mistake would fail at once rather than start a sweep.
 */
class SweepScriptTest
{
    private static final Path REPO_ROOT =
        Path.of(System.getProperty("basedir", System.getProperty("user.dir"))).toAbsolutePath().getParent();
    private static final Pattern FLAG = Pattern.compile("--([A-Za-z]+)=(\\S*)");

    @TempDir
    Path root;

    private Path log;

    @BeforeEach
    void stubTheToolsAndCopyTheScript() throws IOException
    {
        log = root.resolve("calls.log");
        Files.createDirectories(root.resolve("scripts"));
        Files.copy(REPO_ROOT.resolve("scripts/sweep.sh"), root.resolve("scripts/sweep.sh"));
        final Path launch = Files.createDirectories(root.resolve("mongoose-benchmarks/target/launch"));
        Files.writeString(launch.resolve("classpath.txt"), "");
        Files.writeString(launch.resolve("jvm.argfile"), "");
        final String logArgs = "#!/bin/sh\necho \"$(basename \"$0\") $*\" >> '" + log + "'\n";
        executable(root.resolve("bin/mvn"), logArgs);
        executable(root.resolve("bin/java"), logArgs);
        executable(root.resolve("scripts/example.sh"), logArgs);
        executable(root.resolve("scripts/report.sh"), logArgs);
    }

    @Test
    void repeatsOutsideOneToNineAreRefusedBeforeAnythingRuns() throws Exception
    {
        for (final String bad : List.of("0", "10", "", "-1", "abc", "3x"))
        {
            final Run run = sweep("--quick", "--repeats=" + bad);
            assertEquals(2, run.code(), bad);
            assertEquals("sweep.sh: --repeats=" + bad + ": expected a whole number from 1 to 9 (runs per latency " +
                "point; default 3, 1 with --quick)\n", run.err(), bad);
            assertFalse(Files.exists(log), "nothing may run after a bad option: " + bad);
        }
        assertEquals(0, sweep("--quick", "--repeats=9", "--rates=1M", "--transports=abq", "--drainLimits=none",
            "--throughputRuns=1").code());
    }

    @Test
    void eachRoundRunsEveryTransportOnceIntoRepeatsRotatingTheFirstThenSelectsTheMedians() throws Exception
    {
        final Path stale = Files.createDirectories(root.resolve("out/repeats")).resolve("latency_1m_mps_r4.hgrm");
        Files.writeString(stale, "from an earlier sweep");
        final Run run = sweep("--quick", "--repeats=3", "--transports=mongoose,disruptor,agrona", "--rates=1M,10M",
            "--drainLimits=none", "--throughputRuns=1", "--output=out");
        assertEquals(0, run.code(), run.err());
        final List<String> latency = javaRuns().stream().filter(r -> r.contains("LatencySweepMain") &&
            !r.contains("--rate=max") && !r.contains("discarded.hgrm")).map(SweepScriptTest::transportAndOutput)
            .collect(Collectors.toList());
        assertEquals(List.of(
            "mongoose out/repeats/latency_1m_mps_r1.hgrm",
            "disruptor out/repeats/disruptor_latency_1m_mps_r1.hgrm",
            "agrona out/repeats/agrona_latency_1m_mps_r1.hgrm",
            "disruptor out/repeats/disruptor_latency_1m_mps_r2.hgrm",
            "agrona out/repeats/agrona_latency_1m_mps_r2.hgrm",
            "mongoose out/repeats/latency_1m_mps_r2.hgrm",
            "agrona out/repeats/agrona_latency_1m_mps_r3.hgrm",
            "mongoose out/repeats/latency_1m_mps_r3.hgrm",
            "disruptor out/repeats/disruptor_latency_1m_mps_r3.hgrm",
            "mongoose out/repeats/latency_10m_mps_r1.hgrm",
            "disruptor out/repeats/disruptor_latency_10m_mps_r1.hgrm",
            "agrona out/repeats/agrona_latency_10m_mps_r1.hgrm",
            "disruptor out/repeats/disruptor_latency_10m_mps_r2.hgrm",
            "agrona out/repeats/agrona_latency_10m_mps_r2.hgrm",
            "mongoose out/repeats/latency_10m_mps_r2.hgrm",
            "agrona out/repeats/agrona_latency_10m_mps_r3.hgrm",
            "mongoose out/repeats/latency_10m_mps_r3.hgrm",
            "disruptor out/repeats/disruptor_latency_10m_mps_r3.hgrm"), latency);
        assertFalse(Files.exists(stale), "an earlier sweep's repeats must not survive into this one");

        // The selection runs once, after the last latency run and before the first throughput run.
        final List<String> calls = javaRuns();
        final int select = indexOf(calls, "io.mongoose.benchmarks.report.RepeatSelectMain --input=out --repeats=3");
        assertTrue(select > indexOf(calls, "latency_10m_mps_r3.hgrm"), calls.toString());
        assertTrue(select < indexOf(calls, "--rate=max"), calls.toString());
        assertEquals(1, calls.stream().filter(c -> c.contains("RepeatSelectMain")).count());
    }

    @Test
    void oneRepeatWritesTheUsualNamesAsBeforeAndSelectsNothing() throws Exception
    {
        Files.createDirectories(root.resolve("out/repeats"));
        final Run run = sweep("--quick", "--transports=mongoose,abq", "--rates=10k,1M", "--drainLimits=none",
            "--throughputRuns=1", "--output=out");
        assertEquals(0, run.code(), run.err());
        final List<String> latency = javaRuns().stream().filter(r -> r.contains("LatencySweepMain") &&
            !r.contains("--rate=max") && !r.contains("discarded.hgrm")).map(SweepScriptTest::transportAndOutput)
            .collect(Collectors.toList());
        assertEquals(List.of("mongoose out/latency_10k_mps.hgrm", "abq out/abq_latency_10k_mps.hgrm",
            "abq out/abq_latency_1m_mps.hgrm", "mongoose out/latency_1m_mps.hgrm"), latency);
        assertFalse(Files.exists(root.resolve("out/repeats")), "with one run per point there are no repeats");
        assertTrue(javaRuns().stream().noneMatch(c -> c.contains("RepeatSelectMain")));
        // --quick keeps its durations: 1 s warm-up and a 2 s window for every run of the latency harness.
        for (final String call : javaRuns().stream().filter(c -> c.contains("LatencySweepMain"))
            .collect(Collectors.toList()))
        {
            assertEquals("1000 2000", last(call, "warmupMillis") + " " + last(call, "runMillis"), call);
        }
    }

    @Test
    void fullModeRepeatsThreeTimesWithShorterLatencyAndThroughputRuns() throws Exception
    {
        final Run run = sweep("--transports=mongoose", "--rates=1M", "--drainLimits=none", "--throughputRuns=1");
        assertEquals(0, run.code(), run.err());
        final List<String> calls = javaRuns();
        final List<String> repeats = calls.stream().filter(c -> c.contains("docs/reports/repeats/"))
            .map(c -> last(c, "output") + " " + last(c, "warmupMillis") + " " + last(c, "runMillis"))
            .collect(Collectors.toList());
        assertEquals(List.of("docs/reports/repeats/latency_1m_mps_r1.hgrm 3000 6000",
            "docs/reports/repeats/latency_1m_mps_r2.hgrm 3000 6000",
            "docs/reports/repeats/latency_1m_mps_r3.hgrm 3000 6000"), repeats);
        final String throughput = calls.stream().filter(c -> c.contains("--rate=max")).findFirst().orElseThrow();
        assertEquals("3000 6000", last(throughput, "warmupMillis") + " " + last(throughput, "runMillis"));

        // With --repeats=1 full mode keeps its one 5 s + 10 s run per point.
        Files.delete(log);
        assertEquals(0, sweep("--repeats=1", "--transports=mongoose", "--rates=1M", "--drainLimits=none",
            "--throughputRuns=1").code());
        final String single = javaRuns().stream().filter(c -> c.contains("latency_1m_mps.hgrm")).findFirst()
            .orElseThrow();
        assertEquals("docs/reports/latency_1m_mps.hgrm 5000 10000", last(single, "output") + " " +
            last(single, "warmupMillis") + " " + last(single, "runMillis"));
    }

    @Test
    void fullModeRunsFiveThroughputRunsPerTransportInterleavedByRound() throws Exception
    {
        assertEquals(0, sweep("--transports=mongoose,disruptor", "--rates=1M", "--drainLimits=none",
            "--repeats=1").code());

        final List<String> order = javaRuns().stream()
            .filter(c -> c.contains("--rate=max") && !c.contains("PairedRunMain"))
            .map(c -> last(c, "output").replace("docs/reports/throughput/", ""))
            .collect(Collectors.toList());

        assertEquals(List.of(
            "mongoose_run1.hgrm", "disruptor_run1.hgrm",
            "disruptor_run2.hgrm", "mongoose_run2.hgrm",
            "mongoose_run3.hgrm", "disruptor_run3.hgrm",
            "disruptor_run4.hgrm", "mongoose_run4.hgrm",
            "mongoose_run5.hgrm", "disruptor_run5.hgrm"), order);
    }

    @Test
    void pairedRunsFollowTheThroughputRunsOncePerRateIntoAFreshPairedDirectory() throws Exception
    {
        final Path stale = Files.createDirectories(root.resolve("docs/reports/paired")).resolve("paired_10k_mps.md");
        Files.writeString(stale, "from an earlier sweep");
        final Path stalePadded = Files.createDirectories(root.resolve("docs/reports/paired-padded"))
            .resolve("paired_100k_mps.md");
        Files.writeString(stalePadded, "from an earlier sweep");
        assertEquals(0, sweep("--transports=mongoose,abq", "--rates=10k,1M,10M", "--drainLimits=none",
            "--repeats=1", "--throughputRuns=1").code());

        final List<String> calls = javaRuns();
        final List<String> paired = calls.stream()
            .filter(c -> c.contains("PairedRunMain") && !c.contains("--queueCapacity="))
            .map(c -> last(c, "rate") + " " + last(c, "jvms") + " " + last(c, "cycles") + " " +
                last(c, "warmupCycles") + " " + last(c, "peerEvent") + " " + last(c, "transports") + " " +
                last(c, "output") + " " + last(c, "data"))
            .collect(Collectors.toList());
        // Each run at 1M, 10M and unpaced is followed at once by the same with padded peer events, in a directory of
        // its own; 10k has none. The runs with the peers' own events carry the Disruptor's twin, the A/A control; the
        // padded ones compare Mongoose against padded peers only.
        final String withTwin = "mongoose,disruptor,disruptor-twin,jctools";
        final String lanes = "mongoose,disruptor,jctools";
        assertEquals(List.of(
            "10k 5 80 20 raw " + withTwin + " docs/reports/paired/paired_10k_mps.md " +
                "docs/reports/paired/paired_10k_mps.properties",
            "1M 5 80 20 raw " + withTwin + " docs/reports/paired/paired_1m_mps.md " +
                "docs/reports/paired/paired_1m_mps.properties",
            "1M 5 80 20 padded " + lanes + " docs/reports/paired-padded/paired_1m_mps.md " +
                "docs/reports/paired-padded/paired_1m_mps.properties",
            "10M 5 80 20 raw " + withTwin + " docs/reports/paired/paired_10m_mps.md " +
                "docs/reports/paired/paired_10m_mps.properties",
            "10M 5 80 20 padded " + lanes + " docs/reports/paired-padded/paired_10m_mps.md " +
                "docs/reports/paired-padded/paired_10m_mps.properties",
            "max 5 80 20 raw " + withTwin + " docs/reports/paired/paired_max_mps.md " +
                "docs/reports/paired/paired_max_mps.properties",
            "max 5 80 20 padded " + lanes + " docs/reports/paired-padded/paired_max_mps.md " +
                "docs/reports/paired-padded/paired_max_mps.properties"),
            paired);
        // Then 10M twice more with the same lanes and a 1,024-slot ring, on own consumer threads and polled, into
        // paired/ under names of their own.
        final List<String> small = calls.stream().filter(c -> c.contains("--queueCapacity="))
            .map(c -> last(c, "rate") + " " + last(c, "queueCapacity") + " " + last(c, "consumers") + " " +
                last(c, "jvms") + " " + last(c, "transports") + " " + last(c, "data"))
            .collect(Collectors.toList());
        assertEquals(List.of(
            "10M 1024 own 5 " + withTwin + " docs/reports/paired/paired_10m_q1024_mps.properties",
            "10M 1024 polled 5 " + withTwin + " docs/reports/paired/paired_10m_q1024_polled_mps.properties"), small);
        assertTrue(indexOf(calls, "paired_10m_q1024_mps") > indexOf(calls, "paired-padded/paired_max_mps"),
            calls.toString());
        assertTrue(indexOf(calls, "PairedRunMain") > indexOf(calls, "--rate=max"), calls.toString());
        assertFalse(Files.exists(stale), "an earlier sweep's paired runs must not be judged as this one's");
        assertFalse(Files.exists(stalePadded), "nor its padded ones be shown as this one's");

        // The queue feed joins the paired runs with its own events only: the padded runs compare the ring feed.
        Files.delete(log);
        assertEquals(0, sweep("--transports=mongoose,mongoose-queue", "--rates=1M", "--drainLimits=none",
            "--repeats=1", "--throughputRuns=1").code());
        assertEquals(List.of("raw mongoose,mongoose-queue,disruptor,disruptor-twin,jctools", "padded " + lanes,
                "raw mongoose,mongoose-queue,disruptor,disruptor-twin,jctools", "padded " + lanes),
            javaRuns().stream().filter(c -> c.contains("PairedRunMain"))
                .map(c -> last(c, "peerEvent") + " " + last(c, "transports")).collect(Collectors.toList()));

        // Quick mode: one short JVM per paired run, the 1,024-slot ones included, into the quick output.
        Files.delete(log);
        assertEquals(0, sweep("--quick", "--transports=mongoose", "--rates=10M", "--drainLimits=none",
            "--throughputRuns=1").code());
        assertEquals(List.of("10M 1 4 2 paired/paired_10m_mps.properties",
                "10M 1 4 2 paired-padded/paired_10m_mps.properties",
                "max 1 4 2 paired/paired_max_mps.properties",
                "max 1 4 2 paired-padded/paired_max_mps.properties",
                "10M 1 4 2 paired/paired_10m_q1024_mps.properties",
                "10M 1 4 2 paired/paired_10m_q1024_polled_mps.properties"),
            javaRuns().stream().filter(c -> c.contains("PairedRunMain"))
                .map(c -> last(c, "rate") + " " + last(c, "jvms") + " " + last(c, "cycles") + " " +
                    last(c, "warmupCycles") + " " + last(c, "data").replace("mongoose-benchmarks/target/sweep-quick/",
                    "")).collect(Collectors.toList()));
    }

    @Test
    void pairedRunsAreSkippedOnRequestOrWithoutMongoose() throws Exception
    {
        final Path kept = Files.createDirectories(root.resolve("out/paired")).resolve("paired_1m_mps.md");
        Files.writeString(kept, "from scripts/paired.sh");
        assertEquals(0, sweep("--quick", "--paired=none", "--transports=mongoose", "--rates=1M",
            "--drainLimits=none", "--throughputRuns=1", "--output=out").code());
        assertEquals(0, sweep("--quick", "--transports=disruptor,abq", "--rates=1M", "--drainLimits=none",
            "--throughputRuns=1", "--output=out").code());
        assertTrue(javaRuns().stream().noneMatch(c -> c.contains("PairedRunMain")), javaRuns().toString());
        assertTrue(Files.exists(kept), "a sweep that runs no paired phase leaves paired/ as it is");

        final Run bad = sweep("--paired=yes");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("unknown or bad option '--paired=yes'") && bad.err().contains("--paired=none"),
            bad.err());
    }

    private Run sweep(final String... args) throws IOException, InterruptedException
    {
        final List<String> command = new ArrayList<>(List.of("bash", root.resolve("scripts/sweep.sh").toString()));
        command.addAll(List.of(args));
        final ProcessBuilder builder = new ProcessBuilder(command).directory(root.toFile());
        // The script takes java from JAVA_HOME when it is set: unset, it finds the stub first on the PATH.
        builder.environment().remove("JAVA_HOME");
        builder.environment().put("PATH", root.resolve("bin") + ":" + System.getenv("PATH"));
        builder.redirectOutput(root.resolve("stdout.txt").toFile());
        builder.redirectError(root.resolve("stderr.txt").toFile());
        final Process process = builder.start();
        if (!process.waitFor(60, TimeUnit.SECONDS))
        {
            process.destroyForcibly();
            throw new AssertionError("sweep.sh with stubs did not finish in 60 s");
        }
        return new Run(process.exitValue(), Files.readString(root.resolve("stderr.txt"), StandardCharsets.UTF_8));
    }

    private List<String> javaRuns() throws IOException
    {
        return Files.readAllLines(log, StandardCharsets.UTF_8).stream().filter(l -> l.startsWith("java "))
            .collect(Collectors.toList());
    }

    private static int indexOf(final List<String> calls, final String part)
    {
        for (int i = 0; i < calls.size(); i++)
        {
            if (calls.get(i).contains(part))
            {
                return i;
            }
        }
        throw new AssertionError("no call containing '" + part + "' in " + calls);
    }

    private static String transportAndOutput(final String call)
    {
        return last(call, "transport") + " " + last(call, "output");
    }

    /**
     * @return the value of the last {@code --name=value} in a call: the harness lets later flags win.
     */
    private static String last(final String call, final String name)
    {
        String value = null;
        final Matcher m = FLAG.matcher(call);
        while (m.find())
        {
            if (m.group(1).equals(name))
            {
                value = m.group(2);
            }
        }
        if (null == value)
        {
            throw new AssertionError("no --" + name + " in " + call);
        }
        return value;
    }

    private static void executable(final Path file, final String text) throws IOException
    {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private record Run(int code, String err)
    {
    }
}
