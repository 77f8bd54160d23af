package io.mongoose.pool;

import io.mongoose.testing.OtherMessage;
import io.mongoose.testing.SeqMessage;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SingleThreadReleaseBatchTest
{
    private static ObjectPool<SeqMessage> pool(final String name, final int capacity)
    {
        return new ObjectPool<>(name, SeqMessage.class, SeqMessage::new, PoolConfig.of(capacity));
    }

    @Test
    void anEmptyPoolReturnsTheBatchBoundToTheAcquiringThreadBeforeItsPolicyApplies() throws InterruptedException
    {
        final ObjectPool<SeqMessage> pool = pool("seq", 2);
        final SingleThreadReleaseBatch batch = new SingleThreadReleaseBatch(8);
        for (final SeqMessage m : acquire(pool, 2))
        {
            batch.release(m);
        }
        assertNull(pool.tryAcquire(), "not bound: the held messages stay held");
        assertEquals(1, pool.exhaustedCount());

        batch.bindToCurrentThread();
        try
        {
            final SeqMessage[] other = new SeqMessage[1];
            final Thread thread = new Thread(() -> other[0] = pool.tryAcquire());
            thread.start();
            thread.join();
            assertNull(other[0], "another thread does not flush this thread's batch");
            assertEquals(2, batch.size());

            final SeqMessage m = pool.acquire();

            assertEquals(1, m.refCount());
            assertEquals(0, batch.size(), "the acquire returned the batch first");
            assertEquals(1, pool.free());
            assertEquals(2, pool.exhaustedCount(), "the bound thread's acquire did not find the pool empty");
            m.release();
        }
        finally
        {
            batch.unbindFromCurrentThread();
        }
        for (final SeqMessage m : acquire(pool, 2))
        {
            batch.release(m);
        }
        assertNull(pool.tryAcquire(), "unbound again: the held messages stay held");
        assertEquals(2, batch.flush());
    }

    @Test
    void aSecondBindingOnAThreadReplacesTheFirstAndOnlyItsOwnUnbindRemovesIt()
    {
        final ObjectPool<SeqMessage> pool = pool("seq", 2);
        final SingleThreadReleaseBatch first = new SingleThreadReleaseBatch(8);
        final SingleThreadReleaseBatch second = new SingleThreadReleaseBatch(8);
        final List<SeqMessage> messages = acquire(pool, 2);
        first.bindToCurrentThread();
        second.bindToCurrentThread();
        final SeqMessage m;
        try
        {
            first.release(messages.get(0));
            second.release(messages.get(1));

            first.unbindFromCurrentThread();
            m = pool.tryAcquire();

            assertSame(messages.get(1), m, "the empty pool flushed the second batch, still bound");
            assertEquals(1, first.size(), "the replaced batch was not flushed");
            assertEquals(0, second.size());
        }
        finally
        {
            second.unbindFromCurrentThread();
        }
        assertNull(pool.tryAcquire(), "nothing bound: the first batch's message stays held");
        assertEquals(1, first.flush());
        m.release();
    }

    @Test
    void aReleaseThatIsNotTheLastHoldsNothing()
    {
        final ObjectPool<SeqMessage> pool = pool("seq", 4);
        final SeqMessage m = pool.acquire();
        m.retain();
        final SingleThreadReleaseBatch batch = new SingleThreadReleaseBatch(8);

        assertFalse(batch.release(m));

        assertEquals(1, m.refCount());
        assertEquals(0, batch.size());
        assertEquals(3, pool.free());
    }

    @Test
    void theLastReleaseFreesTheMessageAtOnceAndReturnsItToThePoolAtFlush()
    {
        final ObjectPool<SeqMessage> pool = pool("seq", 4);
        final SeqMessage m = pool.acquire();
        final SingleThreadReleaseBatch batch = new SingleThreadReleaseBatch(8);

        assertTrue(batch.release(m));

        assertEquals(0, m.refCount());
        assertEquals(1, batch.size());
        assertEquals(1, m.resets, "reset at once, while the message is hot");
        assertEquals(3, pool.free(), "held until flush: the pool still counts it in flight");
        assertEquals(1, pool.inFlight());

        assertEquals(1, batch.flush());

        assertEquals(0, batch.size());
        assertEquals(1, m.resets);
        assertEquals(4, pool.free());
        assertEquals(0, pool.inFlight());
        assertEquals(0, batch.flush(), "nothing left to flush");
    }

    @Test
    void aHeldMessageIsFreeSoRetainingOrReleasingItAgainFails()
    {
        final ObjectPool<SeqMessage> pool = pool("seq", 2);
        final SeqMessage m = pool.acquire();
        final SingleThreadReleaseBatch batch = new SingleThreadReleaseBatch(8);
        batch.release(m);

        assertThrows(IllegalStateException.class, m::retain);
        final IllegalStateException again = assertThrows(IllegalStateException.class, () -> batch.release(m));

        assertTrue(again.getMessage().contains("without a matching reference (refCount=0)"), again.getMessage());
        assertEquals(1, pool.stats().invalidReleases());
        assertEquals(1, batch.size(), "the double release must not hold the message twice");
        batch.flush();
        assertEquals(2, pool.free());
        assertDistinctOnReacquire(pool, 2);
    }

    @Test
    void aFullBatchFlushesByItself()
    {
        final ObjectPool<SeqMessage> pool = pool("seq", 8);
        final SingleThreadReleaseBatch batch = new SingleThreadReleaseBatch(2);
        final List<SeqMessage> out = acquire(pool, 5);

        for (final SeqMessage m : out)
        {
            assertTrue(batch.release(m));
        }

        assertEquals(1, batch.size(), "two full batches of 2 went back, the fifth message is held");
        assertEquals(7, pool.free());
        batch.flush();
        assertEquals(8, pool.free());
        assertDistinctOnReacquire(pool, 8);
    }

    @Test
    void messagesFromSeveralPoolsEachGoHomeWhateverTheOrder()
    {
        final ObjectPool<SeqMessage> seq = pool("seq", 4);
        final ObjectPool<OtherMessage> other = new ObjectPool<>("other", OtherMessage.class, OtherMessage::new,
            PoolConfig.of(4));
        final SingleThreadReleaseBatch batch = new SingleThreadReleaseBatch(16);
        final SeqMessage s1 = seq.acquire();
        final SeqMessage s2 = seq.acquire();
        final OtherMessage o1 = other.acquire();
        final SeqMessage s3 = seq.acquire();
        final OtherMessage o2 = other.acquire();

        batch.release(s1);
        batch.release(s2);
        batch.release(o1);
        batch.release(s3);
        batch.release(o2);
        assertEquals(5, batch.flush());

        assertEquals(4, seq.free());
        assertEquals(4, other.free());
        assertEquals(0, seq.inFlight());
        assertEquals(0, other.inFlight());
        assertDistinctOnReacquire(seq, 4);
    }

    @Test
    void aResetThatThrowsFailsItsReleaseButTheMessageStillGoesBack()
    {
        final class FailingReset extends PooledMessage
        {
            boolean fail;

            @Override
            protected void reset()
            {
                if (fail)
                {
                    throw new IllegalStateException("reset failed");
                }
            }
        }
        final ObjectPool<FailingReset> pool = new ObjectPool<>("failing", FailingReset.class, FailingReset::new,
            PoolConfig.of(3));
        final SingleThreadReleaseBatch batch = new SingleThreadReleaseBatch(4);
        final FailingReset a = pool.acquire();
        final FailingReset b = pool.acquire();
        final FailingReset c = pool.acquire();
        b.fail = true;

        assertTrue(batch.release(a));
        assertEquals("reset failed", assertThrows(IllegalStateException.class, () -> batch.release(b)).getMessage());
        assertTrue(batch.release(c));

        assertEquals(0, b.refCount());
        assertEquals(3, batch.size(), "the failing message is held like the others");
        assertEquals(3, batch.flush());
        assertEquals(3, pool.free(), "every message went back despite the failure");
        assertEquals(0, pool.inFlight());
    }

    @Test
    void aGrownPoolRetiresTheSurplusAsPerMessageReleasesDo()
    {
        final ObjectPool<SeqMessage> pool = new ObjectPool<>("grow", SeqMessage.class, SeqMessage::new,
            PoolConfig.of(2).growOnExhaustion());
        final List<SeqMessage> out = acquire(pool, 5);
        final SingleThreadReleaseBatch batch = new SingleThreadReleaseBatch(8);

        for (final SeqMessage m : out)
        {
            batch.release(m);
        }
        batch.flush();

        assertEquals(new PoolStats("grow", 2, 5, 2, 0, 3, 3, 0), pool.stats());
        assertDistinctOnReacquire(pool, 2);
        assertEquals(5, pool.created(), "no growth while retained instances were free");
    }

    @Test
    void aCapacityBelowOneIsRefused()
    {
        assertEquals("capacity: 0; expected at least 1",
            assertThrows(IllegalArgumentException.class, () -> new SingleThreadReleaseBatch(0)).getMessage());
    }

    @Test
    void manyRoundsThroughOneBatchNeverLoseOrDuplicateAnInstance()
    {
        final ObjectPool<SeqMessage> pool = pool("rounds", 64);
        final SingleThreadReleaseBatch batch = new SingleThreadReleaseBatch(7);
        for (int round = 0; round < 1_000; round++)
        {
            final List<SeqMessage> out = acquire(pool, 1 + round % 64);
            for (final SeqMessage m : out)
            {
                batch.release(m);
            }
            batch.flush();
            assertEquals(64, pool.free(), "round " + round);
        }
        assertDistinctOnReacquire(pool, 64);
        assertEquals(64, pool.created());
    }

    private static <T extends PooledMessage> List<T> acquire(final ObjectPool<T> pool, final int count)
    {
        final List<T> out = new ArrayList<>();
        for (int i = 0; i < count; i++)
        {
            out.add(pool.acquire());
        }
        return out;
    }

    /** Drains the pool: it must hand out exactly {@code capacity} distinct instances, then be empty. */
    private static <T extends PooledMessage> void assertDistinctOnReacquire(final ObjectPool<T> pool, final int capacity)
    {
        final Set<T> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        final List<T> out = new ArrayList<>();
        for (int i = 0; i < capacity; i++)
        {
            final T m = pool.tryAcquire();
            assertSame(pool, m.pool());
            assertTrue(seen.add(m), "an instance was handed out twice");
            out.add(m);
        }
        assertNull(pool.tryAcquire(), "the free list held a duplicate entry");
        for (final T m : out)
        {
            m.release();
        }
    }
}
