package io.mongoose.feed;

/**
 * A snapshot of one feed's counters: {@code subscribers} counts its queues, {@code dropped} per-subscriber drops under
 * {@link FullQueuePolicy#DROP}, {@code rejected} publishes refused under {@link FullQueuePolicy#FAIL}, {@code timeouts}
 * lossless publishes that timed out, {@code queueDepth} messages waiting now, {@code undeliveredAtStop} messages
 * released unhandled at stop.
 */
public record FeedStats(
    String name, FeedKind kind, int subscribers, long published, long dropped, long rejected, long timeouts,
    long queueDepth, long undeliveredAtStop)
{
}
