package io.mongoose.internal;

/**
 * Releases messages on one thread only and returns the freed ones to their pools in runs, one free-list claim per run
 * instead of one per message. Made by {@link MessageAccess#newReleaseBatch(int)}.
 *
 * @param <M> the message type.
 */
public abstract class ReleaseBatch<M>
{
    /** For the pool package's one implementation. */
    protected ReleaseBatch()
    {
    }

    /** Drop one reference this thread holds; a freed message is held for the next flush. Returns whether freed. */
    public abstract boolean release(M message);

    /** Drop the reference a queue held for a message this thread took from it; as {@link #release}. */
    public abstract boolean releaseDelivered(M message);

    /** Let a pool found empty on this thread take back what the batch holds first. */
    public abstract void bindToCurrentThread();

    /** Undo {@link #bindToCurrentThread()}. */
    public abstract void unbindFromCurrentThread();

    /** @return freed messages held. */
    public abstract int size();

    /** @return messages returned to their pools. */
    public abstract int flush();
}
