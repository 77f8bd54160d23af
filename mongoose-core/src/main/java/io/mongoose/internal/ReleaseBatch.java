package io.mongoose.internal;

/**
 * Releases messages on one thread and returns the freed ones to their pools in runs, one free-list claim per run
 * instead of one per message. Made by {@link MessageAccess#newReleaseBatch(int)}.
 *
 * <p>Threading: one thread only.
 *
 * @param <M> the message type.
 */
public abstract class ReleaseBatch<M>
{
    /** For the pool package's one implementation. */
    protected ReleaseBatch()
    {
    }

    /**
     * Drop one user reference; a freed message is reset and held for the next {@link #flush()}.
     *
     * @param message a message this thread holds a reference to.
     * @return whether it was the last reference.
     */
    public abstract boolean release(M message);

    /**
     * Drop the reference a queue held for delivery; a freed message is held for the next {@link #flush()}.
     *
     * @param message a message this thread took from a queue.
     * @return whether it was the last reference.
     */
    public abstract boolean releaseDelivered(M message);

    /** Let a pool found empty on this thread take back what the batch holds first. */
    public abstract void bindToCurrentThread();

    /** Undo {@link #bindToCurrentThread()}. */
    public abstract void unbindFromCurrentThread();

    /**
     * @return freed messages held.
     */
    public abstract int size();

    /**
     * @return messages returned to their pools.
     */
    public abstract int flush();
}
