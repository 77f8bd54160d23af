package io.mongoose.pool;

import org.jctools.queues.SpscArrayQueue;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * One thread acquires, another releases, ten million times, directly and through a thread cache and a release batch: nothing is lost and no instance is ever handed out while
 * it is still in use. Wait loops yield so the test passes on a loaded two-core machine; the deadline only stops a
 * broken run from hanging and nothing asserts on how long anything took.
 */
class CrossThreadPoolTest
{
    private static final long CYCLES = 10_000_000L;
    private static final int CAPACITY = 1024;
    private static final int BATCH = 32;
    private static final Duration DEADLINE = Duration.ofMinutes(10);

    /** A message that knows whether some thread is using it. */
    private static final class MarkedMessage extends PooledMessage
    {
        final AtomicBoolean inUse = new AtomicBoolean();
        long sequence = -1;
        long resets;

        @Override
        protected void reset()
        {
            sequence = -1;
            resets++;
        }
    }

    /**
     * How the two threads use the pool: directly, or as a producer and an agent do (thread cache, release batch), with
     * a cache and a batch of the same size, or with the sizes of the latency sweep (a producer cache of 64, a drain's
     * batch of 256).
     */
    enum Path
    {
        DIRECT(0, 0), CACHED_AND_BATCHED(BATCH, BATCH), CACHED_AND_BATCHED_AS_IN_THE_SWEEP(64, 256);

        final int cacheBatch;
        final int releaseBatch;

        Path(final int cacheBatch, final int releaseBatch)
        {
            this.cacheBatch = cacheBatch;
            this.releaseBatch = releaseBatch;
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Path.class)
    void acquireOnOneThreadReleaseOnAnotherLosesNothingAndNeverHandsOutTwice(final Path path)
        throws InterruptedException
    {
        final boolean batched = Path.DIRECT != path;
        final ObjectPool<MarkedMessage> pool = new ObjectPool<>(
            "cross", MarkedMessage.class, MarkedMessage::new, PoolConfig.of(CAPACITY).waitOnExhaustion(DEADLINE));
        final SpscArrayQueue<MarkedMessage> handOff = new SpscArrayQueue<>(CAPACITY);
        final long deadline = System.nanoTime() + DEADLINE.toNanos();
        final AtomicBoolean abort = new AtomicBoolean();
        final AtomicReference<String> failure = new AtomicReference<>();
        final AtomicLong produced = new AtomicLong();
        final AtomicLong consumed = new AtomicLong();
        final AtomicLong duplicates = new AtomicLong();

        final Thread acquirer = new Thread(() ->
        {
            final SingleThreadPoolCache<MarkedMessage> cache = batched ? pool.newThreadCache(path.cacheBatch) : null;
            try
            {
                for (long i = 0; i < CYCLES && !abort.get(); i++)
                {
                    final MarkedMessage m = batched ? cache.acquire() : pool.acquire();
                    if (m.refCount() != 1)
                    {
                        fail(failure, abort, "cycle " + i + ": acquired with refCount " + m.refCount());
                        return;
                    }
                    if (!m.inUse.compareAndSet(false, true))
                    {
                        duplicates.incrementAndGet();
                        fail(failure, abort, "cycle " + i + ": handed out while still in use (duplicate)");
                        return;
                    }
                    if (m.sequence != -1)
                    {
                        fail(failure, abort, "cycle " + i + ": acquired without reset, sequence " + m.sequence);
                        return;
                    }
                    m.sequence = i;
                    while (!handOff.offer(m))
                    {
                        if (abort.get() || System.nanoTime() - deadline > 0)
                        {
                            fail(failure, abort, "cycle " + i + ": gave up offering to the releaser");
                            return;
                        }
                        Thread.yield();
                    }
                    produced.incrementAndGet();
                }
            }
            catch (final Throwable t)
            {
                fail(failure, abort, "acquirer: " + t);
            }
            finally
            {
                if (batched)
                {
                    cache.close();
                }
            }
        }, "cross-acquirer");

        final Thread releaser = new Thread(() ->
        {
            final SingleThreadReleaseBatch releases = new SingleThreadReleaseBatch(batched ? path.releaseBatch : 1);
            try
            {
                long expected = 0;
                while (expected < CYCLES)
                {
                    final MarkedMessage m = handOff.poll();
                    if (null == m)
                    {
                        releases.flush();
                        if (abort.get() || System.nanoTime() - deadline > 0)
                        {
                            fail(failure, abort, "releaser gave up waiting for cycle " + expected);
                            return;
                        }
                        Thread.yield();
                        continue;
                    }
                    if (m.sequence != expected)
                    {
                        fail(failure, abort, "expected cycle " + expected + " but got " + m.sequence + " (lost)");
                        return;
                    }
                    if (!m.inUse.compareAndSet(true, false))
                    {
                        fail(failure, abort, "cycle " + expected + ": in-use marker was clear before release");
                        return;
                    }
                    if (!(batched ? releases.release(m) : m.release()))
                    {
                        fail(failure, abort, "cycle " + expected + ": release did not return it to the pool");
                        return;
                    }
                    consumed.incrementAndGet();
                    expected++;
                }
                releases.flush();
            }
            catch (final Throwable t)
            {
                fail(failure, abort, "releaser: " + t);
            }
        }, "cross-releaser");

        releaser.start();
        acquirer.start();
        acquirer.join(DEADLINE.toMillis() + 60_000);
        releaser.join(60_000);
        if (acquirer.isAlive() || releaser.isAlive())
        {
            abort.set(true);
            acquirer.join(60_000);
            releaser.join(60_000);
            fail(failure, abort, "threads still running after the deadline");
        }

        assertNull(failure.get());
        assertFalse(acquirer.isAlive());
        assertFalse(releaser.isAlive());
        assertEquals(CYCLES, produced.get());
        assertEquals(CYCLES, consumed.get());
        assertEquals(0, duplicates.get());
        assertEquals(CAPACITY, pool.free());
        assertEquals(CAPACITY, pool.created());
        assertEquals(0, pool.inFlight());
        final PoolStats stats = pool.stats();
        assertEquals(0, stats.invalidReleases());
        assertEquals(0, stats.retired());
        assertEquals(CAPACITY, stats.free());
        assertEquals(0, stats.inFlight());

        // Every instance is in the free list exactly once and all of them together were reset once per cycle.
        final Set<MarkedMessage> distinct = Collections.newSetFromMap(new IdentityHashMap<>());
        final List<MarkedMessage> all = new ArrayList<>();
        for (int i = 0; i < CAPACITY; i++)
        {
            final MarkedMessage m = pool.tryAcquire();
            all.add(m);
            distinct.add(m);
        }
        assertNull(pool.tryAcquire());
        assertEquals(CAPACITY, distinct.size());
        long resets = 0;
        for (final MarkedMessage m : all)
        {
            assertFalse(m.inUse.get());
            resets += m.resets;
            m.release();
        }
        assertEquals(CYCLES, resets);
        assertEquals(CAPACITY, pool.free());
    }

    private static void fail(final AtomicReference<String> failure, final AtomicBoolean abort, final String why)
    {
        failure.compareAndSet(null, why);
        abort.set(true);
    }
}
