package io.mongoose.feed;

import io.mongoose.pool.PooledMessage;

/**
 * The single producer's way into one feed: one thread publishes through it (with {@code -Dmongoose.checks=true} a
 * second is detected). A publish takes over the caller's reference. A ring feed
 * ({@link io.mongoose.config.FeedConfig#ring(Class)}) carries messages in its own ring: the producer
 * {@link #claim(Class)}s the next one, fills it and publishes it. Every message ends as one of: handled; dropped or
 * rejected under the feed's policy; undelivered at stop; or refused to the caller with an exception, also when a
 * publish races {@link io.mongoose.server.MongooseServer#stop()}.
 */
public interface FeedPublisher
{
    /**
     * Claim the next message of this ring feed, reset, to publish in claim order, singly or as a batch. On a full ring,
     * {@link FullQueuePolicy#BACKOFF} waits up to the publish timeout; DROP and FAIL return {@code null} and count.
     *
     * @param type the ring's message type.
     * @param <T>  the message type.
     * @return the message, or {@code null} under DROP or FAIL when the ring is full.
     * @throws IllegalStateException           if this is not a ring feed, or the server is not running.
     * @throws IllegalArgumentException        if {@code type} is not the ring's message type.
     * @throws PublishTimeoutException         if a lossless claim waited longer than the feed's publish timeout.
     * @throws io.mongoose.pool.PoolExhaustedException if a handler kept the slot's message and its pool has none to
     *                                         refill the slot with.
     */
    <T extends PooledMessage> T claim(Class<T> type);

    /**
     * Publish a message to every subscriber of this feed.
     *
     * @param message a message acquired from its pool, holding the caller's reference.
     * @return {@code true} when the framework took the message (under {@link FullQueuePolicy#DROP}, full queues count
     *         a drop); {@code false} only under {@link FullQueuePolicy#FAIL} when a subscriber queue was full: nothing
     *         was delivered and the caller keeps its reference.
     * @throws NullPointerException     if {@code message} is null.
     * @throws IllegalArgumentException if the caller holds no reference to the message (a handler forwarding a message
     *                                  must {@link PooledMessage#retain()} it first), or, on a ring feed, it is not the
     *                                  oldest unpublished claim. Nothing is delivered.
     * @throws IllegalStateException    if the server is not running; the message has been released (on a ring feed,
     *                                  returned to its pool when the ring closed).
     * @throws PublishTimeoutException  if a lossless publish waited longer than the feed's publish timeout; the
     *                                  references not delivered have been released.
     */
    boolean publish(PooledMessage message);

    /**
     * Publish {@code messages[offset, offset + count)} as that many {@link #publish(PooledMessage)} calls would, except
     * that under {@link FullQueuePolicy#FAIL} the batch reaches every subscriber or nobody. Checked whole first: a bad
     * argument leaves every reference the caller's. The array is only read.
     *
     * @param messages the messages, each holding the caller's reference.
     * @param offset   index of the first message to publish.
     * @param count    how many to publish; 0 publishes nothing.
     * @return messages the framework took: {@code count}, or 0 under FAIL when the batch does not fit whole into every
     *         subscriber queue (counted as {@code count} rejections; every reference is still the caller's).
     * @throws NullPointerException      if {@code messages} or one of the batch's elements is null.
     * @throws IndexOutOfBoundsException if {@code offset} and {@code count} do not name a range of {@code messages}.
     * @throws IllegalArgumentException  if the caller holds no reference to a message of the batch (in the batch twice
     *                                   counts); nothing is published.
     * @throws IllegalStateException     if the server is not running; every message of the batch has been released.
     * @throws PublishTimeoutException   if a lossless publish timed out on one message: the messages before it were
     *                                   delivered, the references not delivered released; the exception says which.
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
