package io.mongoose.pool;

import io.mongoose.internal.MessageTypes;
import io.mongoose.testing.Await;
import io.mongoose.testing.OtherMessage;
import io.mongoose.testing.SeqMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ObjectPoolTest
{
    private static final String SEQ = SeqMessage.class.getName();

    private static ObjectPool<SeqMessage> pool(final String name, final PoolConfig config)
    {
        return new ObjectPool<>(name, SeqMessage.class, SeqMessage::new, config);
    }

    private static ObjectPool<SeqMessage> growing(final String name, final int capacity)
    {
        return pool(name, PoolConfig.of(capacity).growOnExhaustion());
    }

    private static Set<SeqMessage> identitySet()
    {
        return Collections.newSetFromMap(new IdentityHashMap<>());
    }

    // ---------------------------------------------------------------------------------------------- reference counts

    @Test
    void acquireHandsOutOneReferenceBoundToThePool()
    {
        final ObjectPool<SeqMessage> pool = pool("seq", PoolConfig.of(4));

        final SeqMessage m = pool.acquire();

        assertEquals(1, m.refCount());
        assertSame(pool, m.pool());
        assertEquals(MessageTypes.idOf(SeqMessage.class), ((PooledMessage)m).typeId);
        assertEquals(3, pool.free());
        assertEquals(1, pool.inFlight());
    }

    @Test
    void freshInstancesInThePoolHoldNoReference()
    {
        final ObjectPool<SeqMessage> pool = pool("seq", PoolConfig.of(2));
        final SeqMessage a = pool.acquire();
        final SeqMessage b = pool.acquire();

        assertEquals(1, a.refCount());
        assertEquals(1, b.refCount());
        assertTrue(a.release());
        assertTrue(b.release());
        assertEquals(0, a.refCount());
        assertEquals(0, b.refCount());
    }

    @Test
    void retainAndReleaseCountReferencesAndOnlyTheLastReleaseRecycles()
    {
        final ObjectPool<SeqMessage> pool = pool("seq", PoolConfig.of(4));
        final SeqMessage m = pool.acquire();
        m.producer = 7;
        m.sequence = 42;

        m.retain();
        assertEquals(2, m.refCount());
        m.retain(3);
        assertEquals(5, m.refCount());

        for (int expected = 4; expected >= 1; expected--)
        {
            assertFalse(m.release(), "release down to " + expected + " must not recycle");
            assertEquals(expected, m.refCount());
            assertEquals(0, m.resets, "reset must not run before the last release");
            assertEquals(7, m.producer);
            assertEquals(42, m.sequence);
            assertEquals(3, pool.free());
            assertEquals(1, pool.inFlight());
        }

        assertTrue(m.release(), "the last release recycles");
        assertEquals(0, m.refCount());
        assertEquals(1, m.resets);
        assertEquals(-1, m.producer);
        assertEquals(-1, m.sequence);
        assertEquals(4, pool.free());
        assertEquals(0, pool.inFlight());
    }

    @Test
    void lastReleaseReturnsTheSameInstanceForTheNextAcquire()
    {
        final ObjectPool<SeqMessage> pool = pool("single", PoolConfig.of(1));
        final SeqMessage first = pool.acquire();
        assertEquals(0, pool.free());

        assertTrue(first.release());
        assertEquals(1, pool.free());

        final SeqMessage second = pool.acquire();
        assertSame(first, second);
        assertEquals(1, second.refCount());
        assertEquals(1, second.resets);
        assertEquals(0, pool.free());
        assertEquals(1, pool.created());
    }

    @Test
    void everyInstanceComesBackAfterARoundTrip()
    {
        final ObjectPool<SeqMessage> pool = pool("seq", PoolConfig.of(8));
        final Set<SeqMessage> firstRound = identitySet();
        for (int i = 0; i < 8; i++)
        {
            firstRound.add(pool.acquire());
        }
        assertEquals(8, firstRound.size());
        for (final SeqMessage m : firstRound)
        {
            assertTrue(m.release());
        }
        assertEquals(8, pool.free());

        final Set<SeqMessage> secondRound = identitySet();
        for (int i = 0; i < 8; i++)
        {
            secondRound.add(pool.acquire());
        }
        assertEquals(firstRound, secondRound, "the pool must hand out the same 8 instances again, no new ones");
        assertEquals(8, pool.created());
    }

    @Test
    void aResetHookThatThrowsStillReturnsTheMessageToThePool()
    {
        final class FailingReset extends PooledMessage
        {
            @Override
            protected void reset()
            {
                throw new IllegalStateException("reset failed");
            }
        }
        final ObjectPool<FailingReset> pool = new ObjectPool<>("failing", FailingReset.class, FailingReset::new,
            PoolConfig.of(1));
        final FailingReset m = pool.acquire();

        final IllegalStateException ex = assertThrows(IllegalStateException.class, m::release);

        assertEquals("reset failed", ex.getMessage());
        assertEquals(0, m.refCount());
        assertEquals(new PoolStats("failing", 1, 1, 1, 0, 0, 0, 0), pool.stats());
        assertSame(m, pool.acquire());
    }

    // ---------------------------------------------------------------------------------------------- misuse

    @Test
    void doubleReleaseThrowsCountsAndDoesNotDuplicateTheFreeListEntry()
    {
        final int capacity = 4;
        final ObjectPool<SeqMessage> pool = pool("dbl", PoolConfig.of(capacity));
        final SeqMessage m = pool.acquire();
        assertTrue(m.release());
        assertEquals(capacity, pool.free());

        final IllegalStateException ex = assertThrows(IllegalStateException.class, m::release);

        assertTrue(ex.getMessage().startsWith("release of " + SEQ + "@"), ex.getMessage());
        assertTrue(ex.getMessage().contains(" from pool 'dbl' without a matching reference (refCount=0)"),
            ex.getMessage());
        assertEquals(1, pool.stats().invalidReleases());
        assertEquals(0, m.refCount());
        assertEquals(1, m.resets, "reset must not run again on an invalid release");
        assertEquals(capacity, pool.free());

        final Set<SeqMessage> handedOut = identitySet();
        for (int i = 0; i < capacity; i++)
        {
            handedOut.add(pool.acquire());
        }
        assertEquals(capacity, handedOut.size(), "an instance was handed out twice");
        assertEquals(0, pool.free());
        assertNull(pool.tryAcquire(), "the free list held an extra (duplicate) entry");
        assertEquals(capacity, pool.created());
    }

    @Test
    void everyInvalidReleaseIsCounted()
    {
        final ObjectPool<SeqMessage> pool = pool("dbl", PoolConfig.of(2));
        final SeqMessage m = pool.acquire();
        m.release();
        for (int i = 0; i < 3; i++)
        {
            assertThrows(IllegalStateException.class, m::release);
        }
        assertEquals(3, pool.stats().invalidReleases());
        assertEquals(2, pool.free());
        assertEquals(0, pool.inFlight());
    }

    @Test
    void releaseOfAMessageThatWasNeverPooledThrows()
    {
        final SeqMessage loose = new SeqMessage();

        final IllegalStateException ex = assertThrows(IllegalStateException.class, loose::release);

        assertTrue(ex.getMessage().startsWith("release of " + SEQ + "@"), ex.getMessage());
        assertTrue(ex.getMessage().contains(" (no pool) without a matching reference (refCount=0)"), ex.getMessage());
    }

    @Test
    void retainOfAFreeMessageThrowsAndLeavesItFree()
    {
        final ObjectPool<SeqMessage> pool = pool("ret", PoolConfig.of(2));
        final SeqMessage m = pool.acquire();
        m.release();

        final IllegalStateException one = assertThrows(IllegalStateException.class, m::retain);
        final IllegalStateException many = assertThrows(IllegalStateException.class, () -> m.retain(2));

        for (final IllegalStateException ex : List.of(one, many))
        {
            assertTrue(ex.getMessage().startsWith("retain of " + SEQ + "@"), ex.getMessage());
            assertTrue(ex.getMessage().contains(" from pool 'ret' that holds no reference (refCount=0)"),
                ex.getMessage());
        }
        assertEquals(0, m.refCount());
        assertEquals(2, pool.free());
        assertEquals(0, pool.stats().invalidReleases(), "a refused retain is not a release");
    }

    @Test
    void retainOfANonPositiveCountThrowsAndChangesNothing()
    {
        final ObjectPool<SeqMessage> pool = pool("ret", PoolConfig.of(2));
        final SeqMessage m = pool.acquire();

        final IllegalArgumentException zero = assertThrows(IllegalArgumentException.class, () -> m.retain(0));
        final IllegalArgumentException negative = assertThrows(IllegalArgumentException.class, () -> m.retain(-3));

        assertEquals("count: 0; expected 1 to 65535", zero.getMessage());
        assertEquals("count: -3; expected 1 to 65535", negative.getMessage());
        assertEquals(1, m.refCount());
        assertTrue(m.release());
    }

    // ---------------------------------------------------------------------------------------------- exhaustion

    @Test
    void failPolicyThrowsAtOnceNamingThePool()
    {
        final ObjectPool<SeqMessage> pool = pool("fast", PoolConfig.of(2).failOnExhaustion());
        final SeqMessage a = pool.acquire();
        final SeqMessage b = pool.acquire();

        final PoolExhaustedException ex = assertThrows(PoolExhaustedException.class, pool::acquire);

        assertEquals("pool 'fast' (" + SEQ + ") exhausted: policy FAIL; capacity 2, in flight 2. Raise capacity, " +
            "release messages sooner, or choose policy GROW/WAIT", ex.getMessage());
        assertEquals(1, pool.exhaustedCount());
        assertEquals(new PoolStats("fast", 2, 2, 0, 2, 1, 0, 0), pool.stats());

        assertThrows(PoolExhaustedException.class, pool::acquire);
        assertEquals(2, pool.exhaustedCount());
        assertEquals(2, pool.created(), "FAIL must never create an instance");

        a.release();
        assertSame(a, pool.acquire(), "after a release the pool serves again");
        b.release();
    }

    @Test
    void growPolicyCreatesANewInstanceAndCountsIt()
    {
        final ObjectPool<SeqMessage> pool = growing("grow", 2);
        final SeqMessage a = pool.acquire();
        final SeqMessage b = pool.acquire();

        final SeqMessage c = pool.acquire();

        assertNotSame(a, c);
        assertNotSame(b, c);
        assertEquals(1, c.refCount());
        assertSame(pool, c.pool());
        assertEquals(new PoolStats("grow", 2, 3, 0, 3, 1, 0, 0), pool.stats());
    }

    @ParameterizedTest(name = "capacity {0}")
    @ValueSource(ints = {1, 2, 3, 5, 8, 100})
    void growPolicyRetiresTheSurplusSoFreeNeverExceedsCapacity(final int capacity)
    {
        final int extra = capacity + 2;
        final ObjectPool<SeqMessage> pool = growing("grow", capacity);
        final List<SeqMessage> held = new ArrayList<>();
        for (int i = 0; i < capacity + extra; i++)
        {
            held.add(pool.acquire());
        }
        assertEquals(new PoolStats("grow", capacity, capacity + extra, 0, capacity + extra, extra, 0, 0),
            pool.stats());

        for (final SeqMessage m : held)
        {
            assertTrue(m.release());
            assertTrue(pool.free() <= capacity, "free " + pool.free() + " exceeds capacity " + capacity);
        }

        assertEquals(new PoolStats("grow", capacity, capacity + extra, capacity, 0, extra, extra, 0), pool.stats());
        assertEquals(capacity, pool.free());
        assertEquals(0, pool.inFlight());

        // The pool serves exactly `capacity` retained instances before growing again.
        final Set<SeqMessage> again = identitySet();
        for (int i = 0; i < capacity; i++)
        {
            again.add(pool.acquire());
        }
        assertEquals(capacity, again.size());
        assertEquals(capacity + extra, pool.created(), "no growth while retained instances were free");
        pool.acquire();
        assertEquals(capacity + extra + 1, pool.created());
        assertEquals(extra + 1, pool.exhaustedCount());
    }

    @Test
    void growPolicyReportsAFactoryThatFailsOnGrowth()
    {
        final int[] calls = {0};
        final ObjectPool<SeqMessage> pool = new ObjectPool<>("grow", SeqMessage.class,
            () -> ++calls[0] <= 2 ? new SeqMessage() : null,
            PoolConfig.of(2).growOnExhaustion());
        pool.acquire();
        pool.acquire();

        final IllegalStateException ex = assertThrows(IllegalStateException.class, pool::acquire);

        assertEquals("pool 'grow': factory returned null; expected a new " + SEQ, ex.getMessage());
        assertEquals(2, pool.created());
        assertEquals(1, pool.exhaustedCount());
    }

    @Test
    void waitPolicySucceedsWhenAnotherThreadReleasesDuringTheWait() throws InterruptedException
    {
        final ObjectPool<SeqMessage> pool = pool("wait", PoolConfig.of(1).waitOnExhaustion(Await.GENEROUS));
        final SeqMessage held = pool.acquire();
        final AtomicReference<Throwable> releaserFailure = new AtomicReference<>();
        final CountDownLatch released = new CountDownLatch(1);
        final Thread releaser = new Thread(() ->
        {
            try
            {
                // The acquirer has found the pool empty and is waiting once exhaustion has been counted.
                Await.until("the acquirer to find the pool empty", () -> pool.exhaustedCount() == 1);
                held.release();
                released.countDown();
            }
            catch (final Throwable t)
            {
                releaserFailure.set(t);
            }
        }, "pool-releaser");
        releaser.start();

        final SeqMessage acquired = pool.acquire();

        releaser.join(Await.GENEROUS.toMillis());
        assertNull(releaserFailure.get());
        assertTrue(released.await(0, TimeUnit.MILLISECONDS));
        assertSame(held, acquired);
        assertEquals(1, acquired.refCount());
        assertEquals(1, acquired.resets);
        assertEquals(new PoolStats("wait", 1, 1, 0, 1, 1, 0, 0), pool.stats());
    }

    @Test
    void waitPolicyGivesUpAfterMaxWaitWhenNobodyReleases()
    {
        final ObjectPool<SeqMessage> pool = pool("wait", PoolConfig.of(1).waitOnExhaustion(Duration.ofMillis(20)));
        pool.acquire();

        final PoolExhaustedException ex = assertThrows(PoolExhaustedException.class, pool::acquire);

        assertEquals("pool 'wait' (" + SEQ + ") exhausted: policy WAIT gave up after 20 ms; capacity 1, in flight 1. " +
            "Raise capacity, release messages sooner, or choose policy GROW/WAIT", ex.getMessage());
        assertEquals(1, pool.exhaustedCount());
        assertEquals(1, pool.created(), "WAIT must never create an instance");
    }

    @Test
    void waitPolicyWithZeroMaxWaitFailsWithoutWaiting()
    {
        final ObjectPool<SeqMessage> pool = pool("wait0", PoolConfig.of(1).waitOnExhaustion(Duration.ZERO));
        pool.acquire();

        assertThrows(PoolExhaustedException.class, pool::acquire);
        assertEquals(1, pool.exhaustedCount());
    }

    @Test
    void tryAcquireReturnsNullWhenEmptyAndCountsExhaustionWhateverThePolicy()
    {
        for (final ExhaustionPolicy policy : ExhaustionPolicy.values())
        {
            final ObjectPool<SeqMessage> pool =
                pool("try-" + policy, onExhaustion(PoolConfig.of(1).waitOnExhaustion(Duration.ofMillis(1)), policy));
            final SeqMessage m = pool.tryAcquire();
            assertEquals(1, m.refCount(), policy.name());

            assertNull(pool.tryAcquire(), policy.name());
            assertNull(pool.tryAcquire(), policy.name());

            assertEquals(new PoolStats("try-" + policy, 1, 1, 0, 1, 2, 0, 0), pool.stats(), policy.name());
            assertTrue(m.release());
            assertSame(m, pool.tryAcquire(), policy.name());
        }
    }

    // ---------------------------------------------------------------------------------------------- stats

    @Test
    void statsAreExactAtEveryStep()
    {
        final ObjectPool<SeqMessage> pool = pool("stats", PoolConfig.of(4));
        assertEquals(new PoolStats("stats", 4, 4, 4, 0, 0, 0, 0), pool.stats());
        assertEquals(4, pool.created());
        assertEquals(4, pool.free());
        assertEquals(0, pool.inFlight());
        assertEquals(0, pool.exhaustedCount());

        final SeqMessage a = pool.acquire();
        final SeqMessage b = pool.acquire();
        final SeqMessage c = pool.acquire();
        assertEquals(new PoolStats("stats", 4, 4, 1, 3, 0, 0, 0), pool.stats());

        b.retain();
        b.release();
        assertEquals(new PoolStats("stats", 4, 4, 1, 3, 0, 0, 0), pool.stats(), "a retained release frees nothing");

        a.release();
        b.release();
        assertEquals(new PoolStats("stats", 4, 4, 3, 1, 0, 0, 0), pool.stats());
        assertEquals(1, pool.inFlight());

        pool.acquire();
        pool.acquire();
        pool.acquire();
        assertNull(pool.tryAcquire());
        assertEquals(new PoolStats("stats", 4, 4, 0, 4, 1, 0, 0), pool.stats());
        c.release();
        assertEquals(new PoolStats("stats", 4, 4, 1, 3, 1, 0, 0), pool.stats());
    }

    @Test
    void accessorsReportWhatThePoolWasBuiltWith()
    {
        final PoolConfig config = PoolConfig.of(3);
        final ObjectPool<SeqMessage> pool = pool("named", config);

        assertEquals("named", pool.name());
        assertSame(SeqMessage.class, pool.type());
        assertSame(config, pool.config());
        assertEquals("ObjectPool" + new PoolStats("named", 3, 3, 3, 0, 0, 0, 0), pool.toString());
    }

    // ---------------------------------------------------------------------------------------------- construction

    @Test
    void constructorRejectsAFactoryReturningNull()
    {
        final IllegalStateException ex = assertThrows(IllegalStateException.class,
            () -> new ObjectPool<>("p", SeqMessage.class, () -> null, PoolConfig.of(2)));

        assertEquals("pool 'p': factory returned null; expected a new " + SEQ, ex.getMessage());
    }

    @Test
    void constructorRejectsAFactoryReturningTheWrongType()
    {
        @SuppressWarnings("unchecked") final Supplier<SeqMessage> wrong =
            (Supplier<SeqMessage>)(Supplier<?>)(Supplier<OtherMessage>)OtherMessage::new;

        final IllegalStateException ex = assertThrows(IllegalStateException.class,
            () -> new ObjectPool<>("p", SeqMessage.class, wrong, PoolConfig.of(2)));

        assertEquals("pool 'p': factory returned " + OtherMessage.class.getName() + "; expected a new " + SEQ,
            ex.getMessage());
    }

    @Test
    void constructorRejectsAnInstanceOwnedByAnotherPool()
    {
        final ObjectPool<SeqMessage> other = pool("other", PoolConfig.of(1));
        final SeqMessage owned = other.acquire();

        final IllegalStateException ex = assertThrows(IllegalStateException.class,
            () -> new ObjectPool<>("p", SeqMessage.class, () -> owned, PoolConfig.of(2)));

        assertEquals("pool 'p': factory returned an instance already owned by pool 'other'; expected a new " + SEQ,
            ex.getMessage());
        assertSame(other, owned.pool(), "the instance must stay with its pool");
    }

    @Test
    void constructorRejectsAFactoryReturningTheSameInstanceTwice()
    {
        final SeqMessage single = new SeqMessage();

        final IllegalStateException ex = assertThrows(IllegalStateException.class,
            () -> new ObjectPool<>("p", SeqMessage.class, () -> single, PoolConfig.of(2)));

        assertEquals("pool 'p': factory returned an instance already owned by pool 'p'; expected a new " + SEQ,
            ex.getMessage());
    }

    @Test
    void constructorRejectsNullArguments()
    {
        final PoolConfig config = PoolConfig.of(1);
        assertEquals("name: null; expected a pool name", assertThrows(NullPointerException.class,
            () -> new ObjectPool<>(null, SeqMessage.class, SeqMessage::new, config)).getMessage());
        assertEquals("type: null; expected a PooledMessage subclass", assertThrows(NullPointerException.class,
            () -> new ObjectPool<SeqMessage>("p", null, SeqMessage::new, config)).getMessage());
        assertEquals("factory: null; expected a supplier of new " + SEQ, assertThrows(NullPointerException.class,
            () -> new ObjectPool<>("p", SeqMessage.class, null, config)).getMessage());
        assertEquals("config: null; expected a PoolConfig", assertThrows(NullPointerException.class,
            () -> new ObjectPool<>("p", SeqMessage.class, SeqMessage::new, null)).getMessage());
    }

    // ---------------------------------------------------------------------------------------------- PoolConfig

    @Test
    void poolConfigRejectsACapacityBelowOne()
    {
        assertEquals("pool capacity: 0; expected an integer from 1 to 16777216",
            assertThrows(IllegalArgumentException.class, () -> PoolConfig.of(0)).getMessage());
        assertEquals("pool capacity: -5; expected an integer from 1 to 16777216",
            assertThrows(IllegalArgumentException.class, () -> PoolConfig.of(-5)).getMessage());
    }

    @Test
    void poolConfigRejectsANegativeMaxWait()
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> PoolConfig.of(1).waitOnExhaustion(Duration.ofMillis(-1)));

        assertEquals("pool maxWait: PT-0.001S; expected a duration from 0 to 24h", ex.getMessage());
    }

    /** The policy is never null: only the factories and the withers set it, each to its constant. */
    @Test
    void poolConfigRejectsANullMaxWait()
    {
        assertEquals("pool maxWait: null; expected a duration from 0 to 24h", assertThrows(NullPointerException.class,
            () -> PoolConfig.of(1).waitOnExhaustion(null)).getMessage());
    }

    /** {@code config} with {@code policy}, through the wither named for it. */
    private static PoolConfig onExhaustion(final PoolConfig config, final ExhaustionPolicy policy)
    {
        return switch (policy)
        {
            case WAIT -> config.waitOnExhaustion(config.maxWait());
            case FAIL -> config.failOnExhaustion();
            case GROW -> config.growOnExhaustion();
        };
    }

    private static void assertPool(
        final int capacity, final ExhaustionPolicy policy, final Duration maxWait, final PoolConfig config)
    {
        assertEquals(capacity, config.capacity(), config.toString());
        assertEquals(policy, config.exhaustionPolicy(), config.toString());
        assertEquals(maxWait, config.maxWait(), config.toString());
    }

    /** A first pool waits a moment for a release rather than failing the producer the moment its consumer lags. */
    @Test
    void ofAndDefaultsWaitUpToTheDefaultMaxWaitOnExhaustion()
    {
        assertPool(8, ExhaustionPolicy.WAIT, PoolConfig.DEFAULT_MAX_WAIT, PoolConfig.of(8));
        assertPool(PoolConfig.DEFAULT_CAPACITY, ExhaustionPolicy.WAIT, PoolConfig.DEFAULT_MAX_WAIT,
            PoolConfig.defaults());
        assertPool(16_384, ExhaustionPolicy.WAIT, Duration.ofSeconds(1), PoolConfig.defaults());
        assertEquals(PoolConfig.of(PoolConfig.DEFAULT_CAPACITY), PoolConfig.defaults());
    }

    @Test
    void eachExhaustionPolicyHasAWitherNamedForWhatItDoes()
    {
        assertPool(8, ExhaustionPolicy.GROW, Duration.ofSeconds(1), PoolConfig.of(8).growOnExhaustion());
        assertPool(8, ExhaustionPolicy.FAIL, Duration.ofSeconds(1), PoolConfig.of(8).failOnExhaustion());
        assertPool(8, ExhaustionPolicy.WAIT, Duration.ofMillis(5),
            PoolConfig.of(8).waitOnExhaustion(Duration.ofMillis(5)));
        assertEquals(PoolConfig.of(8).waitOnExhaustion(Duration.ofMillis(5)),
            PoolConfig.of(8).failOnExhaustion().waitOnExhaustion(Duration.ofMillis(5)));
        assertEquals(ExhaustionPolicy.WAIT, PoolConfig.of(8).growOnExhaustion().waitOnExhaustion(Duration.ZERO)
            .exhaustionPolicy());
    }

    @Test
    void poolOfCapacityOneWorks()
    {
        final ObjectPool<SeqMessage> pool = pool("one", PoolConfig.of(1));
        final SeqMessage m = pool.acquire();
        assertNull(pool.tryAcquire());
        assertTrue(m.release());
        assertEquals(new PoolStats("one", 1, 1, 1, 0, 1, 0, 0), pool.stats());
        assertSame(m, pool.acquire());
    }
}
