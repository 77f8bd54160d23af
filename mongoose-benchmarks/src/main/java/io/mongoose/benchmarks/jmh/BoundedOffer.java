package io.mongoose.benchmarks.jmh;

import io.mongoose.internal.Backoff;
import org.jctools.queues.MessagePassingQueue;

import java.util.concurrent.TimeUnit;

/**
 * How the raw-queue baselines offer: the same spin, yield, park ladder ({@link Backoff}) and the same 10 s bound as a
 * Mongoose feed under its default lossless policy, so a baseline waits for room exactly as the pooled path does.
 */
final class BoundedOffer
{
    /** The default {@code publishTimeout} of a Mongoose feed. */
    static final long TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(10);

    private BoundedOffer()
    {
    }

    /**
     * Offer until the queue takes the element, backing off while it is full.
     *
     * @param queue   a bounded queue whose consumer is running.
     * @param element what to offer.
     * @param <E>     element type.
     * @throws IllegalStateException if the queue stayed full for {@link #TIMEOUT_NANOS}: the consumer has stopped.
     */
    static <E> void offer(final MessagePassingQueue<E> queue, final E element)
    {
        if (queue.offer(element))
        {
            return;
        }
        // Full: only now read the clock, so the common case costs one offer and nothing else.
        final long deadline = System.nanoTime() + TIMEOUT_NANOS;
        for (long attempt = 1; ; attempt++)
        {
            Backoff.pause(attempt);
            if (queue.offer(element))
            {
                return;
            }
            if (System.nanoTime() - deadline >= 0)
            {
                throw new IllegalStateException("queue stayed full for " +
                    TimeUnit.NANOSECONDS.toMillis(TIMEOUT_NANOS) + " ms: its consumer thread has stopped");
            }
        }
    }
}
