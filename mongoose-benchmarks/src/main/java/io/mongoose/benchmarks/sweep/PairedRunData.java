package io.mongoose.benchmarks.sweep;

import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Properties;
import java.util.zip.DataFormatException;

/**
 * What one paired run measured, or several pooled: every transport's latency over its measured slices, its p50, p90
 * and p99 per measured cycle, and its time per message in each measured slice (which an unpaced run compares). A run
 * started with {@code --jvms=N} has each of its N JVMs write one of these ({@code --data}) and pools them: the JVM itself is one more source of variation (the JIT's
 * choices, where the heap put each hop's objects), which slices within one JVM cannot average out.
 *
 * @param rate             messages per second within each slice.
 * @param measuredAt       when the run (the first JVM of a pooled run) finished, ISO-8601.
 * @param javaVersion      the JVM's {@code java.version}.
 * @param consumerMode     {@code own} or {@code polled}, as {@code --consumers} names it.
 * @param sliceMillis      one transport's slice.
 * @param transports       transport names as the run files spell them.
 * @param cpus             CPUs the JVM saw.
 * @param publisherPinning what pinning achieved for the publisher thread.
 * @param consumers        the consumer arrangement, as {@link PairedConsumers#describe()} wrote it.
 * @param totals           each transport's latency over all measured slices, in {@code transports} order.
 * @param p50              each transport's p50 per measured cycle.
 * @param p90              each transport's p90 per measured cycle.
 * @param cyclesPerJvm     measured cycles of each JVM pooled here, in order; one entry for a single run.
 * @param picosPerMessage  each transport's time per message in each measured cycle's slice, picoseconds: from the
 *                         slice's start until its last message was received, over the messages sent.
 * @param p99              each transport's p99 per measured cycle, so the tails can be compared slice against slice
 *                         of one cycle.
 * @param queueCapacity    every hop's queue or ring capacity.
 */
