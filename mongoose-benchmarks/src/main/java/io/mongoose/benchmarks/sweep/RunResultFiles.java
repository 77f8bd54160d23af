package io.mongoose.benchmarks.sweep;

import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.zip.DataFormatException;

/**
 * The files of one run, from the {@code .hgrm} path given to the harness ({@code latency_1m_mps.hgrm}):
 * <ul>
 *     <li>{@code latency_1m_mps.hgrm}: the latency percentile distribution, values in microseconds (HdrHistogram's
 *     text format, readable by its plotter);</li>
 *     <li>{@code latency_1m_mps.service.hgrm}: the same for service time;</li>
 *     <li>{@code latency_1m_mps.run.properties}: every other field of {@link RunResult}, plus both histograms in
 *     HdrHistogram's compressed encoding, so reports compute exact percentiles from the run's own data.</li>
 * </ul>
 *
 * <p>The jitter keys (context switches, hiccups) came later than the others: a file without
 * {@value #HICCUP_INTERVAL_KEY} reads back with no {@link RunResult#jitter()}, so older sweeps still load.
 */
public final class RunResultFiles
{
    /** Suffix of the run's properties file. */
    public static final String PROPERTIES_SUFFIX = ".run.properties";
    /** Suffix of the service-time distribution. */
    public static final String SERVICE_SUFFIX = ".service.hgrm";
    /** Suffix of the latency distribution. */
    public static final String HGRM_SUFFIX = ".hgrm";
    /** The .hgrm files are in microseconds; histograms hold nanoseconds. */
    public static final double NANOS_PER_MICRO = 1000.0;

    /** Written for a context-switch count that {@code /proc} could not give. */
    public static final String UNAVAILABLE = "unavailable";
    /** The key whose presence marks a run that recorded jitter: the hiccup meter's interval (0 when it was off). */
    public static final String HICCUP_INTERVAL_KEY = "hiccupIntervalMicros";
    /** When the run's files were written (ISO-8601 UTC): the run's own date, whatever a copy or checkout does. */
    public static final String RECORDED_AT_KEY = "recordedAt";
    /** Key of the core-to-core round trip measured just before the run, nanoseconds (see {@link Placement}). */
    public static final String PLACEMENT_BEFORE_KEY = "placementRoundTripBeforeNanos";
    /** Key of the core-to-core round trip measured just after the run, nanoseconds. */
    public static final String PLACEMENT_AFTER_KEY = "placementRoundTripAfterNanos";
    /** Key of a latency run's median latency in each part of its window, nanoseconds, comma-separated in time order. */
    public static final String PLACEMENT_WINDOW_MEDIANS_KEY = "placementWindowMediansNanos";
    /** The date line {@link Properties#store} writes, for files written before {@link #RECORDED_AT_KEY}. */
    private static final DateTimeFormatter STORE_DATE =
        DateTimeFormatter.ofPattern("EEE MMM dd HH:mm:ss zzz yyyy", Locale.ROOT);
    /** The hiccup meter's histogram, encoded like the latency histograms; present when the meter was on. */
    public static final String HICCUP_HISTOGRAM_KEY = "hiccupHistogram";

    private static final String ENV_PREFIX = "env.";
    private static final String PUBLISHER = "publisher";
    private static final String CONSUMER = "consumer";
    private static final String VOLUNTARY_SWITCHES = "VoluntaryContextSwitches";
    private static final String INVOLUNTARY_SWITCHES = "InvoluntaryContextSwitches";

    private RunResultFiles()
    {
    }

