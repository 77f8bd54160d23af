package io.mongoose.pool;

import io.mongoose.testing.SeqMessage;
import io.mongoose.testing.ThreadAllocation;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SpscMessageRingTest
{
    private static ObjectPool<SeqMessage> pool(final int capacity)
    {
        return new ObjectPool<>("seq", SeqMessage.class, SeqMessage::new, PoolConfig.of(capacity).failOnExhaustion());
    }

    @Test
    void theRingHoldsItsMessagesInFlightUntilItClosesThenReturnsEveryOne()
    {
        final ObjectPool<SeqMessage> pool = pool(8);
        final SpscMessageRing<SeqMessage> ring = pool.newSpscRing(4);

        assertEquals(4, ring.capacity());
        assertSame(pool, ring.pool());
        assertEquals(new PoolStats("seq", 8, 8, 4, 4, 0, 0, 0), pool.stats());

        final SeqMessage claimed = ring.tryClaim();
        ring.publish(claimed);
        assertEquals(1, ring.depth());

        assertEquals(4, ring.close());
        assertEquals(0, ring.depth());
        assertEquals(new PoolStats("seq", 8, 8, 8, 0, 0, 0, 0), pool.stats());
        assertEquals(0, ring.close(), "closing again does nothing");
        assertThrows(IllegalStateException.class, ring::tryClaim);
    }

    @Test
    void aMessageClaimedBeforeTheCloseIsRefusedAfterItAndTheRingIsUnchanged()
    {
        final ObjectPool<SeqMessage> pool = pool(4);
        final SpscMessageRing<SeqMessage> ring = pool.newSpscRing(4);
        final SeqMessage one = ring.tryClaim();
        final SeqMessage two = ring.tryClaim();
        assertEquals(4, ring.close());

        final IllegalStateException single = assertThrows(IllegalStateException.class, () -> ring.publish(one));
        assertTrue(single.getMessage().contains("ring of pool 'seq' is closed; expected no publish after close()"),
            single.getMessage());
        final IllegalStateException batch = assertThrows(IllegalStateException.class,
            () -> ring.publish(new SeqMessage[] {one, two}, 0, 2));
        assertTrue(batch.getMessage().contains("is closed"), batch.getMessage());
        assertEquals(0, ring.published(), "nothing published from messages the pool has back");
        assertEquals(4, pool.free());
    }

    @Test
    void aClaimThatRacedTheCloseLeavesItsRefillForReturnStraysWhichGivesItBack()
    {
        final ObjectPool<SeqMessage> pool = pool(8);
        final SpscMessageRing<SeqMessage> ring = pool.newSpscRing(4);
        assertEquals(4, ring.close());
        assertEquals(0, ring.returnStrays(), "nothing stray after a close alone");
        // The race: a claim that passed its closed check just before the close finds the slot the close emptied and
        // refills it from the pool.
        ring.closed = false;
        final SeqMessage stray = ring.tryClaim();
        ring.closed = true;
        assertEquals(1, pool.inFlight());

        assertEquals(1, ring.returnStrays());
        assertEquals(0, pool.inFlight());
        assertEquals(8, pool.free());
        assertNull(((PooledMessage)stray).spscRing);
        assertEquals(0, ring.returnStrays(), "given back once");
    }

    @Test
    void aRingLargerThanTheFreeMessagesOrNotAPowerOfTwoIsRefusedNamingTheSize()
    {
        final ObjectPool<SeqMessage> pool = pool(8);
        pool.acquire();

        final IllegalStateException tooFew = assertThrows(IllegalStateException.class, () -> pool.newSpscRing(8));
        assertTrue(tooFew.getMessage().contains("only 7 free messages for an SPSC ring of 8"), tooFew.getMessage());
        assertEquals(7, pool.free(), "none taken");
        final IllegalArgumentException odd = assertThrows(IllegalArgumentException.class, () -> pool.newSpscRing(3));
        assertTrue(odd.getMessage().contains("SPSC ring size 3; expected a power of two"), odd.getMessage());
        assertThrows(IllegalArgumentException.class, () -> pool.newSpscRing(16));
        assertThrows(IllegalArgumentException.class, () -> pool.newSpscRing(0));
    }

    @Test
    void theConsumerReadsPublishedMessagesInPlaceInClaimOrderAndTheirSlotsComeRoundAgain()
    {
        final ObjectPool<SeqMessage> pool = pool(4);
        final SpscMessageRing<SeqMessage> ring = pool.newSpscRing(4);
        final SeqMessage[] firstLap = new SeqMessage[4];
        for (int i = 0; i < 4; i++)
        {
            firstLap[i] = ring.tryClaim();
            firstLap[i].sequence = i;
            assertEquals(0, ring.published(), "not published before publish");
        }
        assertNull(ring.tryClaim(), "full: every slot claimed");
        for (int i = 0; i < 4; i++)
        {
            ring.publish(firstLap[i]);
        }
        assertEquals(4, ring.published());
        assertNull(ring.tryClaim(), "full until the consumer hands slots back");

        for (long s = 0; s < 2; s++)
        {
            final SeqMessage m = ring.messageAt(s);
            assertEquals(s, m.sequence);
        }
        assertEquals(0, ring.afterDrain(0, 2), "nobody kept one");
        for (long s = 0; s < 2; s++)
        {
            assertEquals(1, ring.messageAt(s).refCount(), "the ring's reference, never written by the consumer");
        }
        ring.consumedUpTo(2);
        assertEquals(2, ring.consumed());
        assertEquals(2, ring.depth());

        final SeqMessage again = ring.tryClaim();
        assertSame(firstLap[0], again, "the first slot comes round again");
        assertEquals(-1, again.sequence, "reset at the claim");
        assertEquals(2, again.resets, "at each of its two claims");
        assertEquals(1, ring.claimedUnpublished());
    }

    @Test
    void theExpectedMessageSaysItIsPublishedForThisSequenceOnlyARefillToo()
    {
        final ObjectPool<SeqMessage> pool = pool(8);
        final SpscMessageRing<SeqMessage> ring = pool.newSpscRing(2);
        final SeqMessage m = ring.tryClaim();

        assertFalse(ring.isPublished(0), "claimed, not published");
        ring.publish(m);
        assertTrue(ring.isPublished(0));
        assertFalse(ring.isPublished(2), "the same slot's next lap");

        ring.messageAt(0).retain(); // a handler keeps it: the slot is empty until the producer's next claim there
        ring.afterDrain(0, 1);
        ring.consumedUpTo(1);
        ring.publish(ring.tryClaim());
        assertFalse(ring.isPublished(2), "an empty slot is not published");
        final SeqMessage refill = ring.tryClaim();
        assertFalse(ring.isPublished(2), "a refill, claimed, not yet published");
        ring.publish(refill);
        assertTrue(ring.isPublished(2));
        assertTrue(m.release());
    }

    @Test
    void theConsumerSeesAMessageOnlyOnceItsPublishMovesTheSequenceARefilledSlotToo()
    {
        final ObjectPool<SeqMessage> pool = pool(8);
        final SpscMessageRing<SeqMessage> ring = pool.newSpscRing(2);
        final SeqMessage m = ring.tryClaim();

        assertEquals(0, ring.published(), "claimed, not published");
        ring.publish(m);
        assertEquals(1, ring.published());
        assertSame(m, ring.messageAt(0));

        ring.messageAt(0).retain(); // a handler keeps it: the slot is empty until the producer's next claim there
        ring.afterDrain(0, 1);
        ring.consumedUpTo(1);
        ring.publish(ring.tryClaim());
        final SeqMessage refill = ring.tryClaim();
        assertNotSame(m, refill, "the kept message's slot took another from the pool");
        assertEquals(2, ring.published(), "a refill, claimed, not yet published");
        ring.publish(refill);
        assertEquals(3, ring.published());
        assertSame(refill, ring.messageAt(2));
        assertTrue(m.release());
    }

    @Test
    void aPublishThatIsNotTheOldestUnpublishedClaimIsRefusedAndChangesNothing()
    {
        final ObjectPool<SeqMessage> pool = pool(8);
        final SpscMessageRing<SeqMessage> ring = pool.newSpscRing(4);
        final SeqMessage first = ring.tryClaim();
        final SeqMessage second = ring.tryClaim();

        final IllegalArgumentException outOfOrder =
            assertThrows(IllegalArgumentException.class, () -> ring.publish(second));
        assertTrue(outOfOrder.getMessage().contains("not the oldest unpublished claim (2 claimed and unpublished)"),
            outOfOrder.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ring.publish(pool.acquire()), "not from the ring");
        assertThrows(IllegalArgumentException.class, () -> ring.publish(null));
        assertEquals(0, ring.published());

        ring.publish(first);
        ring.publish(second);
        assertThrows(IllegalArgumentException.class, () -> ring.publish(second), "published twice");
        assertEquals(2, ring.published());
    }

    @Test
    void aMessageAHandlerKeptLeavesTheRingGoesToThePoolAtItsLastReleaseAndTheSlotIsRefilled()
    {
        final ObjectPool<SeqMessage> pool = new ObjectPool<>("seq", SeqMessage.class, SeqMessage::new,
            PoolConfig.of(4));
        final SpscMessageRing<SeqMessage> ring = pool.newSpscRing(2);
        final SeqMessage kept = ring.tryClaim();
        ring.publish(kept);

        final SeqMessage received = ring.messageAt(0);
        received.retain(); // a handler keeps it
        assertEquals(1, ring.afterDrain(0, 1), "it left the ring");
        assertEquals(1, kept.refCount(), "the holder's reference only");
        ring.consumedUpTo(1);
        assertEquals(2, pool.free());

        ring.publish(ring.tryClaim()); // slot 1
        final SeqMessage refill = ring.tryClaim(); // slot 0 again: refilled from the pool
        assertNotSame(kept, refill);
        assertEquals(1, refill.refCount());
        assertEquals(1, pool.free());

        assertTrue(kept.release(), "the holder's last release");
        assertEquals(2, pool.free(), "the kept message went to the pool, not back to the ring");
        assertEquals(2, kept.resets, "at its claim and at its last release");
        ring.publish(refill);
        assertEquals(2, ring.close());
        assertEquals(4, pool.free());
    }

    @Test
    void aRefilledSlotsMessageThatAHandlerKeepsLeavesTheRingToo()
    {
        final ObjectPool<SeqMessage> pool = pool(4);
        final SpscMessageRing<SeqMessage> ring = pool.newSpscRing(1);
        final SeqMessage first = ring.tryClaim();
        ring.publish(first);
        first.retain();
        assertEquals(1, ring.afterDrain(0, 1));
        ring.consumedUpTo(1);

        final SeqMessage refill = ring.tryClaim();
        ring.publish(refill);
        assertEquals(0, ring.afterDrain(1, 2), "nobody kept it");
        ring.consumedUpTo(2);
        assertSame(refill, ring.tryClaim(), "it stayed in the ring");
        ring.publish(refill);
        refill.retain(); // the refill counts a handler's retain as the ring's first messages do
        assertEquals(1, ring.afterDrain(2, 3), "kept: it left the ring");
        ring.consumedUpTo(3);

        assertTrue(first.release());
        assertTrue(refill.release());
        assertEquals(4, pool.free(), "both went back to the pool at their holders' last release");
        assertEquals(0, ring.close(), "the slot is empty until the next claim");
        assertEquals(4, pool.free());
    }

    @Test
    void onlyMessagesLyingInTheRingCountTowardItsTallyOfHolderChanges()
    {
        final ObjectPool<SeqMessage> pool = pool(4);
        final SpscMessageRing<SeqMessage> ring = pool.newSpscRing(2);
        final SeqMessage kept = ring.tryClaim();
        ring.publish(kept);
        kept.retain();
        assertEquals(1, ring.holderChanges, "a retain in the ring");
        assertEquals(1, ring.afterDrain(0, 1));
        final long afterLeaving = ring.holderChanges;
        kept.retain();
        kept.release();
        assertTrue(kept.release());
        assertEquals(afterLeaving, ring.holderChanges, "a message that left the ring is no longer counted");

        final SeqMessage other = pool.acquire();
        other.retain();
        other.release();
        assertEquals(afterLeaving, ring.holderChanges, "nor a message from the pool");
        other.release();
        ring.consumedUpTo(1);
        ring.close();
        final SeqMessage returned = pool.acquire();
        returned.release();
        assertEquals(afterLeaving, ring.holderChanges, "nor one the ring returned at close");
    }

    @Test
    void aRefillFromAnEmptyPoolFailsUnderItsPolicyAndTheClaimCanBeRetried()
    {
        final ObjectPool<SeqMessage> pool = pool(1);
        final SpscMessageRing<SeqMessage> ring = pool.newSpscRing(1);
        final SeqMessage kept = ring.tryClaim();
        ring.publish(kept);
        kept.retain();
        ring.afterDrain(0, 1);
        ring.consumedUpTo(1);

        assertThrows(PoolExhaustedException.class, ring::tryClaim);
        kept.release();
        final SeqMessage retried = ring.tryClaim();
        assertSame(kept, retried, "the only message, back from the pool");
    }

    @Test
    void aHandlerThatReleasesAReferenceItNeverHeldIsRefusedAndTheMessageStaysInTheRing()
    {
        final ObjectPool<SeqMessage> pool = pool(2);
        final SpscMessageRing<SeqMessage> ring = pool.newSpscRing(2);
        final SeqMessage m = ring.tryClaim();
        ring.publish(m);

        // A handler's bug: it never held a reference. The slot's reference is a queue's, which no release drops.
        final IllegalStateException bug = assertThrows(IllegalStateException.class, m::release);
        assertTrue(bug.getMessage().contains("held by queues for delivery, none by user code"), bug.getMessage());
        assertEquals(1, pool.stats().invalidReleases());
        assertEquals(1, m.refCount());
        assertEquals(0, ring.afterDrain(0, 1), "nothing kept: the message stays in its slot");
        ring.consumedUpTo(1);
        assertEquals(2, ring.close(), "both messages, the one the handler released among them");
        assertEquals(2, pool.free());
    }

    @Test
    void aDrainTakesOutOnlyTheMessagesKept()
    {
        final ObjectPool<SeqMessage> pool = pool(4);
        final SpscMessageRing<SeqMessage> ring = pool.newSpscRing(4);
        final SeqMessage[] drain = new SeqMessage[3];
        for (int i = 0; i < 3; i++)
        {
            drain[i] = ring.tryClaim();
            ring.publish(drain[i]);
        }
        assertThrows(IllegalStateException.class, drain[0]::release); // a handler's bug: it never held a reference
        drain[1].retain(); // a handler keeps this one
        assertThrows(IllegalStateException.class, drain[2]::release); // the same bug again

        assertEquals(1, ring.afterDrain(0, 3), "only the kept one left the ring");
        assertEquals(1, drain[1].refCount(), "the holder's only");
        assertEquals(0, ring.afterDrain(0, 3), "the tally is seen: nothing more to do");
        ring.consumedUpTo(3);
        assertEquals(3, ring.close(), "the two drained messages still in their slots, and the slot never claimed");
        assertTrue(drain[1].release());
        assertEquals(4, pool.free());
    }

    @Test
    void aConsumerOnAnotherThreadReceivesEveryMessageInOrderWithItsFields() throws Exception
    {
        final int count = 200_000;
        final ObjectPool<SeqMessage> pool = pool(64);
        final SpscMessageRing<SeqMessage> ring = pool.newSpscRing(64);
        final AtomicReference<String> problem = new AtomicReference<>();
        final Thread consumer = new Thread(() ->
        {
            long next = 0;
            while (next < count)
            {
                final long published = ring.published();
                final long from = next;
                // A drain spans at most the ring's 64 slots, so it meets at most one multiple of 1000.
                SeqMessage kept = null;
                for (; next < published; next++)
                {
                    final SeqMessage m = ring.messageAt(next);
                    if (m.sequence != next || m.producer != 7)
                    {
                        problem.compareAndSet(null, "at " + next + ": sequence " + m.sequence + ", producer " +
                            m.producer);
                    }
                    if (next % 1000 == 0)
                    {
                        m.retain(); // now and then a handler keeps one, and lets it go after the drain
                        kept = m;
                    }
                }
                if (ring.afterDrain(from, next) != (null == kept ? 0 : 1))
                {
                    problem.compareAndSet(null, "the drain up to " + next + " took out a message nobody kept, or " +
                        "kept one in");
                }
                if (null != kept)
                {
                    kept.release();
                }
                ring.consumedUpTo(next);
                Thread.onSpinWait();
            }
        }, "ring-consumer");
        consumer.start();
        for (long s = 0; s < count; s++)
        {
            SeqMessage m;
            while (null == (m = ring.tryClaim()))
            {
                Thread.onSpinWait();
            }
            m.producer = 7;
            m.sequence = s;
            ring.publish(m);
        }
        consumer.join();

        assertNull(problem.get());
        assertEquals(count, ring.consumed());
        assertEquals(64, ring.close());
        assertEquals(64, pool.free(), "every message back, the kept ones through the pool");
    }

    @Test
    void claimingPublishingAndConsumingAllocateNothing()
    {
        final ObjectPool<SeqMessage> pool = pool(256);
        final SpscMessageRing<SeqMessage> ring = pool.newSpscRing(256);
        final int messages = 1_000_000;
        runLaps(ring, 600_000); // warm up: past the JIT's compilations
        final long before = ThreadAllocation.currentThreadAllocatedBytes();
        runLaps(ring, messages);
        final long allocated = ThreadAllocation.currentThreadAllocatedBytes() - before;

        // Not zero, as in ZeroAllocationTest: a one-off JIT event is not steady-state allocation; one allocation per
        // message would be a million bytes or more.
        assertTrue(allocated < 8 * 1024, "bytes allocated over " + messages + " claims, publishes and consumes: " +
            allocated);
    }

    /** Producer and consumer on one thread, a burst of 16 at a time. */
    private static void runLaps(final SpscMessageRing<SeqMessage> ring, final int messages)
    {
        long consumed = ring.consumed();
        for (int i = 0; i < messages; i += 16)
        {
            for (int j = 0; j < 16; j++)
            {
                final SeqMessage m = ring.tryClaim();
                m.sequence = i + j;
                ring.publish(m);
            }
            final long published = ring.published();
            for (long s = consumed; s < published; s++)
            {
                ring.messageAt(s);
            }
            ring.afterDrain(consumed, published);
            consumed = published;
            ring.consumedUpTo(consumed);
        }
    }
}
