package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.BenchmarkEnvironment;
import io.mongoose.benchmarks.sweep.RunResult;
import io.mongoose.benchmarks.sweep.RunResultFiles;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;

/**
 * Synthetic runs with histograms of known values, written through {@link RunResultFiles} as the sweep writes them.
 */
final class RunFixtures
{
    /** Three significant digits: every value up to 2047 is recorded exactly, so small percentiles are exact. */
    static final int DIGITS = 3;
    static final long LATENCY_WINDOW_MILLIS = 10_000;
    static final String JVM_FLAGS = "-Xms1g -Xmx1g -XX:+AlwaysPreTouch";

    private RunFixtures()
    {
    }

    /**
     * @param from  first value, nanoseconds.
     * @param count how many values.
     * @param step  distance between values.
     * @return a histogram holding {@code from, from + step, ...} once each.
     */
    static Histogram values(final long from, final long count, final long step)
    {
        final Histogram histogram = new Histogram(DIGITS);
        for (long i = 0; i < count; i++)
        {
            histogram.recordValue(from + i * step);
        }
        return histogram;
    }

    /**
     * @return a histogram of {@code lowCount} values of {@code low} and {@code highCount} of {@code high}.
     */
    static Histogram twoValues(final long low, final long lowCount, final long high, final long highCount)
    {
        final Histogram histogram = new Histogram(DIGITS);
        histogram.recordValueWithCount(low, lowCount);
        histogram.recordValueWithCount(high, highCount);
        return histogram;
    }

    /**
     * @return a histogram holding exactly 1, 2, ..., 1000 ns: p50 500 ns, p90 900 ns, p99 990 ns, p99.9 999 ns,
     * max 1000 ns.
     */
    static Histogram oneToThousand()
    {
        return values(1, 1_000, 1);
    }

    static Map<String, String> environment()
    {
        final Map<String, String> environment = new LinkedHashMap<>();
        environment.put(BenchmarkEnvironment.CPU_MODEL, "Test CPU @ 3.0GHz");
        environment.put(BenchmarkEnvironment.CPU_CORES, "2");
        environment.put(BenchmarkEnvironment.OS, "Linux 6.1 amd64");
        environment.put(BenchmarkEnvironment.JAVA_VERSION, "17.0.15");
        environment.put(BenchmarkEnvironment.JAVA_VENDOR, "Debian");
        environment.put(BenchmarkEnvironment.JVM, "OpenJDK 64-Bit Server VM 17.0.15+6");
        environment.put(BenchmarkEnvironment.JVM_ARGS, JVM_FLAGS);
        environment.put(BenchmarkEnvironment.GC, "G1 Young Generation, G1 Old Generation");
        environment.put(BenchmarkEnvironment.CLOCKSOURCE, "tsc");
        return environment;
    }

    /**
     * A paced latency run whose service time is the latency histogram itself.
     */
    static RunResult latency(
        final String transport, final long rate, final double achieved, final Histogram latency, final long gcCount)
    {
        return latency(transport, rate, achieved, latency, latency, gcCount);
    }

    static RunResult latency(
        final String transport, final long rate, final double achieved, final Histogram latency,
        final Histogram service, final long gcCount)
    {
        return new RunResult(transport, RunResult.Mode.LATENCY, rate, achieved,
            achieved >= rate * RunResult.TARGET_TOLERANCE, latency.getTotalCount(), 5_000, LATENCY_WINDOW_MILLIS, 64,
            "busy-spin", "auto", "pinned to CPU 0", "pinned to CPU 1", gcCount, gcCount * 7, 0, 0, latency, service, environment());
    }

    /**
     * An unpaced run; its histograms hold a single value since only the achieved rate matters.
     */
    static RunResult throughput(final String transport, final double achieved)
    {
        return new RunResult(transport, RunResult.Mode.THROUGHPUT, 0, achieved, true, 1, 5_000, 5_000, 64,
            "busy-spin", "auto", "pinned to CPU 0", "pinned to CPU 1", 0, 0, 0, 0, values(100, 1, 1),
            values(100, 1, 1), environment());
    }

    /**
     * @param dir a temporary directory.
     * @return {@code dir/runs}, holding one Mongoose latency run at 1M msg/s: the least input a report accepts, for
     *         tests of the sections that read other files beside it.
     */
    static Path inputWithOneMongooseRun(final Path dir) throws IOException
    {
        final Path input = dir.resolve("runs");
        write(input, "m1m", latency("mongoose", 1_000_000, 1_000_000, values(100, 10, 1), 0),
            Instant.parse("2025-06-01T12:00:00Z"));
        return input;
    }

    /**
     * Write a run under a directory, recorded (and last modified) at a given time.
     *
     * @return the run's properties file.
     */
    static Path write(final Path dir, final String name, final RunResult result, final Instant modified)
        throws IOException
    {
        final Path hgrm = dir.resolve(name + RunResultFiles.HGRM_SUFFIX);
        RunResultFiles.write(hgrm, result);
        final Path properties = RunResultFiles.propertiesOf(hgrm);
        // The run's own date is what the report reads; the file time is set too, as a copy would leave it.
        final String recorded = RunResultFiles.RECORDED_AT_KEY + "=" + modified.toString().replace(":", "\\:");
        Files.writeString(properties, Files.readString(properties, StandardCharsets.UTF_8)
            .replaceFirst("(?m)^" + RunResultFiles.RECORDED_AT_KEY + "=.*$", Matcher.quoteReplacement(recorded)),
            StandardCharsets.UTF_8);
        Files.setLastModifiedTime(properties, FileTime.from(modified));
        return properties;
    }
}
