package io.mongoose.benchmarks.sweep;

import org.jctools.queues.MessagePassingQueue;
import org.jctools.queues.SpscArrayQueue;

/**
 * JCTools' {@code SpscArrayQueue} with recycled events, as {@link JctoolsHop} runs it, drained by the caller: the raw
 * hop Mongoose is built on.
 */
final class JctoolsPolledHop implements PolledHop
{
    private final SliceRecorder recorder = new SliceRecorder();
    private final SpscArrayQueue<BenchEvent> queue;
    private final SpscArrayQueue<BenchEvent> free;
    private final MessagePassingQueue.Consumer<BenchEvent> sink;
    private final int drainLimit;

    /**
     * @param capacity   the forward queue's capacity, a power of two.
     * @param drainLimit events per poll.
     */
    JctoolsPolledHop(final int capacity, final int drainLimit)
    {
        this.drainLimit = drainLimit;
        queue = new SpscArrayQueue<>(capacity);
        // As RecyclingQueueHop: one event per slot, one being handled and one being filled.
        free = new SpscArrayQueue<>(2 * capacity);
        for (int i = 0; i < capacity + 2; i++)
        {
            free.offer(new BenchEvent());
        }
        sink = event ->
        {
            recorder.onReceive(event.intendedNanos);
            free.offer(event);
        };
    }

    @Override
    public Transport transport()
    {
        return Transport.JCTOOLS;
    }

    @Override
    public void send(final long intendedNanos, final long sentNanos)
    {
        BenchEvent event;
        while (null == (event = free.relaxedPoll()))
        {
            Thread.onSpinWait();
        }
        event.intendedNanos = intendedNanos;
        event.sentNanos = sentNanos;
        while (!queue.offer(event))
        {
            Thread.onSpinWait();
        }
    }

    @Override
    public int poll()
    {
        return queue.drain(sink, drainLimit);
    }

    @Override
    public SliceRecorder recorder()
    {
        return recorder;
    }


    /** @throws IllegalStateException if an event is left in the queue. */
    @Override
    public void close()
    {
        if (!queue.isEmpty())
        {
            throw new IllegalStateException("JCTools polled hop: " + queue.size() + " events never handled");
        }
    }
}
