package io.mongoose.benchmarks.sweep;

import io.mongoose.config.IdleStrategyKind;
import org.agrona.concurrent.IdleStrategy;
import org.jctools.queues.SpscArrayQueue;

/**
 * A raw queue hop with recycled events: the publisher takes an event from a free list, fills and offers it; the
 * consumer records it and puts it back. Only the forward queue differs between the raw peers.
 */
@SuppressWarnings("try") // close() may throw InterruptedException: it joins the consumer
abstract class RecyclingQueueHop extends ConsumerThreadHop
{
    private final SpscArrayQueue<BenchEvent> free;
    private Receiver receiver;
    private volatile boolean running = true;

    RecyclingQueueHop(final SweepOptions options)
    {
        super(options);
        free = freeList(options.queueCapacity());
    }

    /** @return an event per queue slot, one being handled and one being filled: never dry while the queue has room. */
    static SpscArrayQueue<BenchEvent> freeList(final int capacity)
    {
        final SpscArrayQueue<BenchEvent> free = new SpscArrayQueue<>(2 * capacity);
        for (int i = 0; i < capacity + 2; i++)
        {
            free.offer(new BenchEvent());
        }
        return free;
    }

    /** Offer to the forward queue; {@code false} when full. Publisher thread. */
    abstract boolean offer(BenchEvent event);

    /** Pass up to {@code limit} events to {@link #consume}. Consumer thread. */
    abstract int drain(int limit) throws InterruptedException;

    /** Wake a consumer blocked in {@link #drain} so it sees it must stop. */
    void wakeConsumer(final Thread consumer)
    {
    }

    final void consume(final BenchEvent event)
    {
        receiver.onReceive(event.intendedNanos, event.sentNanos);
        free.offer(event);
    }

    @Override
    public final void start(final Receiver receiver) throws InterruptedException
    {
        this.receiver = receiver;
        startConsumer(() ->
        {
            final IdleStrategy idle = IdleStrategyKind.fromYamlName(options.idle()).newIdleStrategy();
            final int limit = options.drainLimit();
            try
            {
                while (running)
                {
                    idle.idle(drain(limit));
                }
            }
            catch (final InterruptedException ex)
            {
                if (running)
                {
                    throw new IllegalStateException("consumer interrupted while running", ex);
                }
            }
        });
    }

    @Override
    public final void send(final long intendedNanos, final long sentNanos)
    {
        BenchEvent event;
        while (null == (event = free.relaxedPoll()))
        {
            Thread.onSpinWait();
        }
        event.intendedNanos = intendedNanos;
        event.sentNanos = sentNanos;
        while (!offer(event))
        {
            Thread.onSpinWait();
        }
    }

    @Override
    public final void close() throws InterruptedException
    {
        running = false;
        wakeConsumer(consumerThread());
        consumerThread().join();
    }
}
