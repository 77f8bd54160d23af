package io.mongoose.benchmarks.sweep;

import java.util.concurrent.ArrayBlockingQueue;

/**
 * The naive baseline: {@code ArrayBlockingQueue} used the way most code uses it, one blocking {@code take()} per
 * message (the consumer parks when the queue is empty and is signalled by the next offer). The publisher side
 * offers and spins when full, as for every raw hop, so only the queue and its consumer differ.
 */
@SuppressWarnings("try") // close() may throw InterruptedException: it joins or waits for a thread
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
