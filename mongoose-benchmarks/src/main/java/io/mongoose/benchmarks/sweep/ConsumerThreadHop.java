package io.mongoose.benchmarks.sweep;

import java.util.concurrent.CountDownLatch;

/** A hop whose consumer is a harness thread, pinned as {@code --pin} asks. */
@SuppressWarnings("try") // close() may throw InterruptedException: it joins the consumer
abstract class ConsumerThreadHop implements Hop
{
    final SweepOptions options;
    private Thread consumer;
    private volatile String pinning = "not started";

    ConsumerThreadHop(final SweepOptions options)
    {
        this.options = options;
    }

    /** Start the consumer thread running {@code loop}; returns once it runs. */
    final void startConsumer(final Runnable loop) throws InterruptedException
    {
        final CountDownLatch started = new CountDownLatch(1);
        consumer = new Thread(() ->
        {
            try (ThreadPinning pin = ThreadPinning.pinCurrentThread("auto".equals(options.pin())))
            {
                pinning = pin.outcome();
                started.countDown();
                loop.run();
            }
        }, options.transport().flagName() + "-consumer");
        consumer.start();
        started.await();
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
}
