package io.mongoose.benchmarks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The machine and JVM a benchmark ran on, captured once and recorded next to its results, because a latency number
 * without the CPU, JDK, flags, collector and clocksource behind it cannot be compared or reproduced.
 *
 * <p>Values are plain strings in a fixed key order. Anything the platform does not expose (for example
 * {@code /proc/cpuinfo} outside Linux) is recorded as {@value #UNKNOWN} rather than failing the benchmark.
 */
public final class BenchmarkEnvironment
{
    /** CPU model name, from the first {@code model name} line of {@code /proc/cpuinfo}. */
    public static final String CPU_MODEL = "cpu.model";
    /** Processors available to this JVM ({@link Runtime#availableProcessors()}), which honours cgroup limits. */
    public static final String CPU_CORES = "cpu.cores";
    /** Operating system name, version and architecture. */
    public static final String OS = "os";
    /** The {@code java.version} system property. */
    public static final String JAVA_VERSION = "java.version";
    /** The {@code java.vendor} system property. */
    public static final String JAVA_VENDOR = "java.vendor";
    /** The JVM's name and version, e.g. {@code OpenJDK 64-Bit Server VM 17.0.15+6}. */
    public static final String JVM = "jvm";
    /** The JVM's input arguments (heap size, collector, opens, ...), space separated. */
    public static final String JVM_ARGS = "jvm.args";
    /** Names of the garbage collectors in use, from the collector MXBeans. */
    public static final String GC = "gc";
    /** The kernel clocksource behind {@link System#nanoTime()} on Linux, e.g. {@code tsc}. */
    public static final String CLOCKSOURCE = "clocksource";
    /** Every key, in the order {@link #values()} and {@link #toMarkdownTable()} list them. */
    public static final List<String> KEYS =
        List.of(CPU_MODEL, CPU_CORES, OS, JAVA_VERSION, JAVA_VENDOR, JVM, JVM_ARGS, GC, CLOCKSOURCE);
    /** Recorded for anything this platform does not expose. */
    public static final String UNKNOWN = "unknown";

    private static final Path CPUINFO = Paths.get("/proc/cpuinfo");
    private static final Path CURRENT_CLOCKSOURCE =
        Paths.get("/sys/devices/system/clocksource/clocksource0/current_clocksource");

    private final Map<String, String> values;

    private BenchmarkEnvironment(final Map<String, String> values)
    {
        this.values = Collections.unmodifiableMap(values);
    }

    /**
     * Capture the environment of this JVM on this machine.
     *
     * @return the environment now.
     */
    public static BenchmarkEnvironment capture()
    {
        return capture(CPUINFO, CURRENT_CLOCKSOURCE);
    }

    /**
     * Capture the environment, reading the CPU model and clocksource from the given files (tests point them at
     * fixtures; a file that is missing or unreadable gives {@value #UNKNOWN}).
     */
    static BenchmarkEnvironment capture(final Path cpuinfo, final Path clocksource)
    {
        final Map<String, String> values = new LinkedHashMap<>();
        values.put(CPU_MODEL, cpuModel(cpuinfo));
        values.put(CPU_CORES, Integer.toString(Runtime.getRuntime().availableProcessors()));
        values.put(OS, System.getProperty("os.name") + ' ' + System.getProperty("os.version") + ' ' +
            System.getProperty("os.arch"));
        values.put(JAVA_VERSION, System.getProperty("java.version", UNKNOWN));
        values.put(JAVA_VENDOR, System.getProperty("java.vendor", UNKNOWN));
        values.put(JVM, System.getProperty("java.vm.name", UNKNOWN) + ' ' + System.getProperty("java.vm.version", ""));
        values.put(JVM_ARGS, jvmArguments());
        values.put(GC, collectorNames());
        values.put(CLOCKSOURCE, firstLine(clocksource));
        return new BenchmarkEnvironment(values);
    }

    /**
     * @return every value by key, in the order of {@link #KEYS}; unmodifiable.
     */
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
        final String value = values.get(Objects.requireNonNull(key, "key: null; expected one of " + KEYS));
        if (null == value)
        {
            throw new IllegalArgumentException("key: '" + key + "' is unknown; expected one of " + KEYS);
        }
        return value;
    }

    /**
     * Render as a two-column Markdown table, one row per key, ready to paste into a benchmark report.
     *
     * @return the table, each line ending in {@code \n}.
     */
    public String toMarkdownTable()
    {
        final StringBuilder table = new StringBuilder(256);
        table.append("| Property | Value |\n");
        table.append("| --- | --- |\n");
        for (final Map.Entry<String, String> entry : values.entrySet())
        {
            table.append("| ").append(entry.getKey()).append(" | ").append(escapeCell(entry.getValue())).append(" |\n");
        }
        return table.toString();
    }

    @Override
    public String toString()
    {
        return "BenchmarkEnvironment" + values;
    }

    private static String cpuModel(final Path cpuinfo)
    {
        final List<String> lines = readLines(cpuinfo);
        for (final String line : lines)
        {
            final int colon = line.indexOf(':');
            // x86 kernels call it "model name"; the first one suffices since benchmark hosts are not heterogeneous.
            if (colon > 0 && line.substring(0, colon).trim().equals("model name"))
            {
                final String model = line.substring(colon + 1).trim();
                return model.isEmpty() ? UNKNOWN : model;
            }
        }
        return UNKNOWN;
    }

    private static String firstLine(final Path file)
    {
        final List<String> lines = readLines(file);
        if (lines.isEmpty() || lines.get(0).trim().isEmpty())
        {
            return UNKNOWN;
        }
        return lines.get(0).trim();
    }

    private static List<String> readLines(final Path file)
    {
        try
        {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        }
        catch (final IOException | UncheckedIOException | SecurityException ex)
        {
            // Not Linux, or a sandbox hides the file: the benchmark still runs, the report says "unknown".
            return List.of();
        }
    }

    private static String jvmArguments()
    {
        final List<String> arguments = ManagementFactory.getRuntimeMXBean().getInputArguments();
        return arguments.isEmpty() ? "(none)" : String.join(" ", arguments);
    }

    private static String collectorNames()
    {
        final List<String> names = new ArrayList<>();
        for (final GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans())
        {
            names.add(collector.getName());
        }
        return names.isEmpty() ? UNKNOWN : String.join(", ", names);
    }

    private static String escapeCell(final String value)
    {
        // A pipe would end the cell and a line break would end the row.
        return value.replace("|", "\\|").replace('\n', ' ').replace('\r', ' ');
    }
}
