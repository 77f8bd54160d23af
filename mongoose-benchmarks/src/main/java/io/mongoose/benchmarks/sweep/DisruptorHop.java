package io.mongoose.benchmarks.sweep;

import com.lmax.disruptor.BatchEventProcessor;
import com.lmax.disruptor.BatchEventProcessorBuilder;
import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.SleepingWaitStrategy;
import com.lmax.disruptor.WaitStrategy;
import com.lmax.disruptor.YieldingWaitStrategy;
import io.mongoose.config.IdleStrategyKind;

import java.util.concurrent.CountDownLatch;

/**
 * LMAX Disruptor, idiomatically: a single-producer ring of pre-allocated events (claim, fill, publish), one
 * {@link BatchEventProcessor} with the drain limit as its maximum batch, and the wait strategy matching the idle
 * strategy (busy-spin by default).
 */
@SuppressWarnings("try") // close() may throw InterruptedException: it joins or waits for a thread
final class DisruptorHop implements Hop
{
    private final SweepOptions options;
    private RingBuffer<BenchEvent> ring;
    private BatchEventProcessor<BenchEvent> processor;
    private Thread consumer;
    private volatile String pinning = "not started";

    DisruptorHop(final SweepOptions options)
    {
        this.options = options;
    }

    @Override
    public void start(final Receiver receiver) throws InterruptedException
    {
        ring = RingBuffer.createSingleProducer(BenchEvent::new, options.queueCapacity(),
            waitStrategy(options.idle()));
        processor = new BatchEventProcessorBuilder().setMaxBatchSize(options.drainLimit()).build(
            ring, ring.newBarrier(), (event, sequence, endOfBatch) ->
                receiver.onReceive(event.intendedNanos, event.sentNanos));
        ring.addGatingSequences(processor.getSequence());
        final CountDownLatch running = new CountDownLatch(1);
        consumer = new Thread(() ->
        {
            try (ThreadPinning pin = ThreadPinning.pinCurrentThread("auto".equals(options.pin())))
            {
                pinning = pin.outcome();
                running.countDown();
                processor.run();
            }
        }, "disruptor-consumer");
        consumer.start();
        running.await();
    }

    @Override
    public void send(final long intendedNanos, final long sentNanos)
    {
        publish(ring, intendedNanos, sentNanos);
    }

    /** One send, as every Disruptor hop makes it: claim the next event, fill it, publish its sequence. */
    static void publish(final RingBuffer<BenchEvent> ring, final long intendedNanos, final long sentNanos)
    {
        final long sequence = ring.next();
        final BenchEvent event = ring.get(sequence);
        event.intendedNanos = intendedNanos;
        event.sentNanos = sentNanos;
        ring.publish(sequence);
    }

    @Override
    public Thread consumerThread()
    {
        return consumer;
    }

    @Override
    public String consumerPinning()
    {
        return pinning;
    }


    @Override
    public void close() throws InterruptedException
    {
        processor.halt();
        consumer.join();
    }

    private static WaitStrategy waitStrategy(final String idle)
    {
        return switch (IdleStrategyKind.fromYamlName(idle))
        {
            case BUSY_SPIN -> new BusySpinWaitStrategy();
            case YIELD -> new YieldingWaitStrategy();
            case SLEEP -> new SleepingWaitStrategy(0, 100_000);
            case BACKOFF -> new SleepingWaitStrategy();
        };
    }
}
