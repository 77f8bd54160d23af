package io.mongoose.feed;

import io.mongoose.internal.Backoff;
import io.mongoose.internal.DebugChecks;
import io.mongoose.pool.PooledMessage;

import java.util.Set;

/** A feed with one {@link DeliveryQueue} of message references per subscribing agent group. */
public final class QueueFeed extends Feed
{
    private static final int OFFERED = 0;
    private static final int TIMED_OUT = 1;
    private static final int CLOSED = 2;

    final DeliveryQueue[] queues;
    /** Per queue, whether the sweep left it to its agent, whose thread had not ended. Under {@link #sweepLock}. */
    private final boolean[] consumerAlive;

    public QueueFeed(
        final String serverName, final FeedSettings settings, final DeliveryQueue[] queues,
        final String[] subscriberNames, final boolean stampsPublishTime)
    {
        super(serverName, settings, subscriberNames, stampsPublishTime);
        this.queues = queues;
        this.consumerAlive = new boolean[queues.length];
    }

    @Override
    public <T extends PooledMessage> T claim(final Class<T> type)
    {
        throw new IllegalStateException("feed '" + feedName + "' is a queue feed: claim() is for ring feeds " +
            "(FeedConfig.ring); acquire from the pool and publish instead");
    }

    @Override
    public boolean publish(final PooledMessage message)
    {
        if (null == message)
        {
            throw new NullPointerException("feed '" + feedName + "': message null; expected a pooled message");
        }
        if (STATE_OPEN != state)
        {
            throw notOpen(message);
        }
        if (DebugChecks.ENABLED)
        {
            checkSingleProducer();
        }
        final int n = queues.length;
        if (!ACCESS.handOver(message, n))
        {
            throw notOwned(message);
        }
        if (FullQueuePolicy.FAIL == policy && !roomInEveryQueue())
        {
            ACCESS.takeBack(message, n);
            rejected.increment();
            return false;
        }
        if (stampsPublishTime)
        {
            ACCESS.stampPublishNanos(message, System.nanoTime());
        }
        deliver(message);
        if (STATE_OPEN != state)
        {
            afterOffersWhileClosing(message);
        }
        published.increment();
        return true;
    }

    @Override
    public int publish(final PooledMessage[] messages, final int offset, final int count)
    {
        checkBatch(messages, offset, count);
        if (STATE_OPEN != state)
        {
            throw notOpen(messages, offset, count);
        }
        if (DebugChecks.ENABLED)
        {
            checkSingleProducer();
        }
        final int end = offset + count;
        handOverBatch(messages, offset, end);
        if (FullQueuePolicy.FAIL == policy && !roomInEveryQueue(count))
        {
            takeBackBatch(messages, offset, end);
            rejected.add(count);
            return 0;
        }
        if (stampsPublishTime)
        {
            final long now = System.nanoTime();
            for (int i = offset; i < end; i++)
            {
                ACCESS.stampPublishNanos(messages[i], now);
            }
        }
        int i = offset;
        try
        {
            for (; i < end; i++)
            {
                deliver(messages[i]);
            }
        }
        catch (final RuntimeException failure)
        {
            // messages[i] failed and has released its own undelivered references; the rest never started.
            for (int rest = i + 1; rest < end; rest++)
            {
                for (int q = 0; q < queues.length; q++)
                {
                    ACCESS.releaseQueued(messages[rest]);
                }
            }
            published.add(i - offset);
            throw inBatch(failure, i - offset, count);
        }
        if (STATE_OPEN != state)
        {
            final int late = takeBackLateOffers();
            if (late > 0)
            {
                throw new IllegalStateException("feed '" + feedName + "' closed while this batch of " + count +
                    " was offered: server '" + serverName + "' swept its queues before " + late + " of the offers " +
                    "landed, which were released there undelivered");
            }
        }
        published.add(count);
        return count;
    }

    @Override
    public int subscriberCount()
    {
        return queues.length;
    }

    @Override
    public boolean isRing()
    {
        return false;
    }

    @Override
    public long publishedCount()
    {
        return published.get();
    }

    @Override
    public long depth()
    {
        long depth = 0;
        for (final DeliveryQueue queue : queues)
        {
            depth += queue.size();
        }
        return depth;
    }

    @Override
    public long fullestDepth()
    {
        long fullest = 0;
        for (final DeliveryQueue queue : queues)
        {
            fullest = Math.max(fullest, queue.size());
        }
        return fullest;
    }

    @Override
    long sweep(final Set<String> stillRunning)
    {
        for (int i = 0; i < queues.length; i++)
        {
            consumerAlive[i] = stillRunning.contains(subscriberNames[i]);
        }
        return releaseLeftInEndedQueues();
    }

    /**
     * Release and count what is left in every queue whose agent's thread has ended ({@link #consumerAlive} false):
     * the final sweep, and a late producer's take-back after it. Under {@link #sweepLock}.
     */
    private long releaseLeftInEndedQueues()
    {
        long count = 0;
        for (int i = 0; i < queues.length; i++)
        {
            if (consumerAlive[i])
            {
                continue;
            }
            PooledMessage left;
            while (null != (left = queues[i].poll()))
            {
                ACCESS.releaseQueued(left);
                count++;
            }
        }
        return count;
    }

