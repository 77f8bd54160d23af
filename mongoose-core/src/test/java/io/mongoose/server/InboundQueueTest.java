package io.mongoose.server;

import io.mongoose.pool.FeedReferences;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.SingleThreadMessageRing;
import io.mongoose.testing.SeqMessage;
import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

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

    /** The real publisher in front of the queue, as a server builds it for a single-subscriber feed. */
    private static FeedPublisher publisherTo(final InboundQueue in)
    {
        final FeedPublisher publisher =
            new FeedPublisher("test", FeedConfig.named("feed"), new DeliveryQueue[] {in.queue}, new String[] {"g"});
        publisher.open();
        return publisher;
    }

    /** As a drain of one message does: poll it, then expect its ring successor. */
    private static SeqMessage dispatchPolled(final InboundQueue from)
    {
        final SeqMessage polled = (SeqMessage)from.poll();
        from.expectAfter(polled);
        return polled;
    }

    /** One ring message published and dispatched, so the agent now expects the ring's next message. */
    private SeqMessage oneDelivered(final InboundQueue in, final FeedPublisher publisher)
    {
        final SeqMessage first = ring.acquire();
        assertTrue(publisher.publish(first));
        assertNull(in.takeAnnounced(), "nothing is expected before the first message");
        assertSame(first, dispatchPolled(in));
        return first;
    }

    @Test
    void theExpectedMessageIsTakenOnItsAnnouncementBeforeItsSlotIsRead()
    {
        final InboundQueue in = inbound(64);
        final FeedPublisher publisher = publisherTo(in);
        oneDelivered(in, publisher);
        final SeqMessage second = ring.acquire();

        assertTrue(publisher.publish(second));

        assertSame(second, in.takeAnnounced());
        assertEquals(1, in.queue.size(), "its slot is still in the queue");
        assertEquals(1, in.takenOnAnnouncement);
        assertNull(in.poll(), "the next poll takes the slot of the message already taken, and finds nothing after it");
        assertEquals(0, in.queue.size());
        in.expectAfter(second);
        final SeqMessage third = ring.acquire();
        assertTrue(publisher.publish(third));
        assertSame(third, in.takeAnnounced(), "the index moved on with the slot taken");
    }

    @Test
    void aMessageAnnouncedToAnotherQueueAtTheExpectedIndexIsNotTaken()
    {
        final InboundQueue a = inbound(64);
        final InboundQueue b = inbound(64);
        final FeedPublisher toB = publisherTo(b);
        oneDelivered(a, publisherTo(a));
        assertTrue(toB.publish(pool.acquire()));
        final SeqMessage next = ring.acquire();

        assertTrue(toB.publish(next));

        assertTrue(next.isAnnounced(b.queue.identity, 1), "announced at b's index 1, the index a expects next");
        assertNull(a.takeAnnounced());
        assertNull(a.poll());
        assertEquals(0, a.takenOnAnnouncement);
    }

    @Test
    void anUnannouncedMessageIsPolled()
    {
        final InboundQueue in = inbound(64);
        oneDelivered(in, publisherTo(in));
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
    void everyQueueHasItsOwnIdentityAndNoneIsZero()
    {
        final DeliveryQueue one = new DeliveryQueue(2);
        final DeliveryQueue two = new DeliveryQueue(2);

        assertNotEquals(one.identity, two.identity);
        assertNotEquals(0, one.identity);
        assertNotEquals(0, two.identity);
    }

    @Test
    void aClosingAgentWaitsForASlotThatLandsLate() throws Exception
    {
        final InboundQueue in = inbound(64);
        oneDelivered(in, publisherTo(in));
        final SeqMessage late = ring.acquire();
        // The producer announced, and is slow to make its offer.
        assertTrue(in.queue.announceNext(late));
        assertSame(late, in.takeAnnounced());
        final Thread producer = new Thread(() ->
        {
            try
            {
                TimeUnit.MILLISECONDS.sleep(50);
            }
            catch (final InterruptedException ignored)
            {
                Thread.currentThread().interrupt();
            }
            in.queue.offer(late);
        });
        producer.start();

        in.settleOnClose(TimeUnit.SECONDS.toNanos(30));

        producer.join();
        assertEquals(0, in.queue.dispatchedAhead, "the slot came within the wait and was taken");
        assertEquals(0, in.queue.size());
    }

    @Test
    void aSlotThatNeverCameBeforeTheAgentClosedIsSkippedNotReleasedTwiceAtStop()
    {
        final InboundQueue in = inbound(64);
        final FeedPublisher publisher = publisherTo(in);
        oneDelivered(in, publisher);
        final SeqMessage late = ring.acquire();
        // The producer announced, and stalled before its offer.
        assertTrue(FeedReferences.handOver(late, 1));
        assertTrue(in.queue.announceNext(late));
        assertSame(late, in.takeAnnounced());
        in.settleOnClose(1_000_000);
        assertEquals(1, in.queue.dispatchedAhead);
        // The agent dispatched and released it; then the producer's offer lands, and one more message after it.
        assertTrue(in.queue.offer(late));
        FeedReferences.releaseQueued(late);
        final SeqMessage undelivered = pool.acquire();
        assertTrue(FeedReferences.handOver(undelivered, 1));
        assertTrue(in.queue.offer(undelivered));

        assertEquals(1, publisher.releaseUndelivered(), "only the message never dispatched");

        assertEquals(0, undelivered.refCount());
        assertEquals(0, late.refCount(), "released once, by the agent");
        assertEquals(0, pool.stats().invalidReleases());
    }
}
