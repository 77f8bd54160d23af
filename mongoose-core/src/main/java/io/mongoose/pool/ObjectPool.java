package io.mongoose.pool;

import io.mongoose.internal.Backoff;
import org.jctools.queues.MessagePassingQueue;
import org.jctools.queues.MpmcArrayQueue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * A fixed-capacity pool of one message type, every instance created up front, shared by all threads through an MPMC
 * free list; when it is empty {@link #acquire()} follows the {@link ExhaustionPolicy}.
 */
public final class ObjectPool<T extends PooledMessage>
{
    static
    {
        // Linked here rather than on the acquiring thread at its first WAIT.
        Backoff.link();
    }

    private final String name;
    private final Class<T> type;
    private final Supplier<? extends T> factory;
    private final PoolConfig config;
    private final MpmcArrayQueue<T> freeList;
    private final AtomicLong created = new AtomicLong();
    private final AtomicLong exhausted = new AtomicLong();
    private final AtomicLong retired = new AtomicLong();
    private final AtomicLong invalidReleases = new AtomicLong();
    // Copy-on-write: stats read it without allocating or locking.
    private final AtomicReference<SingleThreadPoolCache<?>[]> caches =
        new AtomicReference<>(new SingleThreadPoolCache<?>[0]);
    // With leak detection on (else null), every message out and its acquisition site, so a scan visits only those.
    private final ConcurrentHashMap<Identity, AcquisitionSite> outstanding;

    /** Creates the pool and its instances with {@code factory}, which {@link ExhaustionPolicy#GROW} calls again. */
    public ObjectPool(
        final String name, final Class<T> type, final Supplier<? extends T> factory, final PoolConfig config)
    {
        this.name = Objects.requireNonNull(name, "name: null; expected a pool name");
        this.type = Objects.requireNonNull(type, "type: null; expected a PooledMessage subclass");
        this.factory = Objects.requireNonNull(factory, "factory: null; expected a supplier of new " + type.getName());
        this.config = Objects.requireNonNull(config, "config: null; expected a PoolConfig");
        this.freeList = new MpmcArrayQueue<>(Math.max(2, config.capacity()));
        this.outstanding = LeakDetection.ENABLED ? new ConcurrentHashMap<>() : null;
        for (int i = 0; i < config.capacity(); i++)
        {
            if (!freeList.offer(newInstance()))
            {
                throw new IllegalStateException("pool '" + name + "': free list refused instance " + i);
            }
        }
    }

    /** @return a reset message holding the caller's one reference; allocation-free unless the pool grows. */
    public T acquire()
    {
        T message = freeList.poll();
        if (null == message)
        {
            message = onEmpty();
        }
        handOut(message);
        return message;
    }

    /** @return a message holding one reference, or {@code null} (counted as exhaustion), never growing or waiting. */
    public T tryAcquire()
    {
        T message = freeList.poll();
        if (null == message)
        {
            message = pollAfterFlushingOwnBatch();
        }
        if (null == message)
        {
            exhausted.incrementAndGet();
            return null;
        }
        handOut(message);
        return message;
    }

    /** @return a cache for the calling thread refilling up to {@code batch} (1 to capacity) messages at a time. */
    public SingleThreadPoolCache<T> newThreadCache(final int batch)
    {
        if (batch < 1 || batch > config.capacity())
        {
            throw new IllegalArgumentException("pool '" + name + "': batch " + batch + "; expected 1 to the pool's " +
                "capacity (" + config.capacity() + ")");
        }
        final SingleThreadPoolCache<T> cache = new SingleThreadPoolCache<>(this, batch);
        caches.updateAndGet(current -> CopyOnWriteArrays.with(current, cache));
        return cache;
    }

    /** A ring of {@code size} (a power of two) messages off the free list, in flight until it closes; all or none. */
    SpscMessageRing<T> newSpscRing(final int size)
    {
        if (size < 1 || size > config.capacity() || Integer.bitCount(size) != 1)
        {
            throw new IllegalArgumentException("pool '" + name + "': SPSC ring size " + size + "; expected a power " +
                "of two from 1 to the pool's capacity (" + config.capacity() + ")");
        }
        final PooledMessage[] slots = new PooledMessage[size];
        for (int i = 0; i < size; i++)
        {
            final T message = freeList.poll();
            if (null == message)
            {
                Arrays.stream(slots, 0, i).forEach(this::returnUnused);
                throw new IllegalStateException("pool '" + name + "': only " + i + " free messages for an SPSC ring " +
                    "of " + size + "; expected a ring no larger than the free messages (" + free() + " now, " +
                    "capacity " + config.capacity() + ")");
            }
            message.setRingReference();
            slots[i] = message;
        }
        return new SpscMessageRing<>(this, slots);
    }

    /** @return the pool's name. */
    public String name()
    {
        return name;
    }

    /** @return the message type this pool holds. */
    public Class<T> type()
    {
        return type;
    }

    /** @return the configuration the pool was built with. */
    public PoolConfig config()
    {
        return config;
    }

    /** @return instances ever created. */
    public long created()
    {
        return created.get();
    }

    /** @return free instances, on the free list or in a {@link SingleThreadPoolCache}; exact when none moves. */
    public long free()
    {
        return freeList.size() + cachedInThreadCaches();
    }

    /** @return instances handed out and not yet back; exact when none moves. */
    public long inFlight()
    {
        return created.get() - retired.get() - free();
    }

    /** @return acquires that found the pool empty. */
    public long exhaustedCount()
    {
        return exhausted.get();
    }

    /** @return a snapshot of every counter. */
    public PoolStats stats()
    {
        final long free = free();
        final long live = created.get() - retired.get();
        return new PoolStats(
            name, config.capacity(), created.get(), free, live - free, exhausted.get(), retired.get(),
            invalidReleases.get());
    }

    /** @return the messages in flight acquired at least {@code age} ago, oldest first; empty without leak detection. */
    public List<LeakReport> inFlightOlderThan(final Duration age)
    {
        return inFlightOlderThan(age, System.nanoTime());
    }

    /** As {@link #inFlightOlderThan(Duration)}, with ages up to {@code nowNanos}, one instant for several pools. */
    public List<LeakReport> inFlightOlderThan(final Duration age, final long nowNanos)
    {
        Objects.requireNonNull(age, "age: null; expected a non-negative duration");
        if (age.isNegative())
        {
            throw new IllegalArgumentException("age: " + age + "; expected a non-negative duration");
        }
        if (!LeakDetection.ENABLED)
        {
            return List.of();
        }
        final long minAgeNanos = age.toNanos();
        final List<LeakReport> found = new ArrayList<>();
        outstanding.forEach((key, site) ->
        {
            final int refCount = key.message().refCount();
            final long ageNanos = nowNanos - site.acquiredNanos;
            // A count of 0: its last release is removing it right now.
            if (refCount > 0 && ageNanos >= minAgeNanos)
            {
                found.add(new LeakReport(name, key.message().getClass().getName(), Duration.ofNanos(ageNanos), refCount,
                    site.threadName, callerFrames(site)));
            }
        });
        found.sort((a, b) -> b.age().compareTo(a.age()));
        return found;
    }

    @Override
    public String toString()
    {
        return "ObjectPool" + stats();
    }

    void recycle(final PooledMessage message)
    {
        if (LeakDetection.ENABLED)
        {
            // Before the free list, so the next acquire's entry comes after this removal.
            outstanding.remove(new Identity(message));
        }
        try
        {
            message.reset();
        }
        finally
        {
            // Only instances this pool created come back here.
            @SuppressWarnings("unchecked") final T typed = (T)message;
            if (freeListFull() || !freeList.offer(typed))
            {
                retired.incrementAndGet();
            }
        }
    }

    /** A freed message on its way back through a {@link SingleThreadReleaseBatch}, before it reaches the free list. */
    void prepareReturn(final PooledMessage message)
    {
        if (LeakDetection.ENABLED)
        {
            outstanding.remove(new Identity(message));
        }
        message.reset();
    }

    /** Put {@code messages[from, to)}, prepared, on the free list with one claim (a batch {@code fill}). */
    void returnRun(final PooledMessage[] messages, final int from, final int to, final RunSupplier run)
    {
        int next = from;
        if (!grown())
        {
            // Not grown: the free list has room for every instance.
            @SuppressWarnings("unchecked") final MessagePassingQueue.Supplier<T> typed =
                (MessagePassingQueue.Supplier<T>)(MessagePassingQueue.Supplier<?>)run;
            run.start(messages, from);
            while (next < to && freeList.fill(typed, to - next) > 0)
            {
                next = run.next();
            }
        }
        for (; next < to; next++)
        {
            // A grown pool, or a fill that found no room: one at a time, retiring what does not fit.
            @SuppressWarnings("unchecked") final T typed = (T)messages[next];
            if (freeListFull() || !freeList.offer(typed))
            {
                retired.incrementAndGet();
            }
        }
    }

    /** Every message leaves the pool through here. */
    void handOut(final T message)
    {
        if (LeakDetection.ENABLED)
        {
            recordAcquisition(message);
        }
        message.setFirstReference();
    }

    /** As {@link #acquire()}, for a ring slot whose message a handler kept; not recorded, as the ring holds it. */
    T acquireForRing()
    {
        T message = freeList.poll();
        if (null == message)
        {
            message = onEmpty();
        }
        message.setRingReference();
        return message;
    }

    /** A thread cache's refill: up to {@code max} free messages. */
    int refill(final MessagePassingQueue.Consumer<T> into, final int max)
    {
        return freeList.drain(into, max);
    }

    /** A closing thread cache gives back a message it never handed out (no reference, already reset). */
    void returnUnused(final PooledMessage message)
    {
        @SuppressWarnings("unchecked") final T typed = (T)message;
        if (freeListFull() || !freeList.offer(typed))
        {
            retired.incrementAndGet();
        }
    }

    void detach(final SingleThreadPoolCache<T> cache)
    {
        caches.updateAndGet(current -> CopyOnWriteArrays.without(current, cache));
    }

    private long cachedInThreadCaches()
    {
        long cached = 0;
        for (final SingleThreadPoolCache<?> cache : caches.get())
        {
            cached += cache.cached();
        }
        return cached;
    }

    private boolean grown()
    {
        return created.get() - retired.get() > config.capacity();
    }

    /** The queue's power-of-two size lets an offer pass {@code capacity}, which only a grown pool (racily) reaches. */
    private boolean freeListFull()
    {
        return grown() && free() >= config.capacity();
    }

    void countInvalidRelease()
    {
        invalidReleases.incrementAndGet();
    }

    /** Messages freed through this thread's release batch and not yet returned: return them and look again. */
    private T pollAfterFlushingOwnBatch()
    {
        final int back = SingleThreadReleaseBatch.flushCurrentThreadBatch();
        return back > 0 ? freeList.poll() : null;
    }

    private T onEmpty()
    {
        final T flushed = pollAfterFlushingOwnBatch();
        if (null != flushed)
        {
            return flushed;
        }
        exhausted.incrementAndGet();
        // Not a switch: a switch on an enum loads a class of its own on the acquiring thread at first use.
        final ExhaustionPolicy policy = config.exhaustionPolicy();
        if (ExhaustionPolicy.WAIT == policy)
        {
            return awaitRelease();
        }
        if (ExhaustionPolicy.GROW == policy)
        {
            return newInstance();
        }
        throw exhaustedError("policy FAIL");
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

    /** Before {@code setFirstReference}, so a scan that sees the count above 0 also finds the entry. */
    private void recordAcquisition(final PooledMessage message)
    {
        outstanding.put(new Identity(message), new AcquisitionSite());
    }

    /** The acquisition stack without the pool's own frames: the first frame is the code that called acquire. */
    private static List<StackTraceElement> callerFrames(final AcquisitionSite site)
    {
        final StackTraceElement[] frames = site.getStackTrace();
        int first = 0;
        while (first < frames.length && frames[first].getClassName().equals(ObjectPool.class.getName()))
        {
            first++;
        }
        return Arrays.asList(frames).subList(first, frames.length);
    }

    private PoolExhaustedException exhaustedError(final String why)
    {
        return new PoolExhaustedException(
            "pool '" + name + "' (" + type.getName() + ") exhausted: " + why + "; capacity " + config.capacity() +
            ", in flight " + inFlight() + ". Raise capacity, release messages sooner, or choose policy GROW/WAIT");
    }

    /** A message as a map key by identity: user message classes may define {@code equals}. */
    private record Identity(PooledMessage message)
    {
        @Override
        public boolean equals(final Object other)
        {
            return other instanceof Identity that && that.message == message;
        }

        @Override
        public int hashCode()
        {
            return System.identityHashCode(message);
        }
    }
}
