package io.mongoose.benchmarks.sweep;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The receiver behind one transport's own consumer thread in a paired run ({@link OwnThreadConsumers}). Measured
 * messages are recorded into the current slice as {@link SliceRecorder} records them. Two control messages travel the
 * same hop, told apart by an intended time no clock gives:
 * <ul>
 *     <li>{@link #PARK} stops the consumer thread inside its handler until the publisher opens the gate for the
 *     transport's next slice. On a 2-CPU machine only one consumer may spin beside the publisher, and parking in the
 *     handler keeps every transport's own spin loop exactly as the sweep runs it, with no gate to check in it.</li>
 *     <li>{@link #PROBE} is only counted: the publisher sends probes one at a time before a slice, each answered before the next, so the slice starts with its consumer spinning.</li>
 * </ul>
 *
 * <p>Threading: {@link #onReceive} on the hop's consumer thread; the rest on the publisher thread, which also sends
 * every control message.
 */
final class SliceGate implements Receiver
{
    /** The intended time of a park message. */
    static final long PARK = Long.MIN_VALUE;
    /** The intended time of a probe message. */
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

    /**
     * @return where this transport's measured messages are recorded.
     */
    SliceRecorder recorder()
    {
        return slice;
    }

    /**
     * @return control messages the consumer has handled, parks and probes alike.
     */
    long controls()
    {
        return controls.get();
    }

    /** Close the gate; publisher thread, before it sends a park message. */
    void close()
    {
        open = false;
    }

    /**
     * Open the gate and wake the consumer; publisher thread.
     *
     * @param consumer the hop's consumer thread.
     */
    void open(final Thread consumer)
    {
        open = true;
        LockSupport.unpark(consumer);
    }

    /**
     * @return whether the consumer is inside a park message's handler: parked, or about to park or to leave.
     */
    boolean parked()
    {
        return parked;
    }
}
