package io.mongoose.server;

import io.mongoose.config.FeedConfig;
import io.mongoose.feed.DeliveryQueue;
import io.mongoose.feed.Feed;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.feed.QueueFeed;
import io.mongoose.pool.PooledMessage;
import org.jctools.queues.SpscArrayQueue;

/**
 * Reaches the package-private lifecycle of a real {@link FeedPublisher} for the jcstress scenario of stop racing a
 * publish ({@code io.mongoose.concurrency.PublishStopRace}). It lives in this test module, in the publisher's package,
 * so that the scenario runs the publisher's own open check, close and final sweep instead of a copy of them, without
 * widening mongoose-core's API. Nothing outside mongoose-concurrency-tests uses it.
 */
public final class FeedPublisherAccess
{
    private FeedPublisherAccess()
    {
    }

    /**
     * A subscriber queue of the kind a server builds for a feed.
     *
     * @param capacity the queue's capacity (rounded up to a power of two).
     * @return the queue; the caller plays its subscribing agent.
     */
    public static SpscArrayQueue<PooledMessage> newQueue(final int capacity)
    {
        return new DeliveryQueue(capacity);
    }

    /**
     * A publisher in front of one subscriber queue, opened as {@link MongooseServer#start()} opens its feeds.
     *
     * @param feedName the feed's name, used in the publisher's errors.
     * @param queue    the one subscriber queue, from {@link #newQueue(int)}; the caller plays the subscribing agent.
     * @return an open publisher.
     */
    public static FeedPublisher openPublisher(final String feedName, final SpscArrayQueue<PooledMessage> queue)
    {
        if (!(queue instanceof DeliveryQueue))
        {
            throw new IllegalArgumentException("queue: " + queue.getClass().getName() + "; expected one from " +
                "FeedPublisherAccess.newQueue(int), the kind a server builds");
        }
        final QueueFeed publisher = new QueueFeed(
            "jcstress", FeedConfig.named(feedName).settings(), new DeliveryQueue[] {(DeliveryQueue)queue}, new String[] {"agent"},
            false);
        publisher.open();
        return publisher;
    }

    /**
     * The first step of {@link MongooseServer#stop()}: from now on, publishing fails and releases the message.
     *
     * @param publisher the feed to close.
     */
    public static void close(final FeedPublisher publisher)
    {
        ((Feed)publisher).close();
    }

    /**
     * The final sweep of {@link MongooseServer#stop()}, only once no agent consumes the queues any more.
     *
     * @param publisher the closed feed.
     * @return messages released without being handled.
     */
    public static long releaseUndelivered(final FeedPublisher publisher)
    {
        return ((Feed)publisher).releaseUndelivered();
    }
}
