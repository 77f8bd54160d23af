package io.mongoose.connect;

import io.mongoose.internal.Require;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.pool.PooledMessage;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;

import java.nio.ByteBuffer;
import java.time.Duration;

/**
 * A pooled line of text as bytes (UTF-8 when made from a string), without its terminator. The buffer grows to the
 * longest line the instance has held and is then reused, so a pool of lines allocates nothing in steady state.
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

    /** An empty line; the pool's factory ({@link #pool(PoolRegistry)} registers {@code LineMessage::new}). */
    public LineMessage()
    {
    }

    /**
     * The registry's line pool, registered on first use with {@link #POOL_CAPACITY} lines. A server whose sources
     * publish lines registers it at build, sized from its queues: look it up in {@code onInit} to get that one.
     */
    public static ObjectPool<LineMessage> pool(final PoolRegistry registry)
    {
        return pool(registry, POOL_CAPACITY);
    }

    /**
     * The registry's line pool, registered on first use with {@code minCapacity} lines (at least 1), or
     * {@link #POOL_CAPACITY} if that is more; an acquire waits up to 10 s for a free line.
     */
    public static ObjectPool<LineMessage> pool(final PoolRegistry registry, final int minCapacity)
    {
        return registry.poolFor(LineMessage.class, LineMessage::new,
            PoolConfig.of(Math.max(POOL_CAPACITY, Require.atLeast("minCapacity", minCapacity, 1)))
                .waitOnExhaustion(MAX_WAIT));
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

    /** Set the line's number in its source, from 1; returns this. */
    public LineMessage lineNumber(final long number)
    {
        this.lineNumber = number;
        return this;
    }

    /** Copy {@code count} bytes in from {@code offset} (absolute: the source's position is untouched); returns this. */
    public LineMessage set(final ByteBuffer source, final int offset, final int count)
    {
        bytes.putBytes(0, source, offset, count);
        length = count;
        return this;
    }

    /** Copy {@code count} bytes in from {@code offset}; returns this. */
    public LineMessage set(final DirectBuffer source, final int offset, final int count)
    {
        bytes.putBytes(0, source, offset, count);
        length = count;
        return this;
    }

    /** Encode a line, without terminator, as UTF-8; returns this. Allocates: not for a hot path. */
    public LineMessage set(final String text)
    {
        length = bytes.putStringWithoutLengthUtf8(0, text);
        return this;
    }

    /** @return the line decoded as UTF-8. Allocates: not for a hot path. */
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
