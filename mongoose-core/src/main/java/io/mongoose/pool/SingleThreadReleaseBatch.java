package io.mongoose.pool;

import io.mongoose.internal.ReleaseBatch;

import java.util.concurrent.atomic.AtomicReference;

/**
 * A dispatch agent's releases, freed messages reset at once and returned at the next {@link #flush()} (or when full),
 * one free-list claim per run of same-pool messages; in flight until then. One thread; allocation-free once built.
 */
final class SingleThreadReleaseBatch extends ReleaseBatch<PooledMessage>
{
    /** Each thread's batch, for a pool found empty there; not a ThreadLocal, whose get() may allocate. */
    private static final AtomicReference<Binding[]> BOUND = new AtomicReference<>(new Binding[0]);

    private final PooledMessage[] held;
    private final RunSupplier run = new RunSupplier();
    private int size;
    private ObjectPool<?> firstPool;
    private boolean onePool;

    /** @param capacity freed messages held before a release flushes by itself; at least 1. */
    SingleThreadReleaseBatch(final int capacity)
    {
        if (capacity < 1)
        {
            throw new IllegalArgumentException("capacity: " + capacity + "; expected at least 1");
        }
        held = new PooledMessage[capacity];
    }

    /** Resets a freed message while it is hot in this thread's cache; one whose reset throws goes back all the same. */
    @Override
    public boolean release(final PooledMessage message)
    {
        return message.dropHeld() && hold(message);
    }

    @Override
    public boolean releaseDelivered(final PooledMessage message)
    {
        return message.dropQueued() && hold(message);
    }

    private boolean hold(final PooledMessage message)
    {
        if (size == held.length)
        {
            flush();
        }
        final ObjectPool<?> pool = message.pool();
        // Noted while the message is hot, so flushing a one-pool batch reads no message again.
        if (0 == size)
        {
            firstPool = pool;
            onePool = true;
        }
        else if (pool != firstPool)
        {
            onePool = false;
        }
        held[size++] = message;
        pool.prepareReturn(message);
        return true;
    }

    @Override
    public void bindToCurrentThread()
    {
        final Binding binding = new Binding(Thread.currentThread(), this);
        // Replaces the thread's binding, if any (without() of null leaves the array as it is).
        BOUND.updateAndGet(bound ->
            CopyOnWriteArrays.with(CopyOnWriteArrays.without(bound, bindingOf(bound, binding.thread)), binding));
    }

    /** Before the thread ends: a binding left behind keeps the thread and the batch reachable. */
    @Override
    public void unbindFromCurrentThread()
    {
        final Thread thread = Thread.currentThread();
        BOUND.updateAndGet(bound ->
        {
            final Binding current = bindingOf(bound, thread);
            return null != current && current.batch == this ? CopyOnWriteArrays.without(bound, current) : bound;
        });
    }

    /** A pool found empty: return what the current thread's batch holds, if it has one. */
    static int flushCurrentThreadBatch()
    {
        final Binding binding = bindingOf(BOUND.get(), Thread.currentThread());
        return null == binding ? 0 : binding.batch.flush();
    }

    private static Binding bindingOf(final Binding[] bound, final Thread thread)
    {
        for (final Binding binding : bound)
        {
            if (binding.thread == thread)
            {
                return binding;
            }
        }
        return null;
    }

    /** A thread and the batch bound to it; compared by identity, as {@link CopyOnWriteArrays#without} removes. */
    private static final class Binding
    {
        final Thread thread;
        final SingleThreadReleaseBatch batch;

        Binding(final Thread thread, final SingleThreadReleaseBatch batch)
        {
            this.thread = thread;
            this.batch = batch;
        }
    }

    @Override
    public int size()
    {
        return size;
    }

    @Override
    public int flush()
    {
        final int n = size;
        if (0 == n)
        {
            return 0;
        }
        size = 0;
        if (onePool)
        {
            firstPool.returnRun(held, 0, n, run);
            return n;
        }
        int start = 0;
        while (start < n)
        {
            final ObjectPool<?> pool = held[start].pool();
            int end = start + 1;
            while (end < n && held[end].pool() == pool)
            {
                end++;
            }
            pool.returnRun(held, start, end, run);
            start = end;
        }
        // The slots keep stale references: pooled messages live as long as their pool, and clearing costs a store each.
        return n;
    }
}
