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
        Files.copy(REPO_ROOT.resolve("scripts/lib.sh"), root.resolve("scripts/lib.sh"));
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
    void badOptionsAreRefusedBeforeAnythingRuns() throws Exception
    {
        for (final String bad : List.of("--throughputRuns=0", "--throughputRuns=10", "--repeats=3", "--pin=maybe",
            "--rates=", "--paired=yes"))
        {
            final Run run = sweep("--quick", bad);
            assertEquals(2, run.code(), bad);
            assertTrue(run.err().startsWith("sweep.sh: unknown or bad option '" + bad + "'; expected --quick, "),
                run.err());
            assertTrue(run.err().contains("--throughputRuns=1..9, --paired=none"), run.err());
            assertFalse(Files.exists(log), "nothing may run after a bad option: " + bad);
        }
    }

    @Test
    void eachRateRunsEveryTransportOnceRotatingTheFirstAtTheQuickDurations() throws Exception
    {
        final Run run = sweep("--quick", "--transports=mongoose,disruptor,agrona", "--rates=1M,10M",
            "--throughputRuns=1", "--paired=none", "--output=out");
        assertEquals(0, run.code(), run.err());
        final List<String> latency = javaRuns().stream().filter(r -> r.contains("LatencySweepMain") &&
            !r.contains("--rate=max") && !r.contains("discarded.hgrm")).map(SweepScriptTest::transportAndOutput)
            .collect(Collectors.toList());
        assertEquals(List.of(
            "mongoose out/latency_1m_mps.hgrm",
            "disruptor out/disruptor_latency_1m_mps.hgrm",
            "agrona out/agrona_latency_1m_mps.hgrm",
            "disruptor out/disruptor_latency_10m_mps.hgrm",
            "agrona out/agrona_latency_10m_mps.hgrm",
            "mongoose out/latency_10m_mps.hgrm"), latency);
        // A discarded point first, outside the output; then every run at 1 s warm-up and a 2 s window.
        final List<String> calls = javaRuns();
        assertTrue(calls.get(0).contains("discarded.hgrm") && !last(calls.get(0), "output").startsWith("out/"),
            calls.get(0));
        for (final String call : calls.stream().filter(c -> c.contains("LatencySweepMain")).toList())
        {
            assertEquals("1000 2000", last(call, "warmupMillis") + " " + last(call, "runMillis"), call);
        }
        // The Maven build ran once per module, before any JVM; the second sweep finds nothing changed and builds
        // nothing.
        assertEquals(List.of("mongoose-benchmarks", "examples"), mavenModules());
        Files.delete(log);
        assertEquals(0, sweep("--quick", "--transports=abq", "--rates=1M", "--throughputRuns=1").code());
        assertEquals(List.of(), mavenModules());
    }

    @Test
    void fullModeRunsLongerPointsAndThreeThroughputRunsPerTransportInterleaved() throws Exception
    {
        assertEquals(0, sweep("--transports=mongoose,disruptor", "--rates=1M", "--paired=none").code());
        final List<String> calls = javaRuns();
        final String point = calls.stream().filter(c -> c.contains("docs/reports/latency_1m_mps.hgrm")).findFirst()
            .orElseThrow();
        assertEquals("5000 10000", last(point, "warmupMillis") + " " + last(point, "runMillis"));
        final List<String> order = calls.stream().filter(c -> c.contains("--rate=max"))
            .map(c -> last(c, "output").replace("docs/reports/throughput/", "")).collect(Collectors.toList());
        assertEquals(List.of("mongoose_run1.hgrm", "disruptor_run1.hgrm", "disruptor_run2.hgrm", "mongoose_run2.hgrm",
            "mongoose_run3.hgrm", "disruptor_run3.hgrm"), order);
        // The full sweep into docs/reports refreshes the README's results; the report quotes the command.
        final String report = Files.readAllLines(log).stream().filter(l -> l.startsWith("report.sh ")).findFirst()
            .orElseThrow();
        assertTrue(report.contains("--readme=README.md") &&
            report.contains("--command=scripts/sweep.sh --transports=mongoose,disruptor --rates=1M --paired=none"),
            report);
    }

    @Test
    void pairedRunsFollowTheThroughputRunsOncePerRateIntoAFreshPairedDirectory() throws Exception
    {
        final Path stale = Files.createDirectories(root.resolve("docs/reports/paired")).resolve("paired_10k_mps.md");
        Files.writeString(stale, "from an earlier sweep");
        assertEquals(0, sweep("--transports=mongoose,abq", "--rates=10k,1M,10M", "--throughputRuns=1").code());

        final List<String> calls = javaRuns();
        final List<String> paired = calls.stream().filter(c -> c.contains("PairedRunMain"))
            .map(c -> last(c, "rate") + " " + last(c, "jvms") + " " + last(c, "cycles") + " " +
                last(c, "warmupCycles") + " " + (c.contains("--queueCapacity=") ? last(c, "queueCapacity") + " " +
                last(c, "consumers") + " " : "") + last(c, "transports") + " " + last(c, "output") + " " +
                last(c, "data"))
            .collect(Collectors.toList());
        // Every paired run carries the Disruptor's twin, the A/A control.
        final String lanes = "mongoose,disruptor,disruptor-twin,jctools";
        final String dir = "docs/reports/paired/paired_";
        assertEquals(List.of(
            "10k 5 80 20 " + lanes + " " + dir + "10k_mps.md " + dir + "10k_mps.properties",
            "1M 5 80 20 " + lanes + " " + dir + "1m_mps.md " + dir + "1m_mps.properties",
            "10M 5 80 20 " + lanes + " " + dir + "10m_mps.md " + dir + "10m_mps.properties",
            "max 5 80 20 " + lanes + " " + dir + "max_mps.md " + dir + "max_mps.properties",
            "10M 5 80 20 1024 own " + lanes + " " + dir + "10m_q1024_mps.md " + dir + "10m_q1024_mps.properties",
            "10M 5 80 20 1024 polled " + lanes + " " + dir + "10m_q1024_polled_mps.md " + dir +
                "10m_q1024_polled_mps.properties"), paired);
        assertTrue(indexOf(calls, "PairedRunMain") > indexOf(calls, "--rate=max"), calls.toString());
        assertFalse(Files.exists(stale), "an earlier sweep's paired runs must not be judged as this one's");

        // The queue feed joins every paired run when it is among the transports.
        Files.delete(log);
        assertEquals(0, sweep("--transports=mongoose,mongoose-queue", "--rates=1M", "--throughputRuns=1").code());
        assertEquals(List.of("mongoose,mongoose-queue,disruptor,disruptor-twin,jctools",
                "mongoose,mongoose-queue,disruptor,disruptor-twin,jctools"),
            javaRuns().stream().filter(c -> c.contains("PairedRunMain")).map(c -> last(c, "transports"))
                .collect(Collectors.toList()));

        // Quick mode: one short JVM per paired run, the 1,024-slot ones included, into the quick output.
        Files.delete(log);
        assertEquals(0, sweep("--quick", "--transports=mongoose", "--rates=10M").code());
        assertEquals(List.of("10M 1 4 2 paired/paired_10m_mps.properties",
                "max 1 4 2 paired/paired_max_mps.properties",
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
            "--throughputRuns=1", "--output=out").code());
        assertEquals(0, sweep("--quick", "--transports=disruptor,abq", "--rates=1M", "--throughputRuns=1",
            "--output=out").code());
        assertTrue(javaRuns().stream().noneMatch(c -> c.contains("PairedRunMain")), javaRuns().toString());
        assertTrue(Files.exists(kept), "a sweep that runs no paired phase leaves paired/ as it is");

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

    /** The modules the Maven stub was asked to build, in order. */
    private List<String> mavenModules() throws IOException
    {
        return Files.readAllLines(log, StandardCharsets.UTF_8).stream().filter(l -> l.startsWith("mvn "))
            .map(l -> last(l.replace("-pl ", "--pl="), "pl")).collect(Collectors.toList());
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
