package io.mongoose.benchmarks;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BenchmarkEnvironmentTest
{
    @Test
    void capturesEveryKeyInOrder()
    {
        final BenchmarkEnvironment environment = BenchmarkEnvironment.capture();

        assertEquals(BenchmarkEnvironment.KEYS, new ArrayList<>(environment.values().keySet()));
        for (final String key : BenchmarkEnvironment.KEYS)
        {
            assertFalse(environment.get(key).isBlank(), key + " is blank");
        }
    }

    @Test
    void coresAreTheProcessorsAvailableToThisJvm()
    {
        assertEquals(Integer.toString(Runtime.getRuntime().availableProcessors()),
            BenchmarkEnvironment.capture().get(BenchmarkEnvironment.CPU_CORES));
    }

    @Test
    void jvmFieldsComeFromThisJvm()
    {
        final BenchmarkEnvironment environment = BenchmarkEnvironment.capture();

        assertEquals(System.getProperty("java.version"), environment.get(BenchmarkEnvironment.JAVA_VERSION));
        assertEquals(System.getProperty("java.vendor"), environment.get(BenchmarkEnvironment.JAVA_VENDOR));
        // Surefire launches the test JVM with the opens flag from the parent pom, so it must show up here.
        assertTrue(environment.get(BenchmarkEnvironment.JVM_ARGS).contains("java.base/jdk.internal.misc=ALL-UNNAMED"),
            environment.get(BenchmarkEnvironment.JVM_ARGS));
        final String gc = environment.get(BenchmarkEnvironment.GC);
        ManagementFactory.getGarbageCollectorMXBeans().forEach(bean -> assertTrue(gc.contains(bean.getName()), gc));
    }

    @Test
    void readsCpuModelAndClocksourceFromTheirFiles(@TempDir final Path dir) throws IOException
    {
        final Path cpuinfo = dir.resolve("cpuinfo");
        Files.write(cpuinfo, List.of(
            "processor\t: 0",
            "vendor_id\t: GenuineIntel",
            "model\t\t: 85",
            "model name\t: Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz",
            "",
            "processor\t: 1",
            "model name\t: Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz"), StandardCharsets.UTF_8);
        final Path clocksource = dir.resolve("current_clocksource");
        Files.write(clocksource, List.of("tsc"), StandardCharsets.UTF_8);

        final BenchmarkEnvironment environment = BenchmarkEnvironment.capture(cpuinfo, clocksource);

        assertEquals("Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz", environment.get(BenchmarkEnvironment.CPU_MODEL));
        assertEquals("tsc", environment.get(BenchmarkEnvironment.CLOCKSOURCE));
    }

    @Test
    void missingFilesGiveUnknown(@TempDir final Path dir) throws IOException
    {
        final Path noModelName = dir.resolve("cpuinfo");
        Files.write(noModelName, List.of("processor\t: 0", "CPU part\t: 0xd0c"), StandardCharsets.UTF_8);

        final BenchmarkEnvironment environment =
            BenchmarkEnvironment.capture(noModelName, dir.resolve("does-not-exist"));

        assertEquals(BenchmarkEnvironment.UNKNOWN, environment.get(BenchmarkEnvironment.CPU_MODEL));
        assertEquals(BenchmarkEnvironment.UNKNOWN, environment.get(BenchmarkEnvironment.CLOCKSOURCE));
    }

    @Test
    void unknownKeyIsRejectedWithTheKnownKeys()
    {
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
            () -> BenchmarkEnvironment.capture().get("cpu.speed"));

        assertTrue(error.getMessage().contains("cpu.speed") && error.getMessage().contains(BenchmarkEnvironment.CPU_MODEL),
            error.getMessage());
    }
}
