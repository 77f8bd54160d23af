package io.mongoose.benchmarks.sweep;

import com.lmax.disruptor.BatchEventProcessor;
import com.lmax.disruptor.BatchEventProcessorBuilder;
import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.SleepingWaitStrategy;
import com.lmax.disruptor.WaitStrategy;
import com.lmax.disruptor.YieldingWaitStrategy;
import io.mongoose.config.IdleStrategyKind;

/**
 * LMAX Disruptor, idiomatically: a single-producer ring (claim, fill, publish), one {@link BatchEventProcessor} with
 * the drain limit as its maximum batch, the wait strategy matching the idle strategy.
 */
@SuppressWarnings("try") // close() may throw InterruptedException: it joins the consumer
final class DisruptorHop extends ConsumerThreadHop
{
    private RingBuffer<BenchEvent> ring;
    private BatchEventProcessor<BenchEvent> processor;

    DisruptorHop(final SweepOptions options)
    {
        super(options);
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
        startConsumer(processor);
    }

    @Override
    public void send(final long intendedNanos, final long sentNanos)
    {
        publish(ring, intendedNanos, sentNanos);
    }

    /** One send, as every Disruptor hop makes it. */
    static void publish(final RingBuffer<BenchEvent> ring, final long intendedNanos, final long sentNanos)
    {
        final long sequence = ring.next();
        final BenchEvent event = ring.get(sequence);
        event.intendedNanos = intendedNanos;
        event.sentNanos = sentNanos;
        ring.publish(sequence);
    }

    @Override
    public void close() throws InterruptedException
    {
        processor.halt();
        consumerThread().join();
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
