package io.mongoose.agent;

/**
 * One feed's way into one agent group, whatever carries it (a queue of references or the feed's own ring): the
 * processors of that group that receive the feed, whether the feed is paused there, and the drain the agent runs on
 * it each duty cycle.
 *
 * <p>Threading: {@link #drain} on the agent's thread only; {@link #paused} is written by {@link
 * io.mongoose.server.FeedPauses}; the other
 * methods may be called on any thread.
 */
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

    /**
     * Take up to {@code limit} messages, deliver each to every subscriber through {@code agent}, and let each go.
     *
     * @param agent the agent running this drain.
     * @param limit the most messages to take.
     * @return messages taken.
     */
    abstract int drain(DispatchAgent agent, int limit);

    /**
     * @return whether no message waits here.
     */
    abstract boolean isEmpty();

    /**
     * @return {@code -1} while a message waits here or a handler still runs on one, otherwise the number of messages
     *         ever offered here, which grows with every message.
     */
    abstract long progressIfBalanced();
}
