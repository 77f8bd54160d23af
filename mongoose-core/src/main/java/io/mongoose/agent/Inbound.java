package io.mongoose.agent;

/** One feed's way into one agent group, by queue or ring: its subscribers, its pause flag and the agent's drain. */
public abstract class Inbound
{
    public final String feedName;
    final ProcessorSlot[] subscribers;
    /** Set by {@link io.mongoose.server.FeedPauses}: the agent skips this feed while it is set, so messages wait. */
    public volatile boolean paused;

    Inbound(final String feedName, final ProcessorSlot[] subscribers)
    {
        this.feedName = feedName;
        this.subscribers = subscribers;
    }

    /** @return messages taken: up to {@code limit}, each delivered to every subscriber through {@code agent}. */
    abstract int drain(DispatchAgent agent, int limit);

    /** @return whether no message waits here. */
    abstract boolean isEmpty();

    /** @return -1 while a message waits here or a handler runs on one, else the messages ever offered here. */
    abstract long progressIfBalanced();
}