    /**
     * A publish found the feed closed after its offers. Before the final sweep, the sweep counts them and the publish
     * stands; after it, this producer takes back what landed and is refused, so nothing is left in a queue.
     */
    private void afterOffersWhileClosing(final PooledMessage message)
    {
        final int late = takeBackLateOffers();
        if (late > 0)
        {
            throw new IllegalStateException("feed '" + feedName + "' closed while this message was offered: server '" +
                serverName + "' swept its queues before " + late + " of its " + queues.length + " offers landed, " +
                "which were released there undelivered");
        }
    }

    /** After the final sweep, release this producer's offers that landed since. Producer thread only. */
    private int takeBackLateOffers()
    {
        synchronized (sweepLock)
        {
            if (!swept)
            {
                return 0;
            }
            // Only offers this producer made since the sweep can be left there; its callers count them in an int.
            return (int)releaseLeftInEndedQueues();
        }
    }

    /** One offer per subscriber queue, each holding one of the references the publish handed over. */
    private void deliver(final PooledMessage message)
    {
        final DeliveryQueue[] queues = this.queues;
        final int n = queues.length;
        for (int i = 0; i < n; i++)
        {
            if (!queues[i].offer(message))
            {
                onFullQueue(message, i);
            }
        }
    }

    /** Only this thread adds to the queues, so room seen now is room at offer time: under FAIL, all or nobody. */
    private boolean roomInEveryQueue()
    {
        return roomInEveryQueue(1);
    }

    /** As {@link #roomInEveryQueue()}, for a batch of {@code count}. */
    private boolean roomInEveryQueue(final int count)
    {
        for (final DeliveryQueue queue : queues)
        {
            if (queue.capacity() - queue.size() < count)
            {
                return false;
            }
        }
        return true;
    }

    /** The same failure, saying where in the batch it happened and what became of the rest. */
    private RuntimeException inBatch(final RuntimeException failure, final int failedAt, final int count)
    {
        final String where = " (message " + (failedAt + 1) + " of a batch of " + count + ": the " + failedAt +
            " before it were delivered, the " + (count - failedAt - 1) + " after it were released undelivered)";
        if (failure instanceof PublishTimeoutException)
        {
            final PublishTimeoutException timeout = new PublishTimeoutException(failure.getMessage() + where);
            timeout.initCause(failure);
            return timeout;
        }
        return new IllegalStateException(failure.getMessage() + where, failure);
    }

    /** Queue {@code i} refused the message: the feed's policy decides for that subscriber's reference. */
    private void onFullQueue(final PooledMessage message, final int i)
    {
        // Not a switch, as in onFullRing.
        if (FullQueuePolicy.DROP == policy)
        {
            dropped.increment();
            ACCESS.releaseQueued(message);
            return;
        }
        if (FullQueuePolicy.BACKOFF == policy)
        {
            final int outcome = offerWithBackoff(queues[i], message);
            if (OFFERED != outcome)
            {
                releaseRemaining(message, i);
                if (TIMED_OUT == outcome)
                {
                    throw timedOut(i);
                }
                throw closedWhileWaiting(i, takeBackLateOffers());
            }
            return;
        }
        releaseRemaining(message, i);
        throw new IllegalStateException("feed '" + feedName + "': queue to '" + subscriberNames[i] +
            "' refused an offer after reporting room; a second thread may be publishing on this feed");
    }

    private int offerWithBackoff(final DeliveryQueue queue, final PooledMessage message)
    {
        final long deadline = System.nanoTime() + publishTimeoutNanos;
        for (;;)
        {
            if (queue.offer(message))
            {
                return OFFERED;
            }
            if (STATE_OPEN != state)
            {
                return CLOSED;
            }
            if (System.nanoTime() - deadline >= 0)
            {
                return TIMED_OUT;
            }
            Backoff.pauseForFullQueue();
        }
    }

    private void releaseRemaining(final PooledMessage message, final int firstUndelivered)
    {
        for (int i = firstUndelivered; i < queues.length; i++)
        {
            ACCESS.releaseQueued(message);
        }
    }

    /** Hand over the caller's reference of every message of the batch, or, if one holds none, of no message. */
    private void handOverBatch(final PooledMessage[] messages, final int offset, final int end)
    {
        final int n = queues.length;
        for (int i = offset; i < end; i++)
        {
            if (!ACCESS.handOver(messages[i], n))
            {
                takeBackBatch(messages, offset, i);
                throw new IllegalArgumentException(notOwned(messages[i]).getMessage() + " (messages[" + i + "]; " +
                    "nothing of the batch was published)");
            }
        }
    }

    private void takeBackBatch(final PooledMessage[] messages, final int offset, final int end)
    {
        for (int i = offset; i < end; i++)
        {
            ACCESS.takeBack(messages[i], queues.length);
        }
    }

    private PublishTimeoutException timedOut(final int stuckAt)
    {
        timeouts.increment();
        return new PublishTimeoutException("feed '" + feedName + "': queue to agent '" + subscriberNames[stuckAt] +
            "' stayed full for " + publishTimeoutNanos / 1_000_000 + " ms; delivered to " + stuckAt + " of " +
            queues.length + " subscribers. Raise queueCapacity or publishTimeout, or speed up the subscriber");
    }

    private IllegalStateException closedWhileWaiting(final int stuckAt, final int takenBack)
    {
        return new IllegalStateException("feed '" + feedName + "' closed while waiting for room in the queue to '" +
            subscriberNames[stuckAt] + "': server '" + serverName + "' is stopping; offered to " + stuckAt + " of " +
            queues.length + " subscribers" + (takenBack > 0 ? ", " + takenBack + " of those after the stop swept " +
            "the queues, taken back and released" : ""));
    }
}
