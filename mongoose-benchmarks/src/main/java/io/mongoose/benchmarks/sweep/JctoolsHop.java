package io.mongoose.benchmarks.sweep;

import org.jctools.queues.MessagePassingQueue;
import org.jctools.queues.SpscArrayQueue;

/** JCTools' {@code SpscArrayQueue}, drained in batches with a pre-built consumer: the raw hop Mongoose is built on. */
@SuppressWarnings("try") // close() may throw InterruptedException: it joins the consumer
final class JctoolsHop extends RecyclingQueueHop
{
    private final SpscArrayQueue<BenchEvent> queue;
    private final MessagePassingQueue.Consumer<BenchEvent> sink = this::consume;

    JctoolsHop(final SweepOptions options)
    {
        super(options);
        queue = new SpscArrayQueue<>(options.queueCapacity());
    }

    @Override
    boolean offer(final BenchEvent event)
    {
        return queue.offer(event);
    }

    @Override
    int drain(final int limit)
    {
        return queue.drain(sink, limit);
    }
}
