package io.mongoose.benchmarks.sweep;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The receiver behind one transport's own consumer thread in a paired run: measured messages go to the slice's
 * {@link SliceRecorder}. {@link #PARK} holds the consumer in its handler until the gate opens for its next slice, so
 * each transport keeps its own spin loop; {@link #PROBE}s, only counted, show before a slice that it spins again.
 */
final class SliceGate implements Receiver
{
    static final long PARK = Long.MIN_VALUE;
    static final long PROBE = Long.MIN_VALUE + 1;

    private final SliceRecorder slice = new SliceRecorder();
    /** Control messages handled; single writer (the consumer), an ordered store each. */
    private final AtomicLong controls = new AtomicLong();
    private volatile boolean open = true;
    private volatile boolean parked;

    @Override
    public void onReceive(final long intendedNanos, final long sentNanos)
    {
        if (intendedNanos > PROBE)
        {
            slice.onReceive(intendedNanos);
        }
        else
        {
            control(intendedNanos);
        }
    }

    private void control(final long code)
    {
        if (PARK == code)
        {
            parked = true;
            controls.lazySet(controls.get() + 1);
            // The publisher opens the gate before it unparks, so a wake-up (or a spurious return) sees it open.
            while (!open)
            {
                LockSupport.park(this);
            }
            parked = false;
        }
        else
        {
            controls.lazySet(controls.get() + 1);
        }
    }

    SliceRecorder recorder()
    {
        return slice;
    }

    /** @return control messages the consumer has handled, parks and probes alike. */
    long controls()
    {
        return controls.get();
    }

    void close()
    {
        open = false;
    }

    void open(final Thread consumer)
    {
        open = true;
        LockSupport.unpark(consumer);
    }

    /** @return whether the consumer is inside a park message's handler: parked, or about to park or to leave. */
    boolean parked()
    {
        return parked;
    }
}
