package io.mongoose.server;

import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.SingleThreadMessageRing;
import io.mongoose.testing.SeqMessage;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class InboundQueueTest
{
    private final ObjectPool<SeqMessage> pool =
        new ObjectPool<>("seq", SeqMessage.class, SeqMessage::new, PoolConfig.of(16));
    private final SingleThreadMessageRing<SeqMessage> ring = pool.newThreadRing(4);

    private static InboundQueue inbound(final int capacity)
    {
        return new InboundQueue("feed", capacity, new ProcessorSlot[0]);
    }

    /** As FeedPublisher delivers to a single subscriber. */
    private static void publish(final InboundQueue to, final SeqMessage message)
    {
        to.queue.announceNext(message);
        assertTrue(to.queue.offer(message));
    }

    /** As a drain of one message does. */
    private static SeqMessage dispatchPolled(final InboundQueue from)
    {
        final SeqMessage polled = (SeqMessage)from.poll();
        from.dispatched();
        from.expectAfter(polled);
        return polled;
    }

    @Test
    void theExpectedMessageIsTakenOnItsAnnouncementBeforeItsSlotIsRead()
    {
        final InboundQueue in = inbound(8);
        final SeqMessage first = ring.acquire();
        publish(in, first);
        assertNull(in.takeAnnounced(), "nothing is expected before the first message");
        assertSame(first, dispatchPolled(in));

        final SeqMessage second = ring.acquire();
        publish(in, second);

        assertSame(second, in.takeAnnounced());
        assertEquals(1, in.queue.size(), "its slot is still in the queue");
        assertEquals(1, in.takenOnAnnouncement);
        in.dispatched();
        assertNull(in.poll(), "the next poll takes the slot of the message already taken, and finds nothing after it");
        assertEquals(0, in.queue.size());
    }

    @Test
    void aMessageAnnouncedToAnotherQueueAtTheExpectedIndexIsNotTaken()
    {
        final InboundQueue a = inbound(8);
        final InboundQueue b = inbound(8);
        publish(a, ring.acquire());
        dispatchPolled(a);
        final SeqMessage other = pool.acquire();
        publish(b, other);
        final SeqMessage next = ring.acquire();

        publish(b, next);

        assertTrue(next.isAnnounced(b.queue.identity, 1), "announced at b's index 1, the index a expects next");
        assertNull(a.takeAnnounced());
        assertNull(a.poll());
        assertEquals(0, a.takenOnAnnouncement);
    }

    @Test
    void anUnannouncedMessageIsPolled()
    {
        final InboundQueue in = inbound(8);
        publish(in, ring.acquire());
        dispatchPolled(in);
        final SeqMessage next = ring.acquire();

        assertTrue(in.queue.offer(next));

        assertNull(in.takeAnnounced());
        assertSame(next, in.poll());
    }

    @Test
    void aFullQueueAnnouncesNothing()
    {
        final DeliveryQueue queue = new DeliveryQueue(4);
        for (int i = 0; i < queue.capacity(); i++)
        {
            assertTrue(queue.offer(pool.acquire()));
        }
        final SeqMessage next = pool.acquire();

        assertFalse(queue.announceNext(next));

        assertFalse(next.isAnnounced(queue.identity, queue.capacity()));
        assertFalse(queue.offer(next), "the queue really was full");
    }

    @Test
    void everyQueueHasItsOwnIdentity()
    {
        assertNotEquals(new DeliveryQueue(2).identity, new DeliveryQueue(2).identity);
    }

    @Test
    void aSlotThatNeverCameBeforeTheAgentClosedIsSkippedNotReleasedTwiceAtStop()
    {
        final InboundQueue in = inbound(8);
        publish(in, ring.acquire());
        dispatchPolled(in);
        final SeqMessage late = ring.acquire();
        // The producer announced, and stalled before its offer.
        assertTrue(in.queue.announceNext(late));
        assertSame(late, in.takeAnnounced());
        in.dispatched();
        in.settleOnClose(1_000_000);
        assertEquals(1, in.queue.dispatchedAhead);
        // The agent dispatched and released it; then the producer's offer lands, and one more message after it.
        assertTrue(in.queue.offer(late));
        late.release();
        final SeqMessage undelivered = pool.acquire();
        assertTrue(in.queue.offer(undelivered));
        final FeedPublisher publisher =
            new FeedPublisher("test", FeedConfig.named("feed"), new DeliveryQueue[] {in.queue}, new String[] {"g"});

        assertEquals(1, publisher.releaseUndelivered(), "only the message never dispatched");

        assertEquals(0, undelivered.refCount());
        assertEquals(0, late.refCount(), "released once, by the agent");
        assertEquals(0, pool.stats().invalidReleases());
    }
}
