package io.mongoose.benchmarks.sweep;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The own-thread paired run's gate: measured messages are recorded, control messages only counted, and a park message
 * holds the consumer thread in its handler exactly until the gate opens again. Waits are bounded generously and
 * nothing is timed.
 */
class SliceGateTest
{
    private static final long WAIT_MILLIS = TimeUnit.SECONDS.toMillis(60);

    @Test
    void measuredMessagesAreRecordedAndControlMessagesOnlyCounted()
    {
        final SliceGate gate = new SliceGate();
        final long now = System.nanoTime();
        gate.onReceive(now, now);
        gate.onReceive(SliceGate.PROBE, now);
        // The gate is open, so a park message passes straight through.
        gate.onReceive(SliceGate.PARK, 0);
        // An unpaced run's untimed message is measured traffic: counted as received, with no latency to record.
        gate.onReceive(UnpacedTiming.UNTIMED, UnpacedTiming.UNTIMED);
        assertEquals(2, gate.recorder().received());
        assertEquals(2, gate.controls());
        final Histogram slice = new Histogram(3);
        gate.recorder().takeSlice(slice);
        assertEquals(1, slice.getTotalCount());
        assertFalse(gate.parked());
    }

    @Test
    void aParkMessageHoldsTheConsumerUntilTheGateOpens() throws InterruptedException
    {
        final SliceGate gate = new SliceGate();
        gate.close();
        final Thread consumer = new Thread(() -> gate.onReceive(SliceGate.PARK, 0), "gated-consumer");
        consumer.start();
        final long deadline = System.currentTimeMillis() + WAIT_MILLIS;
        while (consumer.getState() != Thread.State.WAITING && System.currentTimeMillis() < deadline)
        {
            Thread.onSpinWait();
        }
        assertEquals(Thread.State.WAITING, consumer.getState(), "the consumer should park while the gate is shut");
        assertTrue(gate.parked());
        assertEquals(1, gate.controls(), "the park message is counted before the consumer parks");
        // A stray unpark (or a spurious wake-up) while the gate is shut does not let it go.
        LockSupport.unpark(consumer);
        consumer.join(50);
        assertTrue(consumer.isAlive());
        gate.open(consumer);
        consumer.join(WAIT_MILLIS);
        assertFalse(consumer.isAlive(), "the consumer should leave its handler once the gate opens");
        assertFalse(gate.parked());
        assertEquals(0, gate.recorder().received());
    }
}
