package io.mongoose.benchmarks.sweep;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Own-thread consumers take turns: every consumer waits parked until its slice begins, only that one runs during the
 * slice, and it is parked again once the slice ends; closing ends every consumer thread. States are awaited with a
 * generous bound and nothing is timed.
 */
class OwnThreadConsumersTest
{
    private static final long WAIT_MILLIS = TimeUnit.SECONDS.toMillis(60);

    @Test
    @SuppressWarnings("try") // close() may throw InterruptedException; the test thread is never interrupted
    void onlyTheConsumerWhoseSliceItIsRuns() throws Exception
    {
        final PairedOptions options = new PairedOptions(20_000, 50, 200, 40,
            List.of(Transport.MONGOOSE, Transport.DISRUPTOR), PairedOptions.Consumers.OWN, 1024, 256, false, 1,
            Optional.empty(), Optional.empty());
        final Thread mongoose;
        final Thread disruptor;
        try (OwnThreadConsumers consumers = new OwnThreadConsumers(options))
        {
            mongoose = consumers.consumerThread(0);
            disruptor = consumers.consumerThread(1);
            awaitState(mongoose, Thread.State.WAITING);
            awaitState(disruptor, Thread.State.WAITING);

            consumers.beginSlice(0);
            // Mongoose's agent busy-spins through its slice; the Disruptor's consumer stays parked.
            assertEquals(Thread.State.RUNNABLE, mongoose.getState());
            assertEquals(Thread.State.WAITING, disruptor.getState());
            final PairedLane lane = consumers.lanes()[0];
            final long now = System.nanoTime();
            lane.send(now, now);
            while (1 != lane.recorder().received())
            {
                Thread.onSpinWait();
            }
            consumers.endSlice(0);
            awaitState(mongoose, Thread.State.WAITING);

            consumers.beginSlice(1);
            assertEquals(Thread.State.RUNNABLE, disruptor.getState());
            assertEquals(Thread.State.WAITING, mongoose.getState());
            consumers.endSlice(1);
        }
        mongoose.join(WAIT_MILLIS);
        disruptor.join(WAIT_MILLIS);
        assertFalse(mongoose.isAlive(), "closing stops a parked consumer too");
        assertFalse(disruptor.isAlive(), "closing stops a parked consumer too");
    }

    private static void awaitState(final Thread thread, final Thread.State state)
    {
        final long deadline = System.currentTimeMillis() + WAIT_MILLIS;
        while (thread.getState() != state && System.currentTimeMillis() < deadline)
        {
            Thread.onSpinWait();
        }
        assertEquals(state, thread.getState(), thread.getName());
    }
}