    /**
     * Write the three files of a run.
     *
     * @param hgrm   path of the latency {@code .hgrm}; the other two are derived from it.
     * @param result what to write.
     * @throws IOException if a file cannot be written.
     */
    public static void write(final Path hgrm, final RunResult result) throws IOException
    {
        final String base = baseOf(hgrm);
        final Path parent = hgrm.toAbsolutePath().getParent();
        if (null != parent)
        {
            Files.createDirectories(parent);
        }
        writeHgrm(hgrm, result.latency());
        writeHgrm(sibling(hgrm, base + SERVICE_SUFFIX), result.service());

        final Map<String, String> p = new LinkedHashMap<>();
        p.put(RECORDED_AT_KEY, Instant.now().toString());
        p.put("transport", result.transport());
        p.put("mode", result.mode().name());
        p.put("targetRate", Long.toString(result.targetRate()));
        p.put("achievedRate", Double.toString(result.achievedRate()));
        p.put("targetMet", Boolean.toString(result.targetMet()));
        p.put("samples", Long.toString(result.samples()));
        p.put("warmupMillis", Long.toString(result.warmupMillis()));
        p.put("runMillis", Long.toString(result.runMillis()));
        p.put("drainLimit", Integer.toString(result.drainLimit()));
        p.put("idle", result.idle());
        p.put("pinRequest", result.pinRequest());
        p.put("publisherPinning", result.publisherPinning());
        p.put("consumerPinning", result.consumerPinning());
        p.put("gcCount", Long.toString(result.gcCount()));
        p.put("gcMillis", Long.toString(result.gcMillis()));
        p.put("publisherAllocatedBytes", Long.toString(result.publisherAllocatedBytes()));
        p.put("consumerAllocatedBytes", Long.toString(result.consumerAllocatedBytes()));
        result.jitter().ifPresent(j -> putJitter(p, j));
        p.put("latencyHistogram", encode(result.latency()));
        p.put("serviceHistogram", encode(result.service()));
        for (final Map.Entry<String, String> e : new TreeMap<>(result.environment()).entrySet())
        {
            p.put(ENV_PREFIX + e.getKey(), e.getValue());
        }
        final Properties properties = new Properties();
        properties.putAll(p);
        try (Writer out = Files.newBufferedWriter(sibling(hgrm, base + PROPERTIES_SUFFIX), StandardCharsets.UTF_8))
        {
            properties.store(out, "Mongoose benchmark run: " + hgrm.getFileName());
        }
    }

