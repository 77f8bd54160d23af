package io.mongoose.connect;

import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.dispatch.ProcessorContext;
import io.mongoose.dispatch.TimerCallback;
import io.mongoose.internal.Require;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes every {@link LineMessage} it receives as a {@code \n}-terminated line to a file, allocation-free, through one
 * direct buffer written out when the next line does not fit, every {@code flushEveryLines} lines, every
 * {@code flushInterval} if not empty, and at stop. The file is opened in {@code onInit}, created, truncated unless
 * {@code append}. A write error is thrown from the handler, so the server counts and reports it.
 */
public final class FileSink implements EventProcessor, TimerCallback
{
    /** Default longest time a buffered line waits before it is written out. */
    public static final Duration DEFAULT_FLUSH_INTERVAL = Duration.ofMillis(100);
    /** Default number of lines after which the buffer is written out. */
    public static final int DEFAULT_FLUSH_EVERY_LINES = 1024;
    /** Default buffer size, in bytes. */
    public static final int DEFAULT_BUFFER_BYTES = 64 * 1024;
    /** Writes of one buffer that make no progress before the sink gives up with an error. */
    private static final int MAX_ZERO_WRITES = 1000;

    private final Path path;
    private final boolean append;
    private final int flushEveryLines;
    private final ByteBuffer buffer;
    private final Duration flushInterval;
    private FileChannel channel;
    private int linesBuffered;
    private final AtomicLong linesWritten = new AtomicLong();
    private final AtomicLong linesLost = new AtomicLong();

    /** A sink that also writes out every {@link #DEFAULT_FLUSH_INTERVAL}. */
    public FileSink(final Path path, final boolean append, final int flushEveryLines, final int bufferBytes)
    {
        this(path, append, flushEveryLines, bufferBytes, DEFAULT_FLUSH_INTERVAL);
    }

    /**
     * @param append          whether to add to an existing file rather than truncate it.
     * @param flushEveryLines most lines held in the buffer; at least 1.
     * @param bufferBytes     buffer size; at least 16.
     * @param flushInterval   longest time a buffered line waits to be written out; zero for no time-based flush.
     */
    public FileSink(
        final Path path, final boolean append, final int flushEveryLines, final int bufferBytes,
        final Duration flushInterval)
    {
        this.path = Objects.requireNonNull(path, "path: null; expected the file to write");
        this.append = append;
        this.flushEveryLines = Require.atLeast("flushEveryLines", flushEveryLines, 1);
        this.buffer = ByteBuffer.allocateDirect(Require.atLeast("bufferBytes", bufferBytes, 16));
        if (null == flushInterval || flushInterval.isNegative())
        {
            throw new IllegalArgumentException("flushInterval: " + flushInterval + "; expected a duration of 0 (no " +
                "time-based flush) or more");
        }
        this.flushInterval = flushInterval;
    }

    /** @return a sink truncating {@code path} at start, with the default flush policy and buffer. */
    public static FileSink of(final Path path)
    {
        return new FileSink(path, false, DEFAULT_FLUSH_EVERY_LINES, DEFAULT_BUFFER_BYTES);
    }

    @Override
    public void registerHandlers(final HandlerRegistry handlers)
    {
        handlers.on(LineMessage.class, this::write);
    }

    @Override
    public void onInit(final ProcessorContext context)
    {
        try
        {
            channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                append ? StandardOpenOption.APPEND : StandardOpenOption.TRUNCATE_EXISTING);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("file sink '" + path + "' cannot be opened for writing: " + ex, ex);
        }
        if (!flushInterval.isZero())
        {
            context.scheduler().schedulePeriodic(flushInterval, flushInterval, this);
        }
    }

    /** The time-based flush, on the agent thread. */
    @Override
    public void onTimer(final long timerId, final long nowNanos)
    {
        if (linesBuffered > 0)
        {
            flush();
        }
    }

    private void write(final LineMessage line)
    {
        final int length = line.length();
        if (length + 1 > buffer.remaining())
        {
            flush();
        }
        for (int done = 0; done < length; ) // in one piece, unless the line is longer than the buffer
        {
            final int piece = Math.min(buffer.remaining(), length - done);
            line.buffer().getBytes(done, buffer, buffer.position(), piece);
            buffer.position(buffer.position() + piece);
            done += piece;
            if (!buffer.hasRemaining())
            {
                writeOut(1);
            }
        }
        buffer.put((byte)'\n');
        if (++linesBuffered >= flushEveryLines)
        {
            flush();
        }
    }

    @Override
    public void onStop()
    {
        flush();
    }

    @Override
    public void onTearDown()
    {
        try
        {
            if (null != channel)
            {
                channel.close();
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("file sink '" + path + "': close failed: " + ex, ex);
        }
    }

    private void flush()
    {
        if (buffer.position() > 0)
        {
            writeOut(linesBuffered);
        }
        linesWritten.lazySet(linesWritten.get() + linesBuffered);
        linesBuffered = 0;
    }

    private void writeOut(final int linesInBuffer)
    {
        buffer.flip();
        try
        {
            for (int zeroWrites = 0; buffer.hasRemaining(); )
            {
                if (channel.write(buffer) == 0 && ++zeroWrites > MAX_ZERO_WRITES)
                {
                    throw new IOException(MAX_ZERO_WRITES + " writes in a row wrote nothing");
                }
            }
        }
        catch (final IOException ex)
        {
            linesLost.lazySet(linesLost.get() + linesInBuffer);
            linesBuffered = 0;
            throw new UncheckedIOException("file sink '" + path + "': write failed, " + linesInBuffer + " lines " +
                "lost: " + ex, ex);
        }
        finally
        {
            buffer.clear();
        }
    }

    /** @return lines handed to the operating system so far. */
    public long linesWritten()
    {
        return linesWritten.get();
    }

    /** @return lines lost to write errors. */
    public long linesLost()
    {
        return linesLost.get();
    }

    /** @return the longest time a buffered line waits; zero when only line counts and stop flush. */
    public Duration flushInterval()
    {
        return flushInterval;
    }
}
