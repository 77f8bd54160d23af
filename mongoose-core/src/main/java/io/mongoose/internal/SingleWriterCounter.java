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
 * A counter written by exactly one thread and read by any: an increment is a plain read and a release store
 * ({@link AtomicCounter#incrementRelease()}), no atomic read-modify-write.
 *
 * <p>The value lives in a 128-byte Agrona counter slot, so counters of different threads never share a cache line.
 * {@link #moveTo(AtomicBuffer, int)} moves it, value and all, into a slot of the server's memory-mapped counters file.
 * Moves happen before the writer starts (at the start of {@code start()}), so the writer always sees the current slot.
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
        // Aligned to a cache line and two lines long: nothing else shares the line the value is on.
        final AtomicBuffer own = new UnsafeBuffer(
            BufferUtil.allocateDirectAligned(CountersReader.COUNTER_LENGTH, BitUtil.CACHE_LINE_LENGTH));
        slot = new AtomicCounter(own, 0);
    }

    /** Add one. Only the owning thread may call this. */
    public void increment()
    {
        slot.incrementRelease();
    }

    /** @param delta amount to add. Only the owning thread may call this. */
    public void add(final long delta)
    {
        slot.getAndAddRelease(delta);
    }

    /** @param value the new value, for gauges. Only the owning thread may call this. */
    public void set(final long value)
    {
        slot.setRelease(value);
    }

    /** @return the latest value published by the owner; safe from any thread. */
    public long get()
    {
        return ((AtomicCounter)SLOT.getAcquire(this)).getAcquire();
    }

    /**
     * Move this counter into slot {@code counterId} of {@code values}, carrying its value over. Only before the owning
     * thread starts writing (or by the owning thread itself).
     *
     * @param values    a counters values buffer.
     * @param counterId the slot, already allocated for this counter.
     */
    public void moveTo(final AtomicBuffer values, final int counterId)
    {
        final AtomicCounter target = new AtomicCounter(values, counterId);
        target.setRelease(slot.getAcquire());
        SLOT.setRelease(this, target);
    }
}
