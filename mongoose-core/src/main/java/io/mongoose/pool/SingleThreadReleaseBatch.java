package io.mongoose.pool;

import io.mongoose.internal.ReleaseBatch;

import java.util.concurrent.atomic.AtomicReference;

/**
 * Releases messages on one thread and returns the freed ones to their pools in runs: one claim on a pool's free list
 * per run of messages from that pool, instead of one atomic claim per message. Dispatch agents release every message
 * through one of these at the end of its dispatch and flush once per queue drain, which takes the free-list traffic
 * off the per-message path.
 *
 * <p>A message whose last reference is dropped here is free at once ({@code refCount() == 0}: retaining or releasing it
 * again fails as usual) and reset at once, but reaches its pool's free list at the next {@link #flush()}; until then its
 * pool counts it as in flight. The batch flushes by itself when it is full.
 *
 * <p>Threading: one thread only. Not thread-safe, and allocation-free after construction.
 */
final class SingleThreadReleaseBatch extends ReleaseBatch<PooledMessage>
{
    /**
     * The batch of each thread that owns one, so a pool found empty on that thread can return what the batch holds
     * first: a handler that acquires from the pool its own messages come from would otherwise wait for messages that
     * sit, already free, in its own agent's batch until the drain ends. Copied on bind and unbind (an agent's start and
     * stop), scanned by a pool found empty. Not a {@code ThreadLocal}: its {@code get()} on a thread that never bound a
     * batch inserts an entry, 32 bytes on a publisher's thread the first time its pool ran dry.
     */
    private static final AtomicReference<Binding[]> BOUND = new AtomicReference<>(new Binding[0]);

    private final PooledMessage[] held;
    private final RunSupplier run = new RunSupplier();
    private int size;
    private ObjectPool<?> firstPool;
    private boolean onePool;

    /**
     * @param capacity freed messages held before a release flushes by itself; at least 1.
     * @throws IllegalArgumentException if {@code capacity} is below 1.
     */
    SingleThreadReleaseBatch(final int capacity)
    {
        if (capacity < 1)
        {
            throw new IllegalArgumentException("capacity: " + capacity + "; expected at least 1");
        }
        held = new PooledMessage[capacity];
    }

    /**
     * Drop one reference to {@code message}; if it was the last, reset the message (while it is still hot in this
     * thread's cache) and hold it for the next {@link #flush()}.
     *
     * @param message a message this thread holds a reference to.
     * @return {@code true} if this call dropped the last reference.
     * @throws IllegalStateException as {@link PooledMessage#release()} does for a release without a matching reference.
     * @throws RuntimeException      whatever the message's {@code reset()} threw; the message is held and goes back to
     *                               its pool at the next flush all the same.
     */
    @Override
    public boolean release(final PooledMessage message)
    {
        return message.dropHeld() && hold(message);
    }

    /**
     * As {@link #release(PooledMessage)}, for the reference a feed's queue held for delivery: what a dispatch agent
     * drops once every subscriber has handled the message.
     *
     * @param message a message this thread took from a feed's queue.
     * @return {@code true} if this call dropped the last reference.
     * @throws IllegalStateException if no queue holds a reference to it.
     * @throws RuntimeException      whatever the message's {@code reset()} threw, as for {@link #release(PooledMessage)}.
     */
    @Override
    public boolean releaseDelivered(final PooledMessage message)
    {
        return message.dropQueued() && hold(message);
    }

    /** The last reference of {@code message} is gone: reset it and hold it for the flush. */
    private boolean hold(final PooledMessage message)
    {
        if (size == held.length)
        {
            flush();
        }
        final ObjectPool<?> pool = message.pool();
        // Noted now, while the message is hot, so a flush of a one-pool batch (the usual case) reads no message again.
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

    /**
     * Make this batch the one {@link ObjectPool} flushes when an acquire on the current thread finds the pool empty,
     * before its exhaustion policy applies. Call on the thread that releases through this batch; allocation-free on
     * the acquire path afterwards.
     */
    @Override
    public void bindToCurrentThread()
    {
        final Binding binding = new Binding(Thread.currentThread(), this);
        // Replaces the thread's binding, if it had one (without() of null leaves the array as it is).
        BOUND.updateAndGet(bound ->
            CopyOnWriteArrays.with(CopyOnWriteArrays.without(bound, bindingOf(bound, binding.thread)), binding));
    }

    /**
     * Undo {@link #bindToCurrentThread()} if this batch is the current thread's. Call it before the thread ends: a
     * binding left behind keeps the thread and the batch reachable.
     */
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

    /** The exhaustion path of a pool: return what the current thread's batch holds, if it has one. */
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

    /**
     * @return freed messages held, not yet returned to their pools.
     */
    @Override
    public int size()
    {
        return size;
    }

    /**
     * Return every held message to its pool, a run of same-pool messages at a time.
     *
     * @return messages returned.
     */
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
        // The slots keep stale references on purpose: pooled messages live as long as their pool, and clearing would
        // cost a store per message.
        return n;
    }
}
