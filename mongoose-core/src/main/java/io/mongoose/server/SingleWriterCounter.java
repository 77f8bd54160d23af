package io.mongoose.server;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A counter written by exactly one thread and read by any: an increment is a plain read and a release store, no
 * atomic read-modify-write. Padded so that counters owned by different threads never share a cache line.
 */
final class SingleWriterCounter extends SingleWriterCounterValue
{
    @SuppressWarnings("unused")
    private long p11, p12, p13, p14, p15, p16, p17;

    /** Add one. Only the owning thread may call this. */
    void increment()
    {
        VALUE.setRelease(this, (long)VALUE.get(this) + 1);
    }

    /**
     * @param delta amount to add. Only the owning thread may call this.
     */
    void add(final long delta)
    {
        VALUE.setRelease(this, (long)VALUE.get(this) + delta);
    }

    /**
     * @return the latest value published by the owner; safe from any thread.
     */
    long get()
    {
        return (long)VALUE.getAcquire(this);
    }
}

/** Padding before the value: class-hierarchy layout keeps it ahead of the value field. */
abstract class SingleWriterCounterPad
{
    @SuppressWarnings("unused")
    private long p01, p02, p03, p04, p05, p06, p07;
}

/** The counted value, between two pads. */
abstract class SingleWriterCounterValue extends SingleWriterCounterPad
{
    static final VarHandle VALUE;

    static
    {
        try
        {
            VALUE = MethodHandles.lookup().findVarHandle(SingleWriterCounterValue.class, "value", long.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    @SuppressWarnings("unused") // accessed through VALUE
    private volatile long value;
}
