package io.mongoose.pool;

import org.jctools.queues.MessagePassingQueue;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One thread's cache in front of an {@link ObjectPool}, refilled from the free list a batch per claim; cached messages
 * count as free until taken or {@link #close()}d, released ones go to the pool. The owning thread only, but
 * {@link #cached()}.
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
    // Written by the owning thread only (plain read, release write); read by stats on other threads.
    @SuppressWarnings("unused") // accessed through COUNT
    private volatile int count;

    SingleThreadPoolCache(final ObjectPool<T> pool, final int batch)
    {
        this.pool = pool;
        this.stack = new PooledMessage[batch];
    }

    /** @return as {@link ObjectPool#acquire()}, from the cache, refilled when empty; a closed cache throws. */
    public T acquire()
    {
        final T message = take();
        return null != message ? message : pool.acquire();
    }

    /** @return as {@link ObjectPool#tryAcquire()}, from the cache; a closed cache throws. */
    public T tryAcquire()
    {
        final T message = take();
        return null != message ? message : pool.tryAcquire();
    }

    /** @return free messages waiting in this cache; any thread. */
    public int cached()
    {
        return (int)COUNT.getAcquire(this);
    }

    /** @return the most messages one refill takes from the pool. */
    public int batch()
    {
        return stack.length;
    }

    /** @return the pool behind this cache. */
    public ObjectPool<T> pool()
    {
        return pool;
    }

    /** Return the cached messages to the pool and detach from it; later acquires throw, a second close does nothing. */
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

    /** A few bytecodes, so it inlines into the caller's loop; a closed cache holds nothing, so it fails on a miss. */
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
        // The stack holds only this pool's instances of T.
        @SuppressWarnings("unchecked") final T message = (T)stack[top];
        COUNT.setRelease(this, top);
        pool.handOut(message);
        return message;
    }

    /** Pushes what the free list's batch drain hands over, on the owning thread. */
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
