package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.BenchmarkEnvironment;
import io.mongoose.benchmarks.sweep.ContextSwitches;
import io.mongoose.benchmarks.sweep.Jitter;
import io.mongoose.benchmarks.sweep.Placement;
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
            "busy-spin", "auto", "pinned to CPU 0", "pinned to CPU 1", gcCount, gcCount * 7, 0, 0, Optional.empty(),
            latency, service, environment());
    }

    /**
     * An unpaced run; its histograms hold a single value since only the achieved rate matters.
     */
    static RunResult throughput(final String transport, final double achieved)
    {
        return new RunResult(transport, RunResult.Mode.THROUGHPUT, 0, achieved, true, 1, 5_000, 5_000, 64,
            "busy-spin", "auto", "pinned to CPU 0", "pinned to CPU 1", 0, 0, 0, 0, Optional.empty(), values(100, 1, 1),
            values(100, 1, 1), environment());
    }

    /**
     * @return the run with its drain limit replaced, as the sweep's drain-limit phase writes it.
     */
    static RunResult withDrainLimit(final RunResult r, final int drainLimit)
    {
        return new RunResult(r.transport(), r.mode(), r.targetRate(), r.achievedRate(), r.targetMet(), r.samples(),
            r.warmupMillis(), r.runMillis(), drainLimit, r.idle(), r.pinRequest(), r.publisherPinning(),
            r.consumerPinning(), r.gcCount(), r.gcMillis(), r.publisherAllocatedBytes(), r.consumerAllocatedBytes(),
            r.jitter(), r.latency(), r.service(), r.environment());
    }

    /**
     * @return the run with jitter recorded, as the sweep writes it since it records context switches and hiccups.
     */
    static RunResult withJitter(final RunResult r, final Jitter jitter)
    {
        return new RunResult(r.transport(), r.mode(), r.targetRate(), r.achievedRate(), r.targetMet(), r.samples(),
            r.warmupMillis(), r.runMillis(), r.drainLimit(), r.idle(), r.pinRequest(), r.publisherPinning(),
            r.consumerPinning(), r.gcCount(), r.gcMillis(), r.publisherAllocatedBytes(), r.consumerAllocatedBytes(),
            Optional.of(jitter), r.latency(), r.service(), r.environment());
    }

    /**
     * @param publisherInvoluntary the publisher's involuntary switches (its voluntary ones are 1 more).
     * @param consumerInvoluntary  the consumer's involuntary switches (its voluntary ones are 2 more).
     * @param hiccups              the hiccup meter's histogram, nanoseconds, at a 1 ms interval.
     * @return jitter with both threads' switches known and the meter on.
     */
    static Jitter jitter(final long publisherInvoluntary, final long consumerInvoluntary, final Histogram hiccups)
    {
        return new Jitter(Optional.of(new ContextSwitches(publisherInvoluntary + 1, publisherInvoluntary)),
            Optional.of(new ContextSwitches(consumerInvoluntary + 2, consumerInvoluntary)), 1_000,
            Optional.of(hiccups));
    }

    /**
     * Write one repeat of a latency point with a placement reading around it, as the sweep writes it: 800 samples at
     * {@code p50} and 200 at {@code p90}, so those are the run's p50 and p90.
     *
     * @param repeats  the sweep's {@code repeats/} directory.
     * @param point    the point's base name, e.g. {@code disruptor_latency_1m_mps}.
     * @param r        the repeat number.
     * @param modified when the run was recorded.
     */
    static void writePlacedRepeat(final Path repeats, final String point, final int r, final String transport,
        final long rate, final long p50, final long p90, final long roundTripBefore, final long roundTripAfter,
        final Instant modified) throws IOException
    {
        writePlacedRepeat(repeats, point, r, transport, rate, rate, p50, p90,
            new Placement(roundTripBefore, roundTripAfter), modified);
    }

    static void writePlacedRepeat(final Path repeats, final String point, final int r, final String transport,
        final long rate, final double achievedRate, final long p50, final long p90, final Placement placement,
        final Instant modified) throws IOException
    {
        final RunResult run = latency(transport, rate, achievedRate, twoValues(p50, 800, p90, 200), 0);
        write(repeats, point + "_r" + r, withJitter(run, new Jitter(Optional.empty(), Optional.empty(), 0,
            Optional.empty(), Optional.of(placement))), modified);
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
