package io.mongoose.benchmarks.sweep;

import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.stream.Collectors;
import java.util.zip.DataFormatException;

/**
 * What one paired run measured, or several JVMs' pooled ({@code --jvms}): per transport, in {@code transports} order,
 * its latency over the measured slices, its p50, p90 and p99 per measured cycle, and its time per message in each
 * measured slice, picoseconds from the slice's start until its last message was received.
 *
 * @param measuredAt   when the run (the first JVM of a pooled run) finished, ISO-8601.
 * @param consumerMode {@code own} or {@code polled}; {@code consumers} describes it.
 */
public record PairedRunData(long rate, String measuredAt, String javaVersion, String consumerMode, long sliceMillis,
    List<String> transports, int cpus, String publisherPinning, String consumers,
    Histogram[] totals, long[][] p50, long[][] p90, int[] cyclesPerJvm,
    long[][] picosPerMessage, long[][] p99, int queueCapacity)
{
    /** {@code PairedRunMain}'s queue or ring capacity unless {@code --queueCapacity} says otherwise. */
    public static final int DEFAULT_QUEUE_CAPACITY = 65_536;

    private static final String[] SERIES = {"p50", "p90", "picosPerMessage", "p99"};

    /** @return whether this run is configured as the sweep runs it and the report judges targets on. */
    public boolean standardConfiguration()
    {
        return PairedOptions.Consumers.OWN.flagName().equals(consumerMode) && DEFAULT_QUEUE_CAPACITY == queueCapacity;
    }

    /** @return the measured cycles, of every JVM pooled here. */
    public int cycles()
    {
        return Arrays.stream(cyclesPerJvm).sum();
    }

    private long[][][] series()
    {
        return new long[][][] {p50, p90, picosPerMessage, p99};
    }

    /** @return runs of the same transports and rate pooled, cycle order kept, with the first run's descriptions. */
    public static PairedRunData pool(final List<PairedRunData> runs)
    {
        final PairedRunData first = runs.get(0);
        final int n = first.transports.size();
        for (final PairedRunData run : runs)
        {
            if (!run.transports.equals(first.transports) || run.rate != first.rate)
            {
                throw new IllegalArgumentException("runs measured " + run.transports + " at " + run.rate + " msg/s " +
                    "and " + first.transports + " at " + first.rate + " msg/s; expected the same transports and rate " +
                    "in every run");
            }
        }
        final int[] perJvm = runs.stream().flatMapToInt(run -> Arrays.stream(run.cyclesPerJvm)).toArray();
        final Histogram[] totals = new Histogram[n];
        final long[][][] pooled = new long[SERIES.length][n][Arrays.stream(perJvm).sum()];
        for (int i = 0; i < n; i++)
        {
            totals[i] = new Histogram(LatencyRecorder.HIGHEST_TRACKABLE_NANOS, 3);
        }
        int at = 0;
        for (final PairedRunData run : runs)
        {
            final long[][][] series = run.series();
            for (int i = 0; i < n; i++)
            {
                totals[i].add(run.totals[i]);
                for (int s = 0; s < SERIES.length; s++)
                {
                    System.arraycopy(series[s][i], 0, pooled[s][i], at, run.cycles());
                }
            }
            at += run.cycles();
        }
        return new PairedRunData(first.rate, first.measuredAt, first.javaVersion, first.consumerMode,
            first.sliceMillis, first.transports, first.cpus, first.publisherPinning, first.consumers,
            totals, pooled[0], pooled[1], perJvm, pooled[2], pooled[3], first.queueCapacity);
    }

    /** Write this run as {@link #read(Path)} reads it. */
    public void write(final Path file) throws IOException
    {
        final Properties p = new Properties();
        p.setProperty("rate", Long.toString(rate));
        p.setProperty("measuredAt", measuredAt);
        p.setProperty("javaVersion", javaVersion);
        p.setProperty("consumerMode", consumerMode);
        p.setProperty("sliceMillis", Long.toString(sliceMillis));
        p.setProperty("transports", String.join(",", transports));
        p.setProperty("cpus", Integer.toString(cpus));
        p.setProperty("publisherPinning", publisherPinning);
        p.setProperty("consumers", consumers);
        p.setProperty("cyclesPerJvm", join(Arrays.stream(cyclesPerJvm).asLongStream().toArray()));
        p.setProperty("queueCapacity", Integer.toString(queueCapacity));
        final long[][][] series = series();
        for (int i = 0; i < transports.size(); i++)
        {
            final String t = transports.get(i);
            for (int s = 0; s < SERIES.length; s++)
            {
                p.setProperty(SERIES[s] + "." + t, join(series[s][i]));
            }
            p.setProperty("latency." + t, RunResultFiles.encode(totals[i]));
        }
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8))
        {
            p.store(out, "PairedRunMain --data");
        }
    }

    /** @return the run {@link #write(Path)} wrote; an IOException names a field missing or malformed. */
    public static PairedRunData read(final Path file) throws IOException
    {
        final Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8))
        {
            p.load(in);
        }
        try
        {
            final List<String> transports = List.of(required(p, file, "transports").split(","));
            final int n = transports.size();
            final Histogram[] totals = new Histogram[n];
            final long[][][] series = new long[SERIES.length][n][];
            for (int i = 0; i < n; i++)
            {
                final String t = transports.get(i);
                for (int s = 0; s < SERIES.length; s++)
                {
                    series[s][i] = split(required(p, file, SERIES[s] + "." + t));
                }
                totals[i] = RunResultFiles.decode(required(p, file, "latency." + t));
            }
            return new PairedRunData(Long.parseLong(required(p, file, "rate")), required(p, file, "measuredAt"),
                required(p, file, "javaVersion"), required(p, file, "consumerMode"),
                Long.parseLong(required(p, file, "sliceMillis")), transports,
                Integer.parseInt(required(p, file, "cpus")), required(p, file, "publisherPinning"),
                required(p, file, "consumers"), totals, series[0], series[1],
                Arrays.stream(split(required(p, file, "cyclesPerJvm"))).mapToInt(v -> (int)v).toArray(), series[2],
                series[3], Integer.parseInt(required(p, file, "queueCapacity")));
        }
        catch (final IllegalArgumentException | DataFormatException ex)
        {
            throw new IOException(file + ": malformed paired run data: " + ex.getMessage(), ex);
        }
    }

    private static String required(final Properties p, final Path file, final String key) throws IOException
    {
        final String value = p.getProperty(key);
        if (null == value)
        {
            throw new IOException(file + ": no '" + key + "'; expected a file written by PairedRunMain --data");
        }
        return value;
    }

    private static String join(final long[] values)
    {
        return Arrays.stream(values).mapToObj(Long::toString).collect(Collectors.joining(","));
    }

    private static long[] split(final String text)
    {
        return text.isEmpty() ? new long[0] : Arrays.stream(text.split(",")).mapToLong(Long::parseLong).toArray();
    }
}
