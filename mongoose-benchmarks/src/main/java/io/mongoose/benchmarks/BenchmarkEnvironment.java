package io.mongoose.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The machine and JVM a benchmark ran on, recorded next to its results so they can be compared and reproduced. Values
 * are strings in a fixed key order; what the platform does not expose is {@value #UNKNOWN}.
 */
public final class BenchmarkEnvironment
{
    /** CPU model name, from the first {@code model name} line of {@code /proc/cpuinfo}. */
    public static final String CPU_MODEL = "cpu.model";
    /** Processors available to this JVM, which honours cgroup limits. */
    public static final String CPU_CORES = "cpu.cores";
    /** Operating system name, version and architecture. */
    public static final String OS = "os";
    /** The {@code java.version} system property. */
    public static final String JAVA_VERSION = "java.version";
    /** The {@code java.vendor} system property. */
    public static final String JAVA_VENDOR = "java.vendor";
    /** The JVM's name and version. */
    public static final String JVM = "jvm";
    /** The JVM's input arguments, space separated. */
    public static final String JVM_ARGS = "jvm.args";
    /** Names of the garbage collectors in use. */
    public static final String GC = "gc";
    /** The kernel clocksource behind {@link System#nanoTime()} on Linux, e.g. {@code tsc}. */
    public static final String CLOCKSOURCE = "clocksource";
    /** Every key, in the order {@link #values()} lists them. */
    public static final List<String> KEYS =
        List.of(CPU_MODEL, CPU_CORES, OS, JAVA_VERSION, JAVA_VENDOR, JVM, JVM_ARGS, GC, CLOCKSOURCE);
    /** Recorded for anything this platform does not expose. */
    public static final String UNKNOWN = "unknown";

    private final Map<String, String> values;

    private BenchmarkEnvironment(final Map<String, String> values)
    {
        this.values = Collections.unmodifiableMap(values);
    }

    /** @return the environment of this JVM on this machine, now. */
    public static BenchmarkEnvironment capture()
    {
        return capture(Path.of("/proc/cpuinfo"),
            Path.of("/sys/devices/system/clocksource/clocksource0/current_clocksource"));
    }

    /** Capture, reading the CPU model and clocksource from the given files (tests point them at fixtures). */
    static BenchmarkEnvironment capture(final Path cpuinfo, final Path clocksource)
    {
        final Map<String, String> values = new LinkedHashMap<>();
        values.put(CPU_MODEL, readLines(cpuinfo).stream()
            .filter(line -> line.indexOf(':') > 0 && line.substring(0, line.indexOf(':')).trim().equals("model name"))
            .map(line -> known(line.substring(line.indexOf(':') + 1))).findFirst().orElse(UNKNOWN));
        values.put(CPU_CORES, Integer.toString(Runtime.getRuntime().availableProcessors()));
        values.put(OS, System.getProperty("os.name") + ' ' + System.getProperty("os.version") + ' ' +
            System.getProperty("os.arch"));
        values.put(JAVA_VERSION, System.getProperty("java.version", UNKNOWN));
        values.put(JAVA_VENDOR, System.getProperty("java.vendor", UNKNOWN));
        values.put(JVM, System.getProperty("java.vm.name", UNKNOWN) + ' ' + System.getProperty("java.vm.version", ""));
        final List<String> arguments = ManagementFactory.getRuntimeMXBean().getInputArguments();
        values.put(JVM_ARGS, arguments.isEmpty() ? "(none)" : String.join(" ", arguments));
        values.put(GC, known(ManagementFactory.getGarbageCollectorMXBeans().stream()
            .map(GarbageCollectorMXBean::getName).collect(Collectors.joining(", "))));
        values.put(CLOCKSOURCE, known(readLines(clocksource).stream().findFirst().orElse("")));
        return new BenchmarkEnvironment(values);
    }

    /** @return every value by key, in the order of {@link #KEYS}; unmodifiable. */
    public Map<String, String> values()
    {
        return values;
    }

    /**
     * @param key one of {@link #KEYS}.
     * @return its value.
     * @throws IllegalArgumentException if {@code key} is not one of {@link #KEYS}.
     */
    public String get(final String key)
    {
        final String value = values.get(Objects.requireNonNull(key, "key"));
        if (null == value)
        {
            throw new IllegalArgumentException("key: '" + key + "' is unknown; expected one of " + KEYS);
        }
        return value;
    }

    private static String known(final String value)
    {
        return value.isBlank() ? UNKNOWN : value.trim();
    }

    private static List<String> readLines(final Path file)
    {
        try
        {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        }
        catch (final IOException | UncheckedIOException | SecurityException ex)
        {
            return List.of(); // not Linux, or a sandbox hides the file
        }
    }
}
