package io.mongoose.feed;

import io.mongoose.pool.PooledMessage;

/**
 * The single producer's way into one feed. Threading contract: one thread publishes through a given publisher at a time
 * (the queues or ring behind it are single-producer); with {@code -Dmongoose.checks=true} a second thread is detected.
 *
 * <p>On a queue feed ({@link io.mongoose.config.FeedConfig#named(String)},
 * {@link io.mongoose.config.FeedConfig#broadcast(String)}), {@link #publish(PooledMessage)} takes over the caller's
 * reference: it becomes one reference per subscriber queue, held
 * by the framework, and each subscriber's agent releases its own after dispatch. The only outcomes that leave the
 * reference with the caller are a {@code false} return under {@link FullQueuePolicy#FAIL} and an
 * {@link IllegalArgumentException} for a message the caller holds no reference to (published already, or released):
 * such a message is refused before anything is delivered, so no handler ever receives a message that went back to its
 * pool.
 *
 * <p>A ring feed ({@link io.mongoose.config.FeedConfig#ring(Class)}) carries its messages in its own ring instead: the
 * producer claims the
 * next message with {@link #claim(Class)}, fills it and publishes it; the feed's full-queue policy applies at the
 * claim,
 * where the ring may be full, and the publish itself always succeeds.
 *
 * <p>Every message ends as exactly one of: handled, dropped or rejected under the feed's policy (and counted), counted
 * undelivered at stop, or refused to the caller with an exception, also when a publish races
 * {@link io.mongoose.server.MongooseServer#stop()}.
 */
public interface FeedPublisher
{
    /**
     * Claim the next message of this ring feed: reset, holding the reference that {@link #publish(PooledMessage)}
     * hands to the feed. Fill it, then publish it; every claimed message must be published, in claim order (several
     * may be claimed first and published as a batch with {@link #publish(PooledMessage[], int, int)}). The feed's
     * full-queue policy applies here, when the ring is full: {@link FullQueuePolicy#BACKOFF} waits for room up to the
     * publish timeout; {@link FullQueuePolicy#DROP} and {@link FullQueuePolicy#FAIL} return {@code null} at once,
     * counted as a drop or a rejection.
     *
     * @param type the feed's message type, as configured with {@link io.mongoose.config.FeedConfig#ring(Class)}.
     * @param <T>  the message type.
     * @return the message, or {@code null} under DROP or FAIL when the ring is full.
     * @throws IllegalStateException           if this is not a ring feed, or the server is not running.
     * @throws IllegalArgumentException        if {@code type} is not the ring's message type.
     * @throws PublishTimeoutException         if a lossless claim waited longer than the feed's publish timeout.
     * @throws io.mongoose.pool.PoolExhaustedException as {@link io.mongoose.pool.ObjectPool#acquire()}, if a handler
     *                                         kept the slot's message and its pool has none to refill the slot with.
     */
    <T extends PooledMessage> T claim(Class<T> type);

    /**
     * Publish a message to every subscriber of this feed.
     *
     * @param message a message acquired from its pool, holding the caller's reference.
     * @return {@code true} when the framework took the message (delivered to every subscriber, or under
     *         {@link FullQueuePolicy#DROP} to every subscriber with room, the rest counted as drops);
     *         {@code false} only under {@link FullQueuePolicy#FAIL} when a subscriber queue was full: nothing was
     *         delivered and the caller still owns its reference.
     * @throws NullPointerException     if {@code message} is null.
     * @throws IllegalArgumentException if the caller holds no reference to the message (already published, released,
     *                                  or never acquired; a handler forwarding a message it received must
     *                                  {@link PooledMessage#retain()} it first), or, on a ring feed, if it is not the
     *                                  oldest unpublished message {@link #claim(Class)} returned. Nothing is delivered.
     * @throws IllegalStateException    if the server is not running; the message has been released. On a ring feed
     *                                  the claim made that test: a claimed message is refused only once the feed's
     *                                  ring has closed at stop, which returned it to its pool.
     * @throws PublishTimeoutException  if a lossless publish waited longer than the feed's publish timeout; the
     *                                  references not delivered have been released.
     */
    boolean publish(PooledMessage message);

    /**
     * Publish {@code messages[offset, offset + count)} to every subscriber of this feed, in array order, as that many
     * {@link #publish(PooledMessage)} calls would, except that the batch is admitted as a whole: under
     * {@link FullQueuePolicy#FAIL} it reaches every subscriber or nobody, so messages that only make sense together
     * (the legs of one update) are never split by a full queue. The feed's state, the full-queue check and the
     * published
     * counter are dealt with once per batch, and a stamping feed reads the clock once for the whole batch. This is the
     * LMAX Disruptor's claim-several-then-publish: acquire the messages (through a
     * {@link io.mongoose.pool.SingleThreadPoolCache}), fill them, hand them over in one call. It is not a speed-up:
     * per message it costs what single publishes cost ({@code PathCostBenchmark.mongooseInvokerBatchPath}), because
     * every message still takes its own reference check and queue offer.
     *
     * <p>Every message's reference passes to the framework, as with {@link #publish(PooledMessage)}; the array itself
     * is only read, and may be reused as soon as the call returns. Before anything is published, the whole batch is
     * checked: a bad argument or a message that holds no reference fails the call with every reference still the
     * caller's.
     *
     * @param messages the messages, each acquired from its pool and holding the caller's reference.
     * @param offset   index of the first message to publish.
     * @param count    how many to publish; 0 publishes nothing.
     * @return messages the framework took: {@code count}, except under {@link FullQueuePolicy#FAIL}, where a batch
     *         that does not fit whole into every subscriber queue is refused whole: 0 is returned, nothing was
     *         delivered, every reference is still the caller's and the refusal counts {@code count} rejections.
     *         Under {@link FullQueuePolicy#DROP} a full subscriber queue loses the messages that do not fit, each
     *         counted as a drop.
     * @throws NullPointerException      if {@code messages} or one of the batch's elements is null.
     * @throws IndexOutOfBoundsException if {@code offset} and {@code count} do not name a range of {@code messages}.
     * @throws IllegalArgumentException  if the caller holds no reference to a message of the batch (already
     *                                   published, released, never acquired, or in the batch twice with one
     *                                   reference); nothing of the batch is published then.
     * @throws IllegalStateException     if the server is not running; every message of the batch has been released.
     * @throws PublishTimeoutException   if a lossless publish waited longer than the feed's publish timeout for one
     *                                   message; the messages before it were delivered, and the references not
     *                                   delivered (its own to the subscribers it did not reach, and every later
     *                                   message's) have been released. The exception says which message it was.
     */
    int publish(PooledMessage[] messages, int offset, int count);

    /**
     * @return the feed's name.
     */
    String feedName();

    /**
     * @return subscriber queues behind this feed; 1 for a ring feed, whose ring one agent group reads.
     */
    int subscriberCount();

    /**
     * @return whether this is a ring feed, published through {@link #claim(Class)}.
     */
    boolean isRing();

    /**
     * @return whether publishing stamps {@link PooledMessage#publishNanos()}: true when some processor this feed
     *         reaches has latency monitoring on, fixed when the server is built.
     */
    boolean stampsPublishTime();

    /**
     * @return whether {@link #publish(PooledMessage)} currently accepts messages.
     */
    boolean isOpen();

    /**
     * @return a snapshot of this feed's counters.
     */
    FeedStats stats();
}
