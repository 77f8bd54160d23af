package io.mongoose.pool;

import org.jctools.queues.MpmcArrayQueue;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * A fixed-capacity pool of one message type.
 *
 * <p>All instances are created up front, so the steady state allocates nothing. Any thread may acquire and any thread
 * may release (the free list is a JCTools MPMC queue). When the free list is empty, {@link #acquire()} follows the
 * pool's {@link ExhaustionPolicy}; {@link #tryAcquire()} returns {@code null} instead.
 *
 * @param <T> the message type.
 */
public final class ObjectPool<T extends PooledMessage>
{
    private final String name;
    private final Class<T> type;
    private final Supplier<? extends T> factory;
    private final PoolConfig config;
    private final MpmcArrayQueue<T> freeList;
    private final AtomicLong created = new AtomicLong();
    private final AtomicLong exhausted = new AtomicLong();
    private final AtomicLong retired = new AtomicLong();
    private final AtomicLong invalidReleases = new AtomicLong();

    /**
     * Creates the pool and all {@code config.capacity()} instances.
     *
     * @param name    name used in stats and errors.
     * @param type    the message type; every instance the factory makes must be of this type.
     * @param factory makes one new instance; called up front and, under {@link ExhaustionPolicy#GROW}, on exhaustion.
     * @param config  capacity and exhaustion policy.
     */
    public ObjectPool(final String name, final Class<T> type, final Supplier<? extends T> factory, final PoolConfig config)
    {
        this.name = Objects.requireNonNull(name, "name: null; expected a pool name");
        this.type = Objects.requireNonNull(type, "type: null; expected a PooledMessage subclass");
        this.factory = Objects.requireNonNull(factory, "factory: null; expected a supplier of new " + type.getName());
        this.config = Objects.requireNonNull(config, "config: null; expected a PoolConfig");
        this.freeList = new MpmcArrayQueue<>(Math.max(2, config.capacity()));
        for (int i = 0; i < config.capacity(); i++)
        {
            if (!freeList.offer(newInstance()))
            {
                throw new IllegalStateException("pool '" + name + "': free list refused instance " + i);
            }
        }
    }

    /**
     * Hand out a message holding one reference, owned by the caller. Lock-free and allocation-free unless the pool is
     * empty and its policy is {@link ExhaustionPolicy#GROW}.
     *
     * @return a reset message with {@code refCount() == 1}.
     * @throws PoolExhaustedException if the pool is empty and the policy is FAIL, or WAIT timed out.
     */
    public T acquire()
    {
        T message = freeList.poll();
        if (null == message)
        {
            message = onEmpty();
        }
        message.setFirstReference();
        return message;
    }

    /**
     * Hand out a message if one is free, never growing or waiting.
     *
     * @return a message holding one reference, or {@code null} if the free list is empty (counted as exhaustion).
     */
    public T tryAcquire()
    {
        final T message = freeList.poll();
        if (null == message)
        {
            exhausted.incrementAndGet();
            return null;
        }
        message.setFirstReference();
        return message;
    }

    /**
     * @return the pool's name.
     */
    public String name()
    {
        return name;
    }

    /**
     * @return the message type this pool holds.
     */
    public Class<T> type()
    {
        return type;
    }

    /**
     * @return the configuration the pool was built with.
     */
    public PoolConfig config()
    {
        return config;
    }

    /**
     * @return instances ever created.
     */
    public long created()
    {
        return created.get();
    }

    /**
     * @return instances currently in the free list.
     */
    public long free()
    {
        return freeList.size();
    }

    /**
     * @return instances handed out and not yet back (exact when no message is moving).
     */
    public long inFlight()
    {
        return created.get() - retired.get() - freeList.size();
    }

    /**
     * @return acquires that found the pool empty.
     */
    public long exhaustedCount()
    {
        return exhausted.get();
    }

    /**
     * @return a snapshot of every counter.
     */
    public PoolStats stats()
    {
        final long free = freeList.size();
        final long live = created.get() - retired.get();
        return new PoolStats(
            name, config.capacity(), created.get(), free, live - free, exhausted.get(), retired.get(),
            invalidReleases.get());
    }

    @Override
    public String toString()
    {
        return "ObjectPool" + stats();
    }

    void recycle(final PooledMessage message)
    {
        try
        {
            message.reset();
        }
        finally
        {
            // The free list only ever holds instances of T: bindTo is called on instances this pool created.
            @SuppressWarnings("unchecked") final T typed = (T)message;
            if (freeListFull() || !freeList.offer(typed))
            {
                retired.incrementAndGet();
            }
        }
    }

    /**
     * The free list's queue rounds its capacity up to a power of two, so its own {@code offer} does not stop it at
     * {@code capacity}. Only a pool that has grown past its capacity owns enough instances to fill it, so the common
     * case costs two reads of rarely written counters and never touches the queue's indices. Two releases racing for
     * the last free slot of a grown pool may both find room (bounded by the queue's power-of-two capacity).
     */
    private boolean freeListFull()
    {
        final int capacity = config.capacity();
        return created.get() - retired.get() > capacity && freeList.size() >= capacity;
    }

    void countInvalidRelease()
    {
        invalidReleases.incrementAndGet();
    }

    private T onEmpty()
    {
        exhausted.incrementAndGet();
        switch (config.exhaustionPolicy())
        {
            case GROW:
                return newInstance();
            case WAIT:
                return awaitRelease();
            default:
                throw exhaustedError("policy FAIL");
        }
    }

    private T awaitRelease()
    {
        final long deadline = System.nanoTime() + config.maxWait().toNanos();
        for (long attempt = 1; ; attempt++)
        {
            final T message = freeList.poll();
            if (null != message)
            {
                return message;
            }
            if (System.nanoTime() - deadline >= 0)
            {
                throw exhaustedError("policy WAIT gave up after " + config.maxWait().toMillis() + " ms");
            }
            Backoff.pause(attempt);
        }
    }

    private T newInstance()
    {
        final T instance = factory.get();
        if (!type.isInstance(instance))
        {
            throw new IllegalStateException(
                "pool '" + name + "': factory returned " + (null == instance ? "null" : instance.getClass().getName()) +
                "; expected a new " + type.getName());
        }
        if (null != instance.pool())
        {
            throw new IllegalStateException(
                "pool '" + name + "': factory returned an instance already owned by pool '" + instance.pool().name() +
                "'; expected a new " + type.getName());
        }
        instance.bindTo(this);
        created.incrementAndGet();
        return instance;
    }

    private PoolExhaustedException exhaustedError(final String why)
    {
        return new PoolExhaustedException(
            "pool '" + name + "' (" + type.getName() + ") exhausted: " + why + "; capacity " + config.capacity() +
            ", in flight " + inFlight() + ". Raise capacity, release messages sooner, or choose policy GROW/WAIT");
    }
}
