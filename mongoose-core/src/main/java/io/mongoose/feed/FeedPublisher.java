package io.mongoose.feed;

import io.mongoose.pool.PooledMessage;

/**
 * The single producer's way into one feed (with {@code -Dmongoose.checks=true} a second thread is detected); a publish
 * takes over the caller's reference. Every message ends handled, dropped or rejected under the feed's policy,
 * undelivered at stop, or refused to the caller with an exception, also when a publish races
 * {@link io.mongoose.server.MongooseServer#stop()}.
 */
public interface FeedPublisher
{
    /**
     * Claim the next message of this ring feed, reset, to fill and publish in claim order; on a full ring
     * {@link FullQueuePolicy#BACKOFF} waits up to the publish timeout, DROP and FAIL count and return {@code null}.
     * Throws {@link IllegalStateException} on a queue feed or a server not running, {@link IllegalArgumentException} if
     * {@code type} is not the ring's, {@link PublishTimeoutException}, and
     * {@link io.mongoose.pool.PoolExhaustedException} if a handler kept the slot's message and its pool has no other.
     */
    <T extends PooledMessage> T claim(Class<T> type);

    /**
     * Publish a message holding the caller's reference to every subscriber; {@code false} only under
     * {@link FullQueuePolicy#FAIL} when a subscriber queue is full, nothing delivered and the reference still the
     * caller's. Throws {@link IllegalArgumentException}, delivering nothing, if the caller holds no reference (a
     * handler forwarding a message must {@link PooledMessage#retain()} it) or it is not a ring's oldest unpublished
     * claim; {@link IllegalStateException}, the message released, if the server is not running; and
     * {@link PublishTimeoutException}, the undelivered references released, if a lossless publish timed out.
     */
    boolean publish(PooledMessage message);

    /**
     * Publish {@code messages[offset, offset + count)}, checked whole first, as that many single publishes would,
     * except that under {@link FullQueuePolicy#FAIL} the batch reaches every subscriber or, returning 0 and counting
     * {@code count} rejections, nobody. A timeout says which messages were delivered before it.
     */
    int publish(PooledMessage[] messages, int offset, int count);

    /** @return the feed's name. */
    String feedName();

    /** @return subscriber queues behind this feed; 1 for a ring feed, whose ring one agent group reads. */
    int subscriberCount();

    /** @return whether this is a ring feed, published through {@link #claim(Class)}. */
    boolean isRing();

    /** @return whether publishing stamps {@link PooledMessage#publishNanos()}, fixed when the server is built. */
    boolean stampsPublishTime();

    /** @return whether {@link #publish(PooledMessage)} currently accepts messages. */
    boolean isOpen();

    /** @return a snapshot of this feed's counters. */
    FeedStats stats();
}
