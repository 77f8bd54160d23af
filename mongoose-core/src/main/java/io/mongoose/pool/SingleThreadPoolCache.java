package io.mongoose.pool;

import org.jctools.queues.MessagePassingQueue;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One thread's cache in front of an {@link ObjectPool}: {@link #acquire()} hands out messages from a small local stack
 * and refills it from the pool's free list a batch at a time (one claim on the free list per batch). A producer that
 * acquires from the pool directly pays an atomic claim on the shared free list, and a cache miss on it, for every
 * message, on its latency path; through a cache it pays them once per batch.
 *
 * <p>Messages waiting in a cache are free: the pool counts them in {@link ObjectPool#free()}, not in flight. They are
 * reserved for this cache's thread until it takes them or {@link #close()} returns them. Released messages go back to
 * the pool's free list as usual, not to the cache.
 *
 * <p>Threading: one thread only, the one that acquires; allocation-free after construction. Create it with
 * {@link ObjectPool#newThreadCache(int)} and close it when the thread is done.
 *
 * @param <T> the message type.
 */
public final class SingleThreadPoolCache<T extends PooledMessage> implements AutoCloseable
{
    private static final VarHandle COUNT;

    static
    {
        try
        {
            COUNT = MethodHandles.lookup().findVarHandle(SingleThreadPoolCache.class, "count", int.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private final ObjectPool<T> pool;
    private final PooledMessage[] stack;
    private final MessagePassingQueue.Consumer<T> refill = new Refill();
    private boolean closed;
    // Written by the owning thread only (plain read, ordered write); read by stats on other threads.
    @SuppressWarnings("unused") // accessed through COUNT
    private volatile int count;

    SingleThreadPoolCache(final ObjectPool<T> pool, final int batch)
    {
        this.pool = pool;
        this.stack = new PooledMessage[batch];
    }

    /**
     * Hand out a message holding one reference, from the cache, refilling it from the pool when empty. When the pool's
     * free list is empty too, this is {@link ObjectPool#acquire()} with its exhaustion policy.
     *
     * @return a reset message with {@code refCount() == 1}.
     * @throws PoolExhaustedException as {@link ObjectPool#acquire()}.
     * @throws IllegalStateException  if the cache is closed.
     */
    public T acquire()
    {
        final T message = take();
        return null != message ? message : pool.acquire();
    }

    /**
     * Hand out a message if the cache or the pool's free list has one, never growing or waiting.
     *
     * @return a message holding one reference, or {@code null} (counted as exhaustion by the pool).
     * @throws IllegalStateException if the cache is closed.
     */
    public T tryAcquire()
    {
        final T message = take();
        return null != message ? message : pool.tryAcquire();
    }

    /**
     * @return free messages waiting in this cache.
     */
    public int cached()
    {
        return (int)COUNT.getAcquire(this);
    }

    /**
     * @return the most messages one refill takes from the pool.
     */
    public int batch()
    {
        return stack.length;
    }

    /**
     * @return the pool behind this cache.
     */
    public ObjectPool<T> pool()
    {
        return pool;
    }

    /**
     * Return the cached messages to the pool's free list and detach from the pool. Later acquires throw; closing
     * again does nothing.
     */
    @Override
    public void close()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        int n = (int)COUNT.get(this);
        while (n > 0)
        {
            final PooledMessage message = stack[--n];
            stack[n] = null;
            COUNT.setRelease(this, n);
            pool.returnUnused(message);
        }
        pool.detach(this);
    }

    @Override
    public String toString()
    {
        return "SingleThreadPoolCache[pool=" + pool.name() + ", batch=" + stack.length + ", cached=" + cached() +
            (closed ? ", closed" : "") + "]";
    }

    /**
     * The hit path is kept to a few bytecodes on purpose, so C2 inlines it into the caller's publish loop: a closed
     * cache holds nothing, so its check, like the refill, lives on the miss path.
     */
    private T take()
    {
        final int n = (int)COUNT.get(this) - 1;
        if (n < 0)
        {
            return takeAfterRefill();
        }
        return handOut(n);
    }

    private T takeAfterRefill()
    {
        if (closed)
        {
            throw new IllegalStateException("cache of pool '" + pool.name() + "' is closed; acquire from the pool " +
                "or a new cache");
        }
        final int n = pool.refill(refill, stack.length);
        return 0 == n ? null : handOut(n - 1);
    }

    private T handOut(final int top)
    {
        // The pool created only instances of T, and this stack only ever holds instances of this pool.
        @SuppressWarnings("unchecked") final T message = (T)stack[top];
        COUNT.setRelease(this, top);
        pool.handOut(message);
        return message;
    }

    /** Pushes what the free list's batch drain hands over; runs on the owning thread inside {@link #take()}. */
    private final class Refill implements MessagePassingQueue.Consumer<T>
    {
        @Override
        public void accept(final T message)
        {
            final int n = (int)COUNT.get(SingleThreadPoolCache.this);
            stack[n] = message;
            COUNT.setRelease(SingleThreadPoolCache.this, n + 1);
        }
    }
}
