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
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.zip.DataFormatException;

/**
 * The files of one run: the latency {@code .hgrm} in microseconds (HdrHistogram's text format), {@code .service.hgrm}
 * the same for service time, and {@code .run.properties} with every field of {@link RunResult}, histograms included.
 */
public final class RunResultFiles
{
    /** Suffixes of the run's files. */
    public static final String PROPERTIES_SUFFIX = ".run.properties";
    public static final String SERVICE_SUFFIX = ".service.hgrm";
    public static final String HGRM_SUFFIX = ".hgrm";
    /** The .hgrm files are in microseconds; histograms hold nanoseconds. */
    public static final double NANOS_PER_MICRO = 1000.0;

    /** When the run's files were written (ISO-8601 UTC), whatever a copy or checkout does to the file's date. */
    public static final String RECORDED_AT_KEY = "recordedAt";
    /** The date line {@link Properties#store} writes: the date of a file without {@link #RECORDED_AT_KEY}. */
    private static final DateTimeFormatter STORE_DATE =
        DateTimeFormatter.ofPattern("EEE MMM dd HH:mm:ss zzz yyyy", Locale.ROOT);

    private static final String ENV_PREFIX = "env.";

    private RunResultFiles()
    {
    }

    /** Write the three files of a run, the others beside the latency {@code hgrm}. */
    public static void write(final Path hgrm, final RunResult result) throws IOException
    {
        final String base = baseOf(hgrm);
        createParent(hgrm);
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

    /** @return the run of a {@code .run.properties} file; an IOException names a field missing or malformed. */
    public static RunResult read(final Path file) throws IOException
    {
        final Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8))
        {
            p.load(in);
        }
        final Map<String, String> environment = new TreeMap<>();
        for (final String key : p.stringPropertyNames())
        {
            if (key.startsWith(ENV_PREFIX))
            {
                environment.put(key.substring(ENV_PREFIX.length()), p.getProperty(key));
            }
        }
        final Field f = new Field(file, p);
        return new RunResult(
            f.text("transport"), RunResult.Mode.valueOf(f.text("mode")), f.longValue("targetRate"),
            Double.parseDouble(f.text("achievedRate")), Boolean.parseBoolean(f.text("targetMet")),
            f.longValue("samples"), f.longValue("warmupMillis"), f.longValue("runMillis"),
            (int)f.longValue("drainLimit"), f.text("idle"), f.text("pinRequest"), f.text("publisherPinning"),
            f.text("consumerPinning"), f.longValue("gcCount"), f.longValue("gcMillis"),
            f.longValue("publisherAllocatedBytes"), f.longValue("consumerAllocatedBytes"),
            f.histogram("latencyHistogram"), f.histogram("serviceHistogram"), environment);
    }

    /**
     * @return when a {@code .run.properties} file's run was recorded: its {@value #RECORDED_AT_KEY}, else the date line
     *         {@link Properties#store} wrote, else empty.
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

    /** @return the {@code .run.properties} of the run whose latency {@code .hgrm} is {@code hgrm}. */
    public static Path propertiesOf(final Path hgrm)
    {
        return sibling(hgrm, baseOf(hgrm) + PROPERTIES_SUFFIX);
    }

    static void createParent(final Path file) throws IOException
    {
        if (null != file.toAbsolutePath().getParent())
        {
            Files.createDirectories(file.toAbsolutePath().getParent());
        }
    }

    private static void writeHgrm(final Path path, final Histogram histogram) throws IOException
    {
        try (OutputStream file = Files.newOutputStream(path);
             PrintStream out = new PrintStream(file, false, StandardCharsets.UTF_8))
        {
            histogram.outputPercentileDistribution(out, NANOS_PER_MICRO);
        }
    }

    /** @return the histogram compressed, in Base64, as run files hold it. */
    static String encode(final Histogram histogram)
    {
        final ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        final int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
    }

    /** @return a histogram {@link #encode} wrote. */
    static Histogram decode(final String encoded) throws DataFormatException
    {
        return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(encoded)), 0);
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

    /** Reads required fields, naming the file and the key in every error. */
    private record Field(Path file, Properties properties)
    {
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
                return decode(value);
            }
            catch (final DataFormatException | IllegalArgumentException ex)
            {
                throw new IOException(file + ": '" + key + "' is not an encoded histogram", ex);
            }
        }
    }
}
