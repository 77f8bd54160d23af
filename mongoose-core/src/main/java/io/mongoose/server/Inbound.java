package io.mongoose.server;

/**
 * One feed's way into one agent group, whatever carries it (a queue of references or the feed's own ring): the
 * processors of that group that receive the feed, and whether the feed is paused there.
 *
 * <p>Threading: {@link #paused} is written by {@link FeedPauses} and read by the agent; the rest is fixed at build.
 */
abstract class Inbound
{
    final String feedName;
    final ProcessorSlot[] subscribers;
    /** Set by {@link FeedPauses}: the agent skips this feed while it is set, so messages wait. */
    volatile boolean paused;

    Inbound(final String feedName, final ProcessorSlot[] subscribers)
    {
        this.feedName = feedName;
        this.subscribers = subscribers;
    }
}
