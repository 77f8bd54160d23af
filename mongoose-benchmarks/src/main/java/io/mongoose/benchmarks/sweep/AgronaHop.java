package io.mongoose.benchmarks.sweep;

import org.agrona.concurrent.OneToOneConcurrentArrayQueue;

import java.util.function.Consumer;

/** Agrona's {@code OneToOneConcurrentArrayQueue}, drained in batches with a pre-built consumer. */
@SuppressWarnings("try") // close() may throw InterruptedException: it joins the consumer
final class AgronaHop extends RecyclingQueueHop
{
    private final OneToOneConcurrentArrayQueue<BenchEvent> queue;
    private final Consumer<BenchEvent> sink = this::consume;

    AgronaHop(final SweepOptions options)
    {
        super(options);
        queue = new OneToOneConcurrentArrayQueue<>(options.queueCapacity());
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
