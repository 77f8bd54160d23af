package io.mongoose.benchmarks.jmh;

import io.mongoose.internal.MessageAccess;
import io.mongoose.internal.ReleaseBatch;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.pool.PooledMessage;
import io.mongoose.pool.SingleThreadPoolCache;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.util.concurrent.TimeUnit;

/**
 * What does a pooled message cost compared with a new one? One operation takes a {@link Tick}, fills it and hands it
 * to a {@link Blackhole} (so the JIT can neither drop the object nor scalar-replace it), then gives it back.
 *
 * <ul>
 *     <li>{@link #acquireRelease}: {@code pool.acquire()}, fill, {@code release()}: the last reference puts it back on
 *     the pool's free list. Gated: {@code -prof gc} must show about 0 B/op.</li>
 *     <li>{@link #threadCacheAcquireRelease}: the same through a {@link SingleThreadPoolCache}, as a producer
 *     acquires: a plain pop from the cache, one free-list claim per refill batch. Gated like the first.</li>
 *     <li>{@link #batchedRelease}: acquire through the cache, release through a release batch (the agent's {@code ReleaseBatch})
 *     flushed every {@value #RELEASE_BATCH} messages, as an agent releases. Gated.</li>
 *     <li>{@link #allocate}: {@code new Tick()}, fill. The baseline: 40 B/op on a 64-bit JVM with compressed
 *     pointers (a 12-byte header; {@code PooledMessage}'s type id, pool link and reference count at 4 bytes each; two
 *     longs), every byte of it garbage for the collector.</li>
 * </ul>
 *
 * <p>Run with {@code scripts/jmh.sh -prof gc PoolBenchmark}; the time per operation matters less than
 * {@code gc.alloc.rate.norm}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
@State(Scope.Thread)
public class PoolBenchmark
{
    /** Small: one message is in flight at a time, and a small free list stays in cache as it would in a hot pool. */
    private static final int POOL_CAPACITY = 64;

    /** Messages per release-batch flush in {@link #batchedRelease}, about one agent drain. */
    static final int RELEASE_BATCH = 32;

    private ObjectPool<Tick> pool;
    private SingleThreadPoolCache<Tick> cache;
    private ReleaseBatch<PooledMessage> releases;
    private long sequence;

    /** Create the pool (and every instance it will ever hand out) before measuring. */
    @Setup(Level.Trial)
    public void createPool()
    {
        pool = new PoolRegistry("jmh-pool").register(Tick.class, Tick::new,
            PoolConfig.of(POOL_CAPACITY).failOnExhaustion());
        cache = pool.newThreadCache(RELEASE_BATCH);
        releases = MessageAccess.<PooledMessage>get().newReleaseBatch(RELEASE_BATCH);
    }

    /** Give back what the cache and the batch hold, so the pool ends the trial whole. */
    @TearDown(Level.Trial)
    public void closeCache()
    {
        releases.flush();
        cache.close();
        if (0 != pool.inFlight())
        {
            throw new IllegalStateException("pool lost messages: " + pool.stats());
        }
    }

    /**
     * Acquire through the thread cache, fill, release.
     *
     * @param blackhole keeps the message alive so the work cannot be removed.
     */
    @Benchmark
    @AllocationGated
    public void threadCacheAcquireRelease(final Blackhole blackhole)
    {
        final Tick tick = cache.acquire();
        tick.sequence = ++sequence;
        tick.value = sequence;
        blackhole.consume(tick);
        tick.release();
    }

    /**
     * Acquire through the thread cache, fill, release into a batch that goes back to the pool every
     * {@value #RELEASE_BATCH} messages.
     *
     * @param blackhole keeps the message alive so the work cannot be removed.
     */
    @Benchmark
    @AllocationGated
    public void batchedRelease(final Blackhole blackhole)
    {
        final Tick tick = cache.acquire();
        tick.sequence = ++sequence;
        tick.value = sequence;
        blackhole.consume(tick);
        releases.release(tick);
        if (releases.size() == RELEASE_BATCH)
        {
            releases.flush();
        }
    }

    /**
     * Acquire, fill, release: the pooled message's whole life on one thread.
     *
     * @param blackhole keeps the message alive so the work cannot be removed.
     */
    @Benchmark
    @AllocationGated
    public void acquireRelease(final Blackhole blackhole)
    {
        final Tick tick = pool.acquire();
        tick.sequence = ++sequence;
        tick.value = sequence;
        blackhole.consume(tick);
        tick.release();
    }

    /**
     * Baseline: the same message created with {@code new} and left to the garbage collector.
     *
     * @param blackhole makes the message escape, as a published message would.
     */
    @Benchmark
    public void allocate(final Blackhole blackhole)
    {
        final Tick tick = new Tick();
        tick.sequence = ++sequence;
        tick.value = sequence;
        blackhole.consume(tick);
    }
}
