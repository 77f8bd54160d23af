package io.mongoose.feed;

/**
 * A snapshot of one feed's counters.
 *
 * @param name              feed name.
 * @param kind              broadcast or named.
 * @param subscribers       subscriber queues (one per subscribing agent group).
 * @param published         publishes accepted.
 * @param dropped           per-subscriber drops under {@link FullQueuePolicy#DROP}.
 * @param rejected          publishes refused under {@link FullQueuePolicy#FAIL}.
 * @param timeouts          lossless publishes that timed out.
 * @param queueDepth        messages waiting in all its subscriber queues now.
 * @param undeliveredAtStop messages left in its queues when the drain at stop timed out (released, not handled).
 */
public record FeedStats(
    String name, FeedKind kind, int subscribers, long published, long dropped, long rejected, long timeouts,
    long queueDepth, long undeliveredAtStop)
{
}
