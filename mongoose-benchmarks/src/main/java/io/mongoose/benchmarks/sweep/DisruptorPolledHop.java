package io.mongoose.benchmarks.sweep;

import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.EventPoller;
import com.lmax.disruptor.RingBuffer;

/**
 * The LMAX Disruptor with its consumer driven by the caller: a single-producer ring of pre-allocated events and an
 * {@link EventPoller} gating it (the Disruptor's API for a consumer that owns its thread). Busy-spin wait strategy, so
 * a publish signals nothing.
 */
final class DisruptorPolledHop implements PolledHop
{
    private final SliceRecorder recorder = new SliceRecorder();
    private final RingBuffer<BenchEvent> ring;
    private final EventPoller<BenchEvent> poller;
    private final EventPoller.Handler<BenchEvent> handler;
    private int handled;

    private final Transport transport;

    /**
     * @param transport {@link Transport#DISRUPTOR} or its twin, the A/A control.
     * @param capacity  the ring's size, a power of two.
     */
    DisruptorPolledHop(final Transport transport, final int capacity)
    {
        this.transport = transport;
        ring = RingBuffer.createSingleProducer(BenchEvent::new, capacity, new BusySpinWaitStrategy());
        poller = ring.newPoller();
        ring.addGatingSequences(poller.getSequence());
        handler = (event, sequence, endOfBatch) ->
        {
            recorder.onReceive(event.intendedNanos);
            handled++;
            return true;
        };
    }

    @Override
    public Transport transport()
    {
        return transport;
    }

    @Override
    public void send(final long intendedNanos, final long sentNanos)
    {
        DisruptorHop.publish(ring, intendedNanos, sentNanos);
    }

    @Override
    public int poll()
    {
        handled = 0;
        try
        {
            poller.poll(handler);
        }
        catch (final Exception ex)
        {
            // The handler throws nothing; anything here is the poller's own failure and must end the run.
            throw new IllegalStateException("Disruptor poller failed", ex);
        }
        return handled;
    }

    @Override
    public SliceRecorder recorder()
    {
        return recorder;
    }


    /** @throws IllegalStateException if an event was published that the poller never handled. */
    @Override
    public void close()
    {
        if (poller.getSequence().get() != ring.getCursor())
        {
            throw new IllegalStateException("Disruptor polled hop: published up to " + ring.getCursor() +
                " but handled up to " + poller.getSequence().get());
        }
    }
}
