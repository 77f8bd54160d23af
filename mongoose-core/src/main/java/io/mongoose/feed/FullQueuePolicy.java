package io.mongoose.feed;

/** What {@link FeedPublisher#publish} does when a subscriber's queue is full. */
public enum FullQueuePolicy
{
    /** Lossless (default): back off and retry until there is room, up to the feed's publish timeout. */
    BACKOFF,
    /** Skip that subscriber for this message and count a drop; other subscribers still receive it. */
    DROP,
    /** Deliver to nobody and return {@code false}; the caller keeps its reference and decides. */
    FAIL
}
