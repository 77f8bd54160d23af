package io.mongoose.internal;

import org.agrona.BitUtil;
import org.agrona.BufferUtil;
import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.AtomicCounter;
import org.agrona.concurrent.status.CountersReader;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A counter written by one thread and read by any: an increment is a plain read and a release store, no atomic
 * read-modify-write. The value lives in its own 128-byte Agrona counter slot (no false sharing) until
 * {@link #moveTo(AtomicBuffer, int)} moves it into the server's counters file, before the writer starts.
 */
public final class SingleWriterCounter
{
    private static final VarHandle SLOT;

    static
    {
        try
        {
            SLOT = MethodHandles.lookup().findVarHandle(SingleWriterCounter.class, "slot", AtomicCounter.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    // Plain for the writer (which runs only after the last move), acquire for everybody else.
    private AtomicCounter slot;

    public SingleWriterCounter()
    {
        slot = new AtomicCounter(new UnsafeBuffer(
            BufferUtil.allocateDirectAligned(CountersReader.COUNTER_LENGTH, BitUtil.CACHE_LINE_LENGTH)), 0);
    }

    /** Add one; owning thread only. */
    public void increment()
    {
        slot.incrementRelease();
    }

    /** Add {@code delta}; owning thread only. */
    public void add(final long delta)
    {
        slot.getAndAddRelease(delta);
    }

    /** Set a gauge's value; owning thread only. */
    public void set(final long value)
    {
        slot.setRelease(value);
    }

    /** @return the latest value published by the owner; safe from any thread. */
    public long get()
    {
        return ((AtomicCounter)SLOT.getAcquire(this)).getAcquire();
    }

    /** Move the counter, value and all, into the allocated slot {@code counterId}; before the owner starts writing. */
    public void moveTo(final AtomicBuffer values, final int counterId)
    {
        final AtomicCounter target = new AtomicCounter(values, counterId);
        target.setRelease(slot.getAcquire());
        SLOT.setRelease(this, target);
    }
}
