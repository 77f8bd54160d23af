package io.mongoose.pool;

import io.mongoose.testing.SeqMessage;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SingleThreadMessageRingTest
{
    private static ObjectPool<SeqMessage> pool(final int capacity)
    {
        return new ObjectPool<>("seq", SeqMessage.class, SeqMessage::new, PoolConfig.of(capacity).failOnExhaustion());
    }

    @Test
    void theRingsMessagesCountAsFreeUntilHandedOut()
    {
        final ObjectPool<SeqMessage> pool = pool(8);
        final SingleThreadMessageRing<SeqMessage> ring = pool.newThreadRing(4);
        assertEquals(4, ring.free());
        assertEquals(8, pool.free(), "4 on the free list and 4 in the ring");

        final SeqMessage m = ring.acquire();

        assertEquals(1, m.refCount());
        assertSame(pool, m.pool());
        assertEquals(3, ring.free());
        assertEquals(new PoolStats("seq", 8, 8, 7, 1, 0, 0, 0), pool.stats());
        assertEquals(4, ring.size());
        assertSame(pool, ring.pool());
    }

    @Test
    void aReleasedMessageComesBackResetToItsSlotNotToTheFreeList()
    {
        final ObjectPool<SeqMessage> pool = pool(8);
        final SingleThreadMessageRing<SeqMessage> ring = pool.newThreadRing(2);
        final SeqMessage first = ring.acquire();
        final SeqMessage second = ring.acquire();
        assertNotSame(first, second);
        first.sequence = 42;

        assertTrue(first.release());

        assertEquals(1, first.resets);
        assertEquals(-1, first.sequence, "reset before it went back");
        assertEquals(0, first.refCount());
        assertEquals(1, ring.free());
        assertEquals(7, pool.free(), "6 on the free list, as before, and 1 back in the ring");
        assertSame(first, ring.acquire(), "the next acquire reaches the first slot again");
        assertEquals(1, first.refCount());
    }

    @Test
    void aSlotWhoseMessageIsStillOutIsSkippedForOneFromThePool()
    {
        final ObjectPool<SeqMessage> pool = pool(4);
        final SingleThreadMessageRing<SeqMessage> ring = pool.newThreadRing(2);
        final SeqMessage a = ring.acquire();
        final SeqMessage b = ring.acquire();

        final SeqMessage fromPool = ring.acquire();

        assertNotSame(a, fromPool);
        assertNotSame(b, fromPool);
        assertNull(((PooledMessage)fromPool).state.ring, "a pool message, not lent to the ring");
        assertEquals(3, pool.inFlight());
        a.release();
        ring.acquire(); // slot 1: b is still out, so the pool's last free message
        assertSame(a, ring.acquire(), "the ring moved on past b and came round to a");
        assertTrue(fromPool.release());
        assertEquals(1, pool.free(), "the pool message went back to the free list");
        assertEquals(0, ring.free());
    }

    @Test
    void anEmptyPoolBehindABusyRingFollowsThePoolsPolicy()
    {
        final ObjectPool<SeqMessage> pool = pool(2);
        final SingleThreadMessageRing<SeqMessage> ring = pool.newThreadRing(2);
        ring.acquire();
        ring.acquire();

        assertNull(ring.tryAcquire());
        assertEquals(1, pool.exhaustedCount());
        final PoolExhaustedException ex = assertThrows(PoolExhaustedException.class, ring::acquire);
        assertTrue(ex.getMessage().startsWith("pool 'seq'"), ex.getMessage());
        assertEquals(2, pool.exhaustedCount());
    }

    @Test
    void closeReturnsTheFreeMessagesAtOnceAndEachOneStillOutAtItsRelease()
    {
        final ObjectPool<SeqMessage> pool = pool(4);
        final SingleThreadMessageRing<SeqMessage> ring = pool.newThreadRing(4);
        final SeqMessage out = ring.acquire();

        ring.close();

        assertEquals(3, pool.free(), "the three free ones are on the free list");
        assertEquals(1, pool.inFlight());
        assertEquals(0, ring.free());
        assertTrue(out.release());
        assertEquals(1, out.resets);
        // Back in its slot; counting the pool's messages takes it from there.
        assertEquals(4, pool.free());
        assertNull(((PooledMessage)out).state.ring, "no longer the ring's");
        assertEquals(0, pool.inFlight());
        final IllegalStateException ex = assertThrows(IllegalStateException.class, ring::acquire);
        assertEquals("ring of pool 'seq' is closed; acquire from the pool or a new ring", ex.getMessage());
        assertThrows(IllegalStateException.class, ring::tryAcquire);
        ring.close();
        assertEquals(4, pool.free(), "closing again changes nothing");
        for (int i = 0; i < 4; i++)
        {
            final SeqMessage m = pool.acquire();
            assertNull(((PooledMessage)m).state.ring, "every message is the pool's again");
            m.release();
        }
        assertEquals(4, pool.free());
    }

    @Test
    void anAcquireThatFindsTheFreeListEmptyTakesBackWhatWasReleasedIntoAClosedRing()
    {
        final ObjectPool<SeqMessage> pool = pool(2);
        final SingleThreadMessageRing<SeqMessage> ring = pool.newThreadRing(2);
        final SeqMessage first = ring.acquire();
        final SeqMessage second = ring.acquire();
        ring.close();
        assertNull(pool.tryAcquire(), "both out: nothing to take back yet");
        assertEquals(1, pool.exhaustedCount());

        assertTrue(first.release(), "released into its closed ring's slot, with no atomic read-modify-write");
        final SeqMessage again = pool.tryAcquire();
        assertSame(first, again, "taken back from the closed ring when the free list was empty");
        assertNull(((PooledMessage)again).state.ring, "the pool's now, not the ring's");
        assertEquals(1, pool.exhaustedCount(), "not counted as exhaustion: the message was there");
        assertEquals(1, pool.closedRingsHeld(), "the ring is kept while a message of it is out");

        // Through a release batch, as an agent releases.
        final SingleThreadReleaseBatch batch = new SingleThreadReleaseBatch(4);
        assertTrue(batch.release(second));
        batch.flush();
        assertSame(second, pool.acquire(), "acquire reclaims the same way before its exhaustion policy");
        assertEquals(0, pool.closedRingsHeld(), "every message back with the pool: the ring is let go");
        again.release();
        second.release();
        assertEquals(2, pool.free());
        assertEquals(0, pool.inFlight());
        assertEquals(2, first.resets, "reset once at each of its two releases, never by the reclaim");
    }

    @Test
    void reclaimersOnSeveralThreadsAtOnceTakeBackEachMessageOnceAndLetGoOfEachRingOnce() throws Exception
    {
        // Two counting threads may hold the same closed ring in their snapshots; only one of them may let go of it.
        for (int round = 0; round < 2_000; round++)
        {
            final ObjectPool<SeqMessage> pool = pool(4);
            final SingleThreadMessageRing<SeqMessage> ring = pool.newThreadRing(4);
            final SeqMessage a = ring.acquire();
            final SeqMessage b = ring.acquire();
            ring.close();
            a.release();
            b.release();
            final CyclicBarrier start = new CyclicBarrier(2);
            final AtomicReference<Throwable> failure = new AtomicReference<>();
            final Thread other = new Thread(() ->
            {
                try
                {
                    start.await();
                    pool.free();
                }
                catch (final Throwable t)
                {
                    failure.set(t);
                }
            });
            other.start();
            start.await();
            pool.free();
            other.join();
            assertNull(failure.get(), "the other counting thread failed");
            assertEquals(4, pool.free());
            assertEquals(0, pool.closedRingsHeld());
            assertEquals(0, pool.inFlight());
        }
    }

    @Test
    void aClosedRingNeverHandsOutAMessageReleasedIntoItWhichStaysThePoolsToTakeBack()
    {
        final ObjectPool<SeqMessage> pool = pool(2);
        final SingleThreadMessageRing<SeqMessage> ring = pool.newThreadRing(2);
        final SeqMessage out = ring.acquire();
        ring.close();
        out.release();

        // The released message sits FREE in its closed slot: the owner taking it would race the pool's reclaim.
        assertThrows(IllegalStateException.class, ring::acquire);
        assertThrows(IllegalStateException.class, ring::tryAcquire);
        assertEquals(0, out.refCount(), "not handed out by the closed ring");
        assertEquals(2, pool.free());
        assertEquals(0, pool.inFlight());
    }

    @Test
    void aRingClosedWithNothingOutIsNotKeptAndAMessageReclaimedCanJoinANewRing()
    {
        final ObjectPool<SeqMessage> pool = pool(4);
        final SingleThreadMessageRing<SeqMessage> idle = pool.newThreadRing(2);
        idle.close();
        assertEquals(0, pool.closedRingsHeld());

        final SingleThreadMessageRing<SeqMessage> first = pool.newThreadRing(2);
        final SeqMessage out = first.acquire();
        first.close();
        assertEquals(1, pool.closedRingsHeld());
        out.release();
        assertEquals(4, pool.free(), "counting takes it back");
        final SingleThreadMessageRing<SeqMessage> second = pool.newThreadRing(4);
        assertEquals(0, pool.closedRingsHeld());
        assertEquals(4, second.free(), "the reclaimed message is lent again");
        final SeqMessage m = second.acquire();
        assertSame(second, ((PooledMessage)m).state.ring);
        m.release();
        assertEquals(4, second.free(), "back in the new ring's slot, not the old ring's");
    }

    @Test
    void closingOneRingLeavesTheOthersCountedInThePool()
    {
        final ObjectPool<SeqMessage> pool = pool(16);
        final SingleThreadMessageRing<SeqMessage> first = pool.newThreadRing(4);
        final SingleThreadMessageRing<SeqMessage> second = pool.newThreadRing(4);
        final SingleThreadMessageRing<SeqMessage> third = pool.newThreadRing(4);
        second.acquire();
        third.acquire();
        third.acquire();

        second.close();

        assertEquals(4, first.free());
        assertEquals(2, third.free());
        assertEquals(13, pool.free(), "4 on the free list, 3 back from the closed ring, 4 and 2 in the open rings");
        third.close();
        assertEquals(13, pool.free(), "9 on the free list and the open ring's 4, counted once each");
        assertEquals(3, pool.inFlight());
    }

    @Test
    void aReleaseBatchPutsRingMessagesBackAtOnceAndCountsThemAtItsFlush()
    {
        final ObjectPool<SeqMessage> pool = pool(8);
        final SingleThreadMessageRing<SeqMessage> ring = pool.newThreadRing(4);
        final SeqMessage a = ring.acquire();
        final SeqMessage b = ring.acquire();
        final SeqMessage fromPool = pool.acquire();
        final SingleThreadReleaseBatch batch = new SingleThreadReleaseBatch(8);

        assertTrue(batch.release(a));
        assertTrue(batch.release(b));
        assertTrue(batch.release(fromPool));

        assertEquals(1, batch.size(), "only the pool's message is held for the flush");
        assertEquals(2, a.resets + b.resets);
        assertEquals(2, ring.free(), "back in their slots, not counted yet");
        assertEquals(1, batch.flush());
        assertEquals(4, ring.free());
        assertEquals(8, pool.free());
        assertEquals(0, pool.inFlight());
        ring.acquire();
        ring.acquire();
        assertSame(a, ring.acquire(), "a free slot is taken at once, counted or not");
    }

    @Test
    void aResetThatThrowsStillPutsTheMessageBackAndCountsIt()
    {
        final ObjectPool<FailingReset> pool =
            new ObjectPool<>("failing", FailingReset.class, FailingReset::new, PoolConfig.of(2));
        final SingleThreadMessageRing<FailingReset> ring = pool.newThreadRing(2);
        final FailingReset direct = ring.acquire();
        final FailingReset batched = ring.acquire();
        final SingleThreadReleaseBatch batch = new SingleThreadReleaseBatch(4);

        assertThrows(IllegalStateException.class, direct::release);
        assertThrows(IllegalStateException.class, () -> batch.release(batched));
        batch.flush();

        assertEquals(2, ring.free());
        assertEquals(2, pool.free());
        assertEquals(0, pool.inFlight());
    }

    @Test
    void aSizeThatIsNotAPowerOfTwoFromOneToTheCapacityIsRefused()
    {
        final ObjectPool<SeqMessage> pool = pool(8);
        for (final int size : new int[]{0, -1, 3, 16})
        {
            final IllegalArgumentException ex =
                assertThrows(IllegalArgumentException.class, () -> pool.newThreadRing(size));
            assertEquals("pool 'seq': ring size " + size + "; expected a power of two from 1 to the pool's capacity " +
                "(8)", ex.getMessage());
        }
        assertEquals(8, pool.free());
    }

    @Test
    void aRingLargerThanTheFreeMessagesIsRefusedAndTakesNothing()
    {
        final ObjectPool<SeqMessage> pool = pool(8);
        final SeqMessage out = pool.acquire();

        final IllegalStateException ex = assertThrows(IllegalStateException.class, () -> pool.newThreadRing(8));

        assertEquals("pool 'seq': only 7 free messages for a ring of 8; expected a ring no larger than the free " +
            "messages (7 now, capacity 8)", ex.getMessage());
        assertEquals(7, pool.free());
        assertFalse(pool.newThreadRing(4).toString().contains("closed"));
        out.release();
        assertEquals(8, pool.free());
    }

    @Test
    void messagesNextToEachOtherInTheSlotsAreTakenAThirdOfALapApart()
    {
        // The slots lie in memory in slot order (as the pool allocated them, and as a collection copies them from the
        // slots array), and the fields a release writes can share a line with the next message. Taken in slot order,
        // the agent's release of one would race the producer's take of the next on that line; taken half a lap apart, a
        // full queue of half the ring (the sweep's sizing) would put the two on neighbours all the same.
        final int size = 64;
        final ObjectPool<SeqMessage> pool = pool(size);
        final SingleThreadMessageRing<SeqMessage> ring = pool.newThreadRing(size);
        final int[] takenAt = new int[size];
        java.util.Arrays.fill(takenAt, -1);

        for (int position = 0; position < size; position++)
        {
            final SeqMessage m = ring.acquire();
            int slot = 0;
            while (ring.slots[slot] != m)
            {
                slot++;
            }
            assertEquals(-1, takenAt[slot], "slot " + slot + " taken twice in one lap");
            takenAt[slot] = position;
        }

        for (int slot = 0; slot + 1 < size; slot++)
        {
            final int apart = Math.floorMod(takenAt[slot + 1] - takenAt[slot], size);
            final int lag = Math.min(apart, size - apart);
            assertTrue(lag >= size / 4 && Math.abs(lag - size / 2) >= size / 8, "slots " + slot + " and " + (slot + 1) +
                " taken " + lag + " apart in a lap of " + size + "; expected a third of a lap, neither near 0 nor " +
                size / 2);
        }
    }

    @Test
    void theFieldsTheOwnerWritesPerAcquireSitTwoCacheLinesFromEverythingElse()
    {
        // The producer writes next and taken on every acquire; every releasing agent reads pool and returned. Were
        // they on one line (or one adjacent-line pair), each release would pull the producer's line across cores.
        final long sharedEnd = Math.max(Math.max(offset(MessageRingShared.class, "pool"),
            offset(MessageRingShared.class, "slots")), Math.max(offset(MessageRingShared.class, "mask"),
            offset(MessageRingShared.class, "returned"))) + 4;
        final long ownedStart = Math.min(Math.min(offset(MessageRingOwned.class, "next"),
            offset(MessageRingOwned.class, "taken")), offset(MessageRingOwned.class, "closed"));
        final long ownedEnd = Math.max(Math.max(offset(MessageRingOwned.class, "next") + 4,
            offset(MessageRingOwned.class, "taken") + 8), offset(MessageRingOwned.class, "closed") + 1);
        long objectEnd = 0;
        for (final java.lang.reflect.Field pad : MessageRingPadAfter.class.getDeclaredFields())
        {
            objectEnd = Math.max(objectEnd, org.agrona.UnsafeApi.objectFieldOffset(pad) + 1);
        }

        assertTrue(ownedStart - sharedEnd >= 128, "shared fields end at " + sharedEnd + ", owned start at " + ownedStart);
        assertTrue(objectEnd - ownedEnd >= 128, "owned fields end at " + ownedEnd + ", the ring at " + objectEnd);
    }

    private static long offset(final Class<?> type, final String field)
    {
        return org.agrona.UnsafeApi.objectFieldOffset(type, field);
    }

    /** A message whose reset always throws, as a buggy user hook would. */
    static final class FailingReset extends PooledMessage
    {
        @Override
        protected void reset()
        {
            throw new IllegalStateException("reset failed");
        }
    }
}
