package io.mongoose.benchmarks.jmh;

import io.mongoose.internal.Backoff;
import org.jctools.queues.MessagePassingQueue;

import java.util.concurrent.TimeUnit;

/**
 * How the raw-queue baselines offer: the same back-off ({@link Backoff}) and 10 s bound as a Mongoose feed's default
 * lossless publish.
 */
final class BoundedOffer
{
    static final long TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(10);

    private BoundedOffer()
    {
    }

    /** Offer until the queue takes the element; throws {@link IllegalStateException} if it stays full too long. */
    static <E> void offer(final MessagePassingQueue<E> queue, final E element)
    {
        if (queue.offer(element))
        {
            return;
        }
        final long deadline = System.nanoTime() + TIMEOUT_NANOS;
        long attempt = 0;
        do
        {
            if (System.nanoTime() - deadline >= 0)
            {
                throw new IllegalStateException("queue stayed full for 10 s: its consumer thread has stopped");
            }
            Backoff.pause(++attempt);
        }
        while (!queue.offer(element));
    }
}
