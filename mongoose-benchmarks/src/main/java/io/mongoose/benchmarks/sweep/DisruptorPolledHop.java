package io.mongoose.benchmarks.sweep;

import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.EventPoller;
import com.lmax.disruptor.RingBuffer;

/** The Disruptor's ring gated by an {@link EventPoller}, its API for a consumer that owns its thread. */
final class DisruptorPolledHop implements PolledHop
{
    private final SliceRecorder recorder = new SliceRecorder();
    private final Transport transport;
    private final RingBuffer<BenchEvent> ring;
    private final EventPoller<BenchEvent> poller;
    private final EventPoller.Handler<BenchEvent> handler;
    private int handled;

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
            throw new IllegalStateException("Disruptor poller failed", ex);
        }
        return handled;
    }

    @Override
    public SliceRecorder recorder()
    {
        return recorder;
    }

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
