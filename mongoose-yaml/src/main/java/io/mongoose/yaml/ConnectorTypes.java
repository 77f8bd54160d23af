package io.mongoose.yaml;

import io.mongoose.connect.FileSink;
import io.mongoose.connect.FileSource;
import io.mongoose.connect.InMemorySink;
import io.mongoose.connect.InMemorySource;
import io.mongoose.connect.LineMessage;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The built-in connectors as configuration types. {@code MongooseMain} registers them by default (this class is a
 * {@link ProcessorTypeProvider} declared in {@code META-INF/services}); an application that loads YAML itself adds them
 * with {@link #addTo(ProcessorTypes.Builder)}.
 *
 * <table>
 * <caption>Types and their properties</caption>
 * <tr><th>type</th><th>kind</th><th>properties</th></tr>
 * <tr><td>{@code file-source}</td><td>service</td><td>{@code path} (required, a readable file), {@code maxLineLength}
 * (4096), {@code linesPerCycle} (256), {@code tail} (false), {@code feed} (the only one in {@code publishes})</td></tr>
 * <tr><td>{@code memory-source}</td><td>service</td><td>{@code capacity} (1024), {@code feed}</td></tr>
 * <tr><td>{@code file-sink}</td><td>processor</td><td>{@code path} (required, in an existing directory),
 * {@code append} (false), {@code flushEveryLines} (1024), {@code bufferBytes} (65536), {@code flushInterval}
 * (100ms; {@code none} for no time-based flush)</td></tr>
 * <tr><td>{@code memory-sink}</td><td>processor</td><td>{@code capacity} (1024)</td></tr>
 * </table>
 */
public final class ConnectorTypes implements ProcessorTypeProvider
{
    /** Service type of {@link FileSource}. */
    public static final String FILE_SOURCE = "file-source";
    /** Service type of {@link InMemorySource#lines}. */
    public static final String MEMORY_SOURCE = "memory-source";
    /** Processor type of {@link FileSink}. */
    public static final String FILE_SINK = "file-sink";
    /** Processor type of {@link InMemorySink#lines}. */
    public static final String MEMORY_SINK = "memory-sink";

    /** For {@link java.util.ServiceLoader}, which finds it as a provider of both kinds of type. */
    public ConnectorTypes()
    {
    }

    private static final int DEFAULT_CAPACITY = 1024;

    @Override
    public void addTypes(final ProcessorTypes.Builder types)
    {
        addTo(types);
    }

    /**
     * @param types where to register the four connector types.
     * @return {@code types}.
     */
    public static ProcessorTypes.Builder addTo(final ProcessorTypes.Builder types)
    {
        return types
            .addConfigurableService(FILE_SOURCE, ConnectorTypes::fileSource)
            .addConfigurableService(MEMORY_SOURCE, p ->
                new InMemorySource<String, LineMessage>(LineMessage.class, feed(p), capacity(p), (text, line) -> line.set(text)))
            .addConfigurable(FILE_SINK, ConnectorTypes::fileSink)
            .addConfigurable(MEMORY_SINK, p -> InMemorySink.lines(capacity(p)));
    }

    private static FileSource fileSource(final ProcessorProperties p)
    {
        final Path path = path(p, true);
        final int maxLineLength = positive(p, "maxLineLength", FileSource.DEFAULT_MAX_LINE_LENGTH);
        final int linesPerCycle = positive(p, "linesPerCycle", FileSource.DEFAULT_LINES_PER_CYCLE);
        final boolean tail = p.flag("tail", false);
        final String feed = feed(p);
        return null == path ? null : new FileSource(path, feed, maxLineLength, linesPerCycle, tail);
    }

    private static FileSink fileSink(final ProcessorProperties p)
    {
        final Path path = path(p, false);
        final boolean append = p.flag("append", false);
        final int flushEveryLines = positive(p, "flushEveryLines", FileSink.DEFAULT_FLUSH_EVERY_LINES);
        final int bufferBytes = atLeast(p, "bufferBytes", FileSink.DEFAULT_BUFFER_BYTES, 16);
        final Duration flushInterval = "none".equals(p.text("flushInterval", null))
            ? Duration.ZERO : p.duration("flushInterval", FileSink.DEFAULT_FLUSH_INTERVAL);
        return null == path ? null : new FileSink(path, append, flushEveryLines, bufferBytes, flushInterval);
    }

    /** The required {@code path}; for reading, an existing readable file; for writing, one in an existing directory. */
    private static Path path(final ProcessorProperties p, final boolean read)
    {
        final String text = p.text("path", null);
        final String expected = read ? "the path of a readable file" : "the path of a file in an existing directory";
        if (null == text || text.isBlank())
        {
            p.reject("path", expected);
            return null;
        }
        final Path path;
        try
        {
            path = Path.of(text);
        }
        catch (final InvalidPathException ex)
        {
            p.reject("path", expected);
            return null;
        }
        final Path parent = path.toAbsolutePath().getParent();
        final boolean usable = read ? Files.isRegularFile(path) && Files.isReadable(path)
            : null != parent && Files.isDirectory(parent) && !Files.isDirectory(path);
        if (!usable)
        {
            p.reject("path", expected);
            return null;
        }
        return path;
    }

    private static String feed(final ProcessorProperties p)
    {
        return p.text("feed", null);
    }

    private static int capacity(final ProcessorProperties p)
    {
        final long capacity = p.integer("capacity", DEFAULT_CAPACITY);
        if (capacity < 2 || capacity > 1 << 30)
        {
            p.reject("capacity", "an integer from 2 to " + (1 << 30));
            return DEFAULT_CAPACITY;
        }
        return (int)capacity;
    }

    private static int positive(final ProcessorProperties p, final String key, final int defaultValue)
    {
        return atLeast(p, key, defaultValue, 1);
    }

    private static int atLeast(final ProcessorProperties p, final String key, final int defaultValue, final int min)
    {
        final long value = p.integer(key, defaultValue);
        if (value < min || value > Integer.MAX_VALUE)
        {
            p.reject(key, "an integer from " + min + " to " + Integer.MAX_VALUE);
            return defaultValue;
        }
        return (int)value;
    }
}
