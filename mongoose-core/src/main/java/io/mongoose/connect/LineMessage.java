package io.mongoose.connect;

import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.pool.PooledMessage;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;

import java.nio.ByteBuffer;
import java.time.Duration;

/**
 * A pooled line of text, as bytes (UTF-8 for the connectors that make them from strings), without its line
 * terminator. The buffer grows to the longest line the instance has held and is then reused, so a pool of lines
 * allocates nothing per line in steady state.
 */
public final class LineMessage extends PooledMessage
{
    /** Fewest lines of the pool {@link #pool(PoolRegistry)} and {@link #pool(PoolRegistry, int)} register. */
    public static final int POOL_CAPACITY = 4096;
    /** How long an acquire on the registered line pool waits for a free line when all are in flight. */
    private static final Duration MAX_WAIT = Duration.ofSeconds(10);
    private static final int INITIAL_BYTES = 128;

    private final ExpandableArrayBuffer bytes = new ExpandableArrayBuffer(INITIAL_BYTES);
    private int length;
    private long lineNumber;

    /**
     * The line pool of a registry, registered on first use with {@link #POOL_CAPACITY} lines. A server whose sources
     * publish lines registers it at build, sized from its queues, so a stage that looks it up in {@code onInit} gets
     * that one; registered before the build, it is refused there if the queues need more.
     *
     * @param registry the server's pools.
     * @return its pool of lines.
     */
    public static ObjectPool<LineMessage> pool(final PoolRegistry registry)
    {
        return pool(registry, POOL_CAPACITY);
    }

    /**
     * The line pool of a registry, registered on first use with {@code minCapacity} lines, or {@link #POOL_CAPACITY}
     * if that is more; an acquire waits up to 10 s for a free line. A pool already registered is returned as it is.
     *
     * @param registry    the server's pools.
     * @param minCapacity fewest lines of a pool registered now; at least 1.
     * @return its pool of lines.
     * @throws IllegalArgumentException if {@code minCapacity} is below 1.
     */
    public static ObjectPool<LineMessage> pool(final PoolRegistry registry, final int minCapacity)
    {
        if (minCapacity < 1)
        {
            throw new IllegalArgumentException("minCapacity: " + minCapacity + "; expected at least 1");
        }
        return registry.poolFor(LineMessage.class, LineMessage::new,
            PoolConfig.of(Math.max(POOL_CAPACITY, minCapacity)).waitOnExhaustion(MAX_WAIT));
    }

    /** @return the line's bytes, from index 0 to {@link #length()}; valid while the message is held. */
    public DirectBuffer buffer()
    {
        return bytes;
    }

    /** @return the line's length in bytes. */
    public int length()
    {
        return length;
    }

    /** @return where the line was in its file, from 1; 0 for a line that does not come from a file. */
    public long lineNumber()
    {
        return lineNumber;
    }

    /**
     * @param number the line's number in its source, from 1.
     * @return this message.
     */
    public LineMessage lineNumber(final long number)
    {
        this.lineNumber = number;
        return this;
    }

    /**
     * Copy bytes in; no allocation once the buffer has grown to this length.
     *
     * @param source bytes, read with absolute indices (its position and limit are untouched).
     * @param offset first byte.
     * @param count  number of bytes.
     * @return this message.
     */
    public LineMessage set(final ByteBuffer source, final int offset, final int count)
    {
        bytes.putBytes(0, source, offset, count);
        length = count;
        return this;
    }

    /**
     * Copy bytes in; no allocation once the buffer has grown to this length.
     *
     * @param source bytes.
     * @param offset first byte.
     * @param count  number of bytes.
     * @return this message.
     */
    public LineMessage set(final DirectBuffer source, final int offset, final int count)
    {
        bytes.putBytes(0, source, offset, count);
        length = count;
        return this;
    }

    /**
     * Encode text as UTF-8. Allocates: for applications and tests, not for a hot path.
     *
     * @param text the line, without terminator.
     * @return this message.
     */
    public LineMessage set(final String text)
    {
        length = bytes.putStringWithoutLengthUtf8(0, text);
        return this;
    }

    /**
     * Decode the line as UTF-8. Allocates a string: for applications and tests, not for a hot path.
     *
     * @return the line's text.
     */
    public String text()
    {
        return bytes.getStringWithoutLengthUtf8(0, length);
    }

    @Override
    protected void reset()
    {
        length = 0;
        lineNumber = 0;
    }

    @Override
    public String toString()
    {
        return "LineMessage[" + lineNumber + ": " + text() + "]";
    }
}
