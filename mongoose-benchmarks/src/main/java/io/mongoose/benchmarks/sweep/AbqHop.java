package io.mongoose.benchmarks.sweep;

import java.util.concurrent.ArrayBlockingQueue;

/** The naive baseline: {@code ArrayBlockingQueue} as most code uses it, one blocking {@code take()} a message. */
@SuppressWarnings("try") // close() may throw InterruptedException: it joins the consumer
final class AbqHop extends RecyclingQueueHop
{
    private final ArrayBlockingQueue<BenchEvent> queue;

    AbqHop(final SweepOptions options)
    {
        super(options);
        queue = new ArrayBlockingQueue<>(options.queueCapacity());
    }

    @Override
    boolean offer(final BenchEvent event)
    {
        return queue.offer(event);
    }

    @Override
    int drain(final int limit) throws InterruptedException
    {
        consume(queue.take());
        return 1;
    }

    @Override
    void wakeConsumer(final Thread consumer)
    {
        consumer.interrupt();
    }
}