    /**
     * Read a run back.
     *
     * @param properties the run's {@code .run.properties} file.
     * @return the run.
     * @throws IOException if the file cannot be read or a field is missing or malformed (the message names it).
     */
    public static RunResult read(final Path properties) throws IOException
    {
        final Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(properties, StandardCharsets.UTF_8))
        {
            p.load(in);
        }
        final Field f = new Field(properties, p);
        final Map<String, String> environment = new TreeMap<>();
        for (final String key : p.stringPropertyNames())
        {
            if (key.startsWith(ENV_PREFIX))
            {
                environment.put(key.substring(ENV_PREFIX.length()), p.getProperty(key));
            }
        }
        return new RunResult(
            f.text("transport"), RunResult.Mode.valueOf(f.text("mode")), f.longValue("targetRate"),
            Double.parseDouble(f.text("achievedRate")), Boolean.parseBoolean(f.text("targetMet")),
            f.longValue("samples"), f.longValue("warmupMillis"), f.longValue("runMillis"),
            (int)f.longValue("drainLimit"), f.text("idle"), f.text("pinRequest"), f.text("publisherPinning"),
            f.text("consumerPinning"), f.longValue("gcCount"), f.longValue("gcMillis"),
            f.longValue("publisherAllocatedBytes"), f.longValue("consumerAllocatedBytes"), jitter(f, p),
            f.histogram("latencyHistogram"), f.histogram("serviceHistogram"), environment);
    }

    /**
     * When a run was recorded, from its file rather than the file system: a file's modification time is the time of
     * the last copy or checkout, not of the run.
     *
     * @param properties the run's {@code .run.properties} file.
     * @return its {@value #RECORDED_AT_KEY}; for older files, the date line {@link Properties#store} wrote; empty if the
     *         file has neither.
     * @throws IOException if the file cannot be read, or its {@value #RECORDED_AT_KEY} is not an ISO-8601 instant.
     */
    public static Optional<Instant> recordedAt(final Path properties) throws IOException
    {
        final List<String> lines = Files.readAllLines(properties, StandardCharsets.UTF_8);
        final Properties p = new Properties();
        p.load(new StringReader(String.join("\n", lines)));
        final String recorded = p.getProperty(RECORDED_AT_KEY);
        if (null != recorded)
        {
            try
            {
                return Optional.of(Instant.parse(recorded));
            }
            catch (final DateTimeParseException ex)
            {
                throw new IOException(properties + ": " + RECORDED_AT_KEY + " '" + recorded +
                    "'; expected an ISO-8601 instant such as 2026-11-21T09:12:51Z", ex);
            }
        }
        for (final String line : lines)
        {
            if (!line.startsWith("#"))
            {
                break;
            }
            try
            {
                return Optional.of(ZonedDateTime.parse(line.substring(1).trim(), STORE_DATE).toInstant());
            }
            catch (final DateTimeParseException notTheDateLine)
            {
                // The first comment line is the file's title; the date line follows it.
            }
        }
        return Optional.empty();
    }

    /**
     * @param hgrm a run's latency {@code .hgrm} path.
     * @return the path of its {@code .run.properties}.
     */
    public static Path propertiesOf(final Path hgrm)
    {
        return sibling(hgrm, baseOf(hgrm) + PROPERTIES_SUFFIX);
    }

    private static void putJitter(final Map<String, String> p, final Jitter jitter)
    {
        jitter.placement().ifPresent(placement ->
        {
            p.put(PLACEMENT_BEFORE_KEY, Long.toString(placement.roundTripBeforeNanos()));
            p.put(PLACEMENT_AFTER_KEY, Long.toString(placement.roundTripAfterNanos()));
            if (!placement.windowMediansNanos().isEmpty())
            {
                p.put(PLACEMENT_WINDOW_MEDIANS_KEY, placement.windowMediansNanos().stream().map(String::valueOf)
                    .collect(Collectors.joining(",")));
            }
        });
        putSwitches(p, PUBLISHER, jitter.publisherSwitches());
        putSwitches(p, CONSUMER, jitter.consumerSwitches());
        p.put(HICCUP_INTERVAL_KEY, Long.toString(jitter.hiccupIntervalMicros()));
        jitter.hiccups().ifPresent(h ->
        {
            p.put(HICCUP_HISTOGRAM_KEY, encode(h));
            // The encoded histogram is what reports read; these are for a reader of the file.
            p.put("hiccupP50Nanos", Long.toString(h.getValueAtPercentile(50)));
            p.put("hiccupP99Nanos", Long.toString(h.getValueAtPercentile(99)));
            p.put("hiccupP99_9Nanos", Long.toString(h.getValueAtPercentile(99.9)));
            p.put("hiccupMaxNanos", Long.toString(h.getMaxValue()));
        });
    }

    private static void putSwitches(
        final Map<String, String> p, final String thread, final Optional<ContextSwitches> switches)
    {
        p.put(thread + VOLUNTARY_SWITCHES, switches.map(s -> Long.toString(s.voluntary())).orElse(UNAVAILABLE));
        p.put(thread + INVOLUNTARY_SWITCHES, switches.map(s -> Long.toString(s.involuntary())).orElse(UNAVAILABLE));
    }

    private static Optional<Jitter> jitter(final Field f, final Properties p) throws IOException
    {
        if (null == p.getProperty(HICCUP_INTERVAL_KEY))
        {
            return Optional.empty();
        }
        final long interval = f.longValue(HICCUP_INTERVAL_KEY);
        if (interval < 0)
        {
            throw new IOException(f.file + ": '" + HICCUP_INTERVAL_KEY + "' is " + interval +
                "; expected 0 (meter off) or more");
        }
        final Optional<Histogram> hiccups = interval == 0 ? Optional.empty() :
            Optional.of(f.histogram(HICCUP_HISTOGRAM_KEY));
        return Optional.of(new Jitter(switches(f, PUBLISHER), switches(f, CONSUMER), interval, hiccups,
            placement(f, p)));
    }

    private static Optional<Placement> placement(final Field f, final Properties p) throws IOException
    {
        if (null == p.getProperty(PLACEMENT_BEFORE_KEY) && null == p.getProperty(PLACEMENT_AFTER_KEY))
        {
            return Optional.empty();
        }
        try
        {
            return Optional.of(new Placement(f.longValue(PLACEMENT_BEFORE_KEY), f.longValue(PLACEMENT_AFTER_KEY),
                windowMedians(f, p)));
        }
        catch (final IllegalArgumentException ex)
        {
            throw new IOException(f.file + ": '" + PLACEMENT_BEFORE_KEY + "' and '" + PLACEMENT_AFTER_KEY + "': " +
                ex.getMessage(), ex);
        }
    }

    private static List<Long> windowMedians(final Field f, final Properties p) throws IOException
    {
        final String text = p.getProperty(PLACEMENT_WINDOW_MEDIANS_KEY);
        if (null == text)
        {
            return List.of();
        }
        final List<Long> medians = new ArrayList<>();
        for (final String median : text.split(",", -1))
        {
            final long value;
            try
            {
                value = Long.parseLong(median.trim());
            }
            catch (final NumberFormatException ex)
            {
                throw new IOException(badWindowMedians(f, text), ex);
            }
            if (value < 0)
            {
                throw new IOException(badWindowMedians(f, text));
            }
            medians.add(value);
        }
        return medians;
    }

    private static String badWindowMedians(final Field f, final String text)
    {
        return f.file + ": '" + PLACEMENT_WINDOW_MEDIANS_KEY + "' is '" + text + "'; expected nanoseconds, none below " +
            "0, separated by commas";
    }

    private static Optional<ContextSwitches> switches(final Field f, final String thread) throws IOException
    {
        final String voluntary = thread + VOLUNTARY_SWITCHES;
        final String involuntary = thread + INVOLUNTARY_SWITCHES;
        if (UNAVAILABLE.equals(f.text(voluntary)) || UNAVAILABLE.equals(f.text(involuntary)))
        {
            return Optional.empty();
        }
        return Optional.of(new ContextSwitches(f.longValue(voluntary), f.longValue(involuntary)));
    }

    private static void writeHgrm(final Path path, final Histogram histogram) throws IOException
    {
        try (OutputStream file = Files.newOutputStream(path);
             PrintStream out = new PrintStream(file, false, StandardCharsets.UTF_8))
        {
            histogram.outputPercentileDistribution(out, NANOS_PER_MICRO);
        }
    }

    private static String encode(final Histogram histogram)
    {
        final ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        final int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        final byte[] bytes = new byte[length];
        buffer.flip();
        buffer.get(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }

    private static String baseOf(final Path hgrm)
    {
        final String name = hgrm.getFileName().toString();
        if (!name.endsWith(HGRM_SUFFIX) || name.endsWith(SERVICE_SUFFIX))
        {
            throw new IllegalArgumentException("output: '" + hgrm + "'; expected a path ending in " + HGRM_SUFFIX +
                " (and not " + SERVICE_SUFFIX + ")");
        }
        return name.substring(0, name.length() - HGRM_SUFFIX.length());
    }

    private static Path sibling(final Path path, final String name)
    {
        final Path parent = path.getParent();
        return null == parent ? Path.of(name) : parent.resolve(name);
    }

    /** Reads required fields, naming the file and key in every error. */
    private static final class Field
    {
        private final Path file;
        private final Properties properties;

        Field(final Path file, final Properties properties)
        {
            this.file = file;
            this.properties = properties;
        }

        String text(final String key) throws IOException
        {
            final String value = properties.getProperty(key);
            if (null == value)
            {
                throw new IOException(file + ": missing '" + key + "'");
            }
            return value;
        }

        long longValue(final String key) throws IOException
        {
            final String value = text(key);
            try
            {
                return Long.parseLong(value);
            }
            catch (final NumberFormatException ex)
            {
                throw new IOException(file + ": '" + key + "' is '" + value + "'; expected an integer", ex);
            }
        }

        Histogram histogram(final String key) throws IOException
        {
            final String value = text(key);
            try
            {
                return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(value)), 0);
            }
            catch (final DataFormatException | IllegalArgumentException ex)
            {
                throw new IOException(file + ": '" + key + "' is not an encoded histogram", ex);
            }
        }
    }
}
