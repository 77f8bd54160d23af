package io.mongoose.connect;

import io.mongoose.feed.FeedPublisher;
import io.mongoose.internal.Require;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.pool.PooledMessage;
import io.mongoose.service.MessageSource;
import io.mongoose.service.ServiceContext;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Reads a text file line by line, allocation-free, into {@link LineMessage}s of the registry's line pool and publishes
 * them into a feed from its agent thread, at most {@code linesPerCycle} per duty cycle. Lines end at {@code \n} (a
 * {@code \r} before it is dropped); a last line without one is published at end of file, or with {@code tail} waits for
 * it while the source reads what is appended. A line over {@code maxLineLength} or a read error stops reading and is
 * reported once, naming the file and line ({@link #failure()}). A line the feed refuses is published first next cycle;
 * one still unpublished at stop is reported as an error of this service.
 */
public final class FileSource implements MessageSource
{
    /** Default longest line, in bytes. */
    public static final int DEFAULT_MAX_LINE_LENGTH = 4096;
    /** Default most lines per duty cycle. */
    public static final int DEFAULT_LINES_PER_CYCLE = 256;

    private final Path path;
    private final String feed;
    private final int maxLineLength;
    private final int linesPerCycle;
    private final boolean tail;
    private final ByteBuffer buffer;
    private FileChannel channel;
    private ObjectPool<LineMessage> pool;
    private FeedPublisher publisher;
    private LineMessage refused;
    private long lineNumber;
    private boolean atEnd;
    private boolean stopped;
    private final AtomicLong linesPublished = new AtomicLong();
    private volatile boolean endOfFile;
    private volatile String failure;

    /**
     * @param feed          the feed to publish into; {@code null} for the only feed the service entry declares.
     * @param maxLineLength longest line accepted, in bytes; at least 1.
     * @param linesPerCycle most lines published per duty cycle; at least 1.
     * @param tail          whether to keep reading what is appended after end of file.
     */
    public FileSource(
        final Path path, final String feed, final int maxLineLength, final int linesPerCycle, final boolean tail)
    {
        this.path = Objects.requireNonNull(path, "path: null; expected the file to read");
        this.maxLineLength = Require.atLeast("maxLineLength", maxLineLength, 1);
        this.linesPerCycle = Require.atLeast("linesPerCycle", linesPerCycle, 1);
        this.feed = feed;
        this.tail = tail;
        // Room for a longest line with "\r\n" and as much again, so a refill always makes progress.
        this.buffer = ByteBuffer.allocateDirect(Math.max(64 * 1024, 2 * (maxLineLength + 2)));
        buffer.limit(0);
    }

    /** @return a source of the file's lines into the only declared feed, with the default limits, not tailing. */
    public static FileSource of(final Path path)
    {
        return new FileSource(path, null, DEFAULT_MAX_LINE_LENGTH, DEFAULT_LINES_PER_CYCLE, false);
    }

    @Override
    public Class<? extends PooledMessage> messageType(final String feedName)
    {
        return null == feed || feed.equals(feedName) ? LineMessage.class : null;
    }

    @Override
    public void registerPool(
        final PoolRegistry registry, final Class<? extends PooledMessage> type, final int minCapacity)
    {
        if (LineMessage.class == type)
        {
            LineMessage.pool(registry, minCapacity);
        }
    }

    @Override
    public void onStart(final ServiceContext context) throws IOException
    {
        pool = LineMessage.pool(context.pools());
        publisher = SourceFeed.of(context, feed);
        try
        {
            channel = FileChannel.open(path, StandardOpenOption.READ);
        }
        catch (final IOException | RuntimeException ex)
        {
            throw new IOException("file source '" + path + "' cannot be opened: " + ex, ex);
        }
    }

    @Override
    public int doWork()
    {
        int lines = 0;
        if (null != refused)
        {
            if (!publisher.publish(refused))
            {
                return 0;
            }
            refused = null;
            linesPublished.lazySet(linesPublished.get() + 1);
            lines++;
        }
        while (!stopped && lines < linesPerCycle)
        {
            final int start = buffer.position();
            final int end = indexOfNewline(start, buffer.limit());
            if (end < 0)
            {
                if (buffer.remaining() > maxLineLength + (atEnd ? 0 : 1)) // no room left for a terminator
                {
                    throw tooLong();
                }
                if (atEnd)
                {
                    lines += publishLastLine();
                    break;
                }
                if (!refill())
                {
                    break;
                }
                continue;
            }
            final int length = end - start - (end > start && buffer.get(end - 1) == '\r' ? 1 : 0);
            if (length > maxLineLength)
            {
                throw tooLong();
            }
            if (!publish(start, length, end + 1))
            {
                break;
            }
            lines++;
        }
        return lines;
    }

    @Override
    public void onStop() throws IOException
    {
        stopped = true;
        if (null != channel)
        {
            channel.close();
        }
        if (null != refused)
        {
            final long number = refused.lineNumber();
            refused.release();
            refused = null;
            throw new IllegalStateException("file source '" + path + "': line " + number + " was read but never " +
                "published: the feed refused it until the server stopped (expected a feed with room for it: " +
                "a larger queueCapacity or policy BACKOFF)");
        }
    }

    /** @return lines published so far. */
    public long linesPublished()
    {
        return linesPublished.get();
    }

    /** @return whether the whole file has been published (with {@code tail}: whether the source has caught up). */
    public boolean endOfFile()
    {
        return endOfFile;
    }

    /** @return why the source stopped reading (an over-long line, a read error), naming the file; null if not. */
    public String failure()
    {
        return failure;
    }

    private int indexOfNewline(final int from, final int to)
    {
        for (int i = from; i < to; i++)
        {
            if (buffer.get(i) == '\n')
            {
                return i;
            }
        }
        return -1;
    }

    /** Move the unread bytes to the front and read more; false if nothing more came (end of file for now). */
    private boolean refill()
    {
        buffer.compact();
        final int read;
        try
        {
            read = channel.read(buffer);
        }
        catch (final IOException ex)
        {
            buffer.flip();
            stopped = true;
            failure = "file source '" + path + "': read failed after line " + lineNumber + ": " + ex;
            throw new UncheckedIOException(failure, ex);
        }
        buffer.flip();
        if (read > 0)
        {
            endOfFile = false;
            return true;
        }
        if (read < 0 && !tail)
        {
            atEnd = true;
            return true; // one more pass publishes a last line without terminator
        }
        endOfFile = true;
        return false;
    }

    /** Publish the bytes at [start, start + length) as the next line, then read on from {@code next}. */
    private boolean publish(final int start, final int length, final int next)
    {
        final LineMessage line = pool.tryAcquire();
        if (null == line)
        {
            return false;
        }
        line.set(buffer, start, length).lineNumber(++lineNumber);
        buffer.position(next);
        if (!publisher.publish(line))
        {
            refused = line; // published first on the next cycle
            return false;
        }
        linesPublished.lazySet(linesPublished.get() + 1);
        return true;
    }

    private int publishLastLine()
    {
        final int length = buffer.remaining();
        if (length > 0 && !publish(buffer.position(), length, buffer.limit()))
        {
            return 0; // the next cycle publishes it, then finds the end of file again
        }
        endOfFile = true;
        stopped = true;
        return length > 0 ? 1 : 0;
    }

    /** Stops reading for good; the exception goes to the server's error handler through the service's agent. */
    private IllegalStateException tooLong()
    {
        stopped = true;
        failure = "file source '" + path + "': line " + (lineNumber + 1) + " is longer than maxLineLength " +
            maxLineLength + " bytes; stopped reading after " + lineNumber + " lines";
        return new IllegalStateException(failure + " (expected lines of at most " + maxLineLength + " bytes: raise " +
            "maxLineLength or split the file)");
    }
}
