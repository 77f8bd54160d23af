package io.mongoose.benchmarks.sweep;

import org.jctools.queues.MessagePassingQueue;
import org.jctools.queues.SpscArrayQueue;

/** JCTools' {@code SpscArrayQueue} with recycled events, as {@link JctoolsHop} runs it, drained by the caller. */
final class JctoolsPolledHop implements PolledHop
{
    private final SliceRecorder recorder = new SliceRecorder();
    private final SpscArrayQueue<BenchEvent> queue;
    private final SpscArrayQueue<BenchEvent> free;
    private final MessagePassingQueue.Consumer<BenchEvent> sink;
    private final int drainLimit;

    JctoolsPolledHop(final int capacity, final int drainLimit)
    {
        this.drainLimit = drainLimit;
        queue = new SpscArrayQueue<>(capacity);
        free = RecyclingQueueHop.freeList(capacity);
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

    @Override
    public void close()
    {
        if (!queue.isEmpty())
        {
            throw new IllegalStateException("JCTools polled hop: " + queue.size() + " events never handled");
        }
    }
}
