package io.mongoose.internal;

import java.util.concurrent.atomic.AtomicReference;

/**
 * The framework's side of a pooled message, for feeds, agents and dispatch tables: the operations a user must not call
 * (delivery references, type id, publish stamp), and the ring and release batch that need them. The pool package
 * installs the one implementation; callers keep it in a {@code static final} field, so the JIT inlines each call.
 *
 * @param <M> {@code io.mongoose.pool.PooledMessage}, not imported so that the packages stay acyclic.
 */
public abstract class MessageAccess<M>
{
    private static final String MESSAGE_CLASS = "io.mongoose.pool.PooledMessage";
    private static final AtomicReference<MessageAccess<?>> INSTALLED = new AtomicReference<>();

    /** For the pool package's one implementation. */
    protected MessageAccess()
    {
    }

    /** @return the installed implementation, initialising the message class first if no one has yet. */
    @SuppressWarnings("unchecked")
    public static <M> MessageAccess<M> get()
    {
        MessageAccess<?> access = INSTALLED.get();
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
            access = INSTALLED.get();
        }
        return (MessageAccess<M>)access;
    }

    /** Called once, by the message class's static initialiser; refuses a second install or one from elsewhere. */
    public static void install(final MessageAccess<?> access)
    {
        final Class<?> type = access.getClass();
        if (!type.getPackageName().equals("io.mongoose.pool") || type.getModule() != MessageAccess.class.getModule() ||
            !INSTALLED.compareAndSet(null, access))
        {
            throw new IllegalStateException("MessageAccess: " + type.getName() + " refused; expected one install by " +
                MESSAGE_CLASS);
        }
    }

    /** @return the dense id of the message's class, the index of dispatch tables. */
    public abstract int typeId(M message);

    /** Stamp a message the calling thread is about to publish with a {@link System#nanoTime()} reading. */
    public abstract void stampPublishNanos(M message, long nanos);

    /**
     * Turn one reference user code holds into {@code queues} (at least 1) references held for delivery; changes nothing
     * and returns {@code false} when user code holds none (published already, released, or never acquired).
     */
    public abstract boolean handOver(M message, int queues);

    /** Undo {@link #handOver} for a message offered to no queue. */
    public abstract void takeBack(M message, int queues);

    /** Drop the reference a queue held (taken from it or refused by it); returns whether the message was freed. */
    public abstract boolean releaseQueued(M message);

    /** @return how many references user code holds: a publish needs one. */
    public abstract int heldCount(M message);

    /** @return a ring of {@code capacity} (a power of two) messages taken now from {@code pool}, an ObjectPool. */
    public abstract MessageRing<M> newRing(Object pool, int capacity);

    /** @return a release batch for one thread, which flushes by itself once it holds {@code capacity} (>= 1). */
    public abstract ReleaseBatch<M> newReleaseBatch(int capacity);
}
