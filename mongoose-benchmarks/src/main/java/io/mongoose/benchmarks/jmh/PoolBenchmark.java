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
 * What does a pooled message cost compared with a new one? One operation takes a {@link Tick}, fills it, hands it to a
 * {@link Blackhole} and gives it back: through the pool ({@link #acquireRelease}), through a
 * {@link SingleThreadPoolCache} ({@link #threadCacheAcquireRelease}), through the cache with a release batch flushed
 * every {@value #RELEASE_BATCH} messages as an agent releases ({@link #batchedRelease}); all gated. The baseline
 * {@link #allocate} allocates the whole message per operation, every byte of it garbage.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
@State(Scope.Thread)
public class PoolBenchmark
{
    private static final int POOL_CAPACITY = 64;
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
     * @param blackhole keeps the message alive.
     */
    @Benchmark
    @AllocationGated
    public void threadCacheAcquireRelease(final Blackhole blackhole)
    {
        final Tick tick = fill(cache.acquire());
        blackhole.consume(tick);
        tick.release();
    }

    /**
     * Acquire through the thread cache, fill, release into a batch flushed every {@value #RELEASE_BATCH} messages.
     *
     * @param blackhole keeps the message alive.
     */
    @Benchmark
    @AllocationGated
    public void batchedRelease(final Blackhole blackhole)
    {
        final Tick tick = fill(cache.acquire());
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
     * @param blackhole keeps the message alive.
     */
    @Benchmark
    @AllocationGated
    public void acquireRelease(final Blackhole blackhole)
    {
        final Tick tick = fill(pool.acquire());
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
        blackhole.consume(fill(new Tick()));
    }

    private Tick fill(final Tick tick)
    {
        tick.sequence = ++sequence;
        tick.value = sequence;
        return tick;
    }
}
