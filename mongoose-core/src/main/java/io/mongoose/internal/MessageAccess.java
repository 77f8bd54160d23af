package io.mongoose.internal;

/**
 * The framework's side of a pooled message, for the feeds, agents and dispatch tables outside its package: the
 * operations a user must not call (delivery references, type id, publish stamp) and the ring and release batch that
 * need them. The pool package installs the one implementation when its message class initialises; callers keep it in a
 * {@code static final} field, so the JIT sees one constant receiver and inlines each call.
 *
 * @param <M> the message type: {@code io.mongoose.pool.PooledMessage}, which this package does not import, so that
 *            the packages stay acyclic.
 */
public abstract class MessageAccess<M>
{
    private static final String MESSAGE_CLASS = "io.mongoose.pool.PooledMessage";
    private static volatile MessageAccess<?> installed;

    /** For the pool package's one implementation. */
    protected MessageAccess()
    {
    }

    /**
     * The installed implementation; initialises the message class first if no one has yet.
     *
     * @param <M> the message type.
     * @return the implementation.
     */
    @SuppressWarnings("unchecked")
    public static <M> MessageAccess<M> get()
    {
        MessageAccess<?> access = installed;
        if (null == access)
        {
            try
            {
                Class.forName(MESSAGE_CLASS, true, MessageAccess.class.getClassLoader());
            }
            catch (final ClassNotFoundException e)
            {
                throw new IllegalStateException(MESSAGE_CLASS + " is not on the class path", e);
            }
            access = installed;
        }
        return (MessageAccess<M>)access;
    }

    /**
     * Called once, by the message class's static initialiser.
     *
     * @param access the implementation, a class of the message's own package and module.
     * @throws IllegalStateException if one is installed already or {@code access} comes from elsewhere.
     */
    public static synchronized void install(final MessageAccess<?> access)
    {
        final Class<?> type = access.getClass();
        if (null != installed || !type.getPackageName().equals("io.mongoose.pool") ||
            type.getModule() != MessageAccess.class.getModule())
        {
            throw new IllegalStateException("MessageAccess: " + type.getName() + " refused; expected one install by " +
                MESSAGE_CLASS);
        }
        installed = access;
    }

    /**
     * @param message a message.
     * @return the dense id of its class, the index of dispatch tables.
     */
    public abstract int typeId(M message);

    /**
     * @param message a message the calling thread is about to publish.
     * @param nanos   a {@link System#nanoTime()} reading.
     */
    public abstract void stampPublishNanos(M message, long nanos);

    /**
     * Turn one reference user code holds into {@code queues} references held for delivery; changes nothing and returns
     * {@code false} when user code holds none (published already, released, or never acquired).
     *
     * @param message the message about to be offered.
     * @param queues  how many queues it is offered to, at least 1.
     * @return whether the references were taken.
     */
    public abstract boolean handOver(M message, int queues);

    /**
     * Undo {@link #handOver} for a message offered to no queue.
     *
     * @param message the message.
     * @param queues  as handed over.
     */
    public abstract void takeBack(M message, int queues);

    /**
     * Drop one reference a queue held; the last one returns the message to its pool.
     *
     * @param message a message taken from a queue, or refused by one.
     * @return whether it was the last reference.
     */
    public abstract boolean releaseQueued(M message);

    /**
     * @param message a message.
     * @return how many references user code holds: a publish needs one.
     */
    public abstract int heldCount(M message);

    /**
     * A ring of {@code capacity} messages from {@code pool}, taken from its free list now.
     *
     * @param pool     an {@code io.mongoose.pool.ObjectPool}.
     * @param capacity a power of two from 1 to the pool's capacity.
     * @return the ring.
     */
    public abstract MessageRing<M> newRing(Object pool, int capacity);

    /**
     * @param capacity freed messages held before a release flushes by itself; at least 1.
     * @return a release batch for one thread.
     */
    public abstract ReleaseBatch<M> newReleaseBatch(int capacity);
}