public record PairedRunData(long rate, String measuredAt, String javaVersion, String consumerMode, long sliceMillis,
    List<String> transports, int cpus, String publisherPinning, String consumers,
    Histogram[] totals, long[][] p50, long[][] p90, int[] cyclesPerJvm,
    long[][] picosPerMessage, long[][] p99, int queueCapacity)
{
    /** {@code PairedRunMain}'s queue or ring capacity unless {@code --queueCapacity} says otherwise. */
    public static final int DEFAULT_QUEUE_CAPACITY = 65_536;

    /**
     * @return whether this run has the configuration the sweep runs at every rate and the report judges targets on:
     *         each transport on its own consumer thread, with {@link #DEFAULT_QUEUE_CAPACITY} slots.
     */
    public boolean standardConfiguration()
    {
        return PairedOptions.Consumers.OWN.flagName().equals(consumerMode) && DEFAULT_QUEUE_CAPACITY == queueCapacity;
    }

    /**
     * @return the measured cycles, of every JVM pooled here.
     */
    public int cycles()
    {
        return Arrays.stream(cyclesPerJvm).sum();
    }

    /**
     * Pool runs of the same options, one after another, cycle order kept.
     *
     * @param runs at least one run, all of the same transports.
     * @return the pooled run; its descriptions are the first run's.
     * @throws IllegalArgumentException if the runs measured different transports.
     */
    public static PairedRunData pool(final List<PairedRunData> runs)
    {
        final PairedRunData first = runs.get(0);
        final int n = first.transports.size();
        int cycles = 0;
        final List<Integer> perJvm = new ArrayList<>();
        for (final PairedRunData run : runs)
        {
            if (!run.transports.equals(first.transports) || run.rate != first.rate)
            {
                throw new IllegalArgumentException("runs measured " + run.transports + " at " + run.rate + " msg/s " +
                    "and " + first.transports + " at " + first.rate + " msg/s; expected the same transports and rate " +
                    "in every run");
            }
            cycles += run.cycles();
            for (final int c : run.cyclesPerJvm)
            {
                perJvm.add(c);
            }
        }
        final Histogram[] totals = new Histogram[n];
        final long[][] p50 = new long[n][cycles];
        final long[][] p90 = new long[n][cycles];
        final long[][] picos = new long[n][cycles];
        final long[][] p99 = new long[n][cycles];
        for (int i = 0; i < n; i++)
        {
            totals[i] = new Histogram(LatencyRecorder.HIGHEST_TRACKABLE_NANOS, 3);
        }
        int at = 0;
        for (final PairedRunData run : runs)
        {
            final int length = run.cycles();
            for (int i = 0; i < n; i++)
            {
                totals[i].add(run.totals[i]);
                System.arraycopy(run.p50[i], 0, p50[i], at, length);
                System.arraycopy(run.p90[i], 0, p90[i], at, length);
                System.arraycopy(run.picosPerMessage[i], 0, picos[i], at, length);
                System.arraycopy(run.p99[i], 0, p99[i], at, length);
            }
            at += length;
        }
        return new PairedRunData(first.rate, first.measuredAt, first.javaVersion, first.consumerMode,
            first.sliceMillis, first.transports, first.cpus, first.publisherPinning, first.consumers,
            totals, p50, p90, perJvm.stream().mapToInt(Integer::intValue).toArray(),
            picos, p99, first.queueCapacity);
    }

    /**
     * @param file where to write this run, as {@link #read(Path)} reads it.
     * @throws IOException if it cannot be written.
     */
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
        for (int i = 0; i < transports.size(); i++)
        {
            final String t = transports.get(i);
            p.setProperty("p50." + t, join(p50[i]));
            p.setProperty("p90." + t, join(p90[i]));
            p.setProperty("picosPerMessage." + t, join(picosPerMessage[i]));
            p.setProperty("p99." + t, join(p99[i]));
            final ByteBuffer buffer = ByteBuffer.allocate(totals[i].getNeededByteBufferCapacity());
            final int length = totals[i].encodeIntoCompressedByteBuffer(buffer);
            p.setProperty("latency." + t, Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length)));
        }
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8))
        {
            p.store(out, "PairedRunMain --data");
        }
    }

    /**
     * @param file a file {@link #write(Path)} wrote.
     * @return the run.
     * @throws IOException if it cannot be read, or a field is missing or malformed (named in the message).
     */
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
            final long[][] p50 = new long[n][];
            final long[][] p90 = new long[n][];
            final long[][] picos = new long[n][];
            final long[][] p99 = new long[n][];
            for (int i = 0; i < n; i++)
            {
                final String t = transports.get(i);
                p50[i] = split(required(p, file, "p50." + t));
                p90[i] = split(required(p, file, "p90." + t));
                picos[i] = split(required(p, file, "picosPerMessage." + t));
                p99[i] = split(required(p, file, "p99." + t));
                totals[i] = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(
                    Base64.getDecoder().decode(required(p, file, "latency." + t))), 0);
            }
            return new PairedRunData(Long.parseLong(required(p, file, "rate")), required(p, file, "measuredAt"),
                required(p, file, "javaVersion"), required(p, file, "consumerMode"),
                Long.parseLong(required(p, file, "sliceMillis")), transports, Integer.parseInt(required(p, file, "cpus")),
                required(p, file, "publisherPinning"), required(p, file, "consumers"),
                totals, p50, p90,
                Arrays.stream(split(required(p, file, "cyclesPerJvm"))).mapToInt(v -> (int)v).toArray(), picos, p99,
                Integer.parseInt(required(p, file, "queueCapacity")));
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
        final StringBuilder out = new StringBuilder();
        for (int i = 0; i < values.length; i++)
        {
            out.append(i > 0 ? "," : "").append(values[i]);
        }
        return out.toString();
    }

    private static long[] split(final String text)
    {
        return text.isEmpty() ? new long[0] : Arrays.stream(text.split(",")).mapToLong(Long::parseLong).toArray();
    }
}
