package io.mongoose.benchmarks.sweep;

import io.mongoose.config.IdleStrategyKind;
import org.agrona.concurrent.IdleStrategy;
import org.jctools.queues.SpscArrayQueue;

import java.util.concurrent.CountDownLatch;

/**
 * A raw queue hop with recycled events: the publisher takes an event from a free list, fills it and offers it; the
 * consumer records it and puts it back on the free list. The free list is the same JCTools SPSC queue for every raw
 * peer, so only the forward queue differs between them.
 */
@SuppressWarnings("try") // close() may throw InterruptedException: it joins or waits for a thread
abstract class RecyclingQueueHop implements Hop
{
    final SweepOptions options;
    private final SpscArrayQueue<BenchEvent> free;
    private Receiver receiver;
    private Thread consumer;
    private volatile boolean running = true;
    private volatile String pinning = "not started";

    RecyclingQueueHop(final SweepOptions options)
    {
        this.options = options;
        // One event per queue slot, one in the consumer's hands and one being filled: the free list never runs dry
        // while the forward queue has room.
        final int events = options.queueCapacity() + 2;
        free = new SpscArrayQueue<>(2 * options.queueCapacity());
        for (int i = 0; i < events; i++)
        {
            free.offer(new BenchEvent());
        }
    }

    /** Offer to the forward queue; {@code false} when full. Publisher thread. */
    abstract boolean offer(BenchEvent event);

    /** Take up to {@code limit} events from the forward queue and pass each to {@link #consume}. Consumer thread. */
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
        final CountDownLatch started = new CountDownLatch(1);
        consumer = new Thread(() ->
        {
            try (ThreadPinning pin = ThreadPinning.pinCurrentThread("auto".equals(options.pin())))
            {
                pinning = pin.outcome();
                started.countDown();
                final IdleStrategy idle = IdleStrategyKind.fromYamlName(options.idle()).newIdleStrategy();
                final int limit = options.drainLimit();
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
        }, options.transport().flagName() + "-consumer");
        consumer.start();
        started.await();
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
    public final Thread consumerThread()
    {
        return consumer;
    }

    @Override
    public final String consumerPinning()
    {
        return pinning;
    }


    @Override
    public final void close() throws InterruptedException
    {
        running = false;
        wakeConsumer(consumer);
        consumer.join();
    }
}
