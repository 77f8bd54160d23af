package io.mongoose.feed;

import io.mongoose.internal.MessageRing;
import io.mongoose.pool.PooledMessage;
import io.mongoose.testing.SeqMessage;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a ring feed does when its ring refuses a publish, on a ring that refuses every one. */
class RingFeedRefusalTest
{
    @Test
    void aPublishTheClosedRingRefusesGivesBackAClaimThatRacedTheClose()
    {
        final RefusingRing ring = new RefusingRing(new IllegalStateException("ring closed"));
        final RingFeed feed = feed(ring);
        final SeqMessage message = feed.claim(SeqMessage.class);

        final IllegalStateException refused = assertThrows(IllegalStateException.class, () -> feed.publish(message));
        assertTrue(refused.getMessage().contains("the message went back to its pool when the feed's ring closed at " +
            "stop"), refused.getMessage());
        assertEquals(1, ring.strayReturns, "the slot a racing claim refilled is given back");

        assertThrows(IllegalStateException.class, () -> feed.publish(new PooledMessage[] {message}, 0, 1));
        assertEquals(2, ring.strayReturns);
    }

    @Test
    void aPublishTheRingRefusesAsABadArgumentNamesTheFeedAndReturnsNothing()
    {
        final RefusingRing ring = new RefusingRing(new IllegalArgumentException("not the oldest unpublished claim"));
        final RingFeed feed = feed(ring);
        final SeqMessage message = feed.claim(SeqMessage.class);

        final IllegalArgumentException refused =
            assertThrows(IllegalArgumentException.class, () -> feed.publish(message));
        assertEquals("feed 'in': not the oldest unpublished claim", refused.getMessage());
        assertEquals(0, ring.strayReturns);
    }

    private static RingFeed feed(final MessageRing<PooledMessage> ring)
    {
        final RingFeed feed = new RingFeed("server", new FeedSettings("in", FeedKind.NAMED, FullQueuePolicy.FAIL,
            Duration.ofSeconds(1)), ring, "agent", false);
        feed.open();
        return feed;
    }

    /** Hands out one message and refuses every publish with {@code refusal}; counts {@link #returnStrays()}. */
    private static final class RefusingRing extends MessageRing<PooledMessage>
    {
        private final RuntimeException refusal;
        private final SeqMessage message = new SeqMessage();
        int strayReturns;

        RefusingRing(final RuntimeException refusal)
        {
            this.refusal = refusal;
        }

        @Override
        public PooledMessage tryClaim()
        {
            return message;
        }

        @Override
        public void publish(final PooledMessage m)
        {
            throw refusal;
        }

        @Override
        public void publish(final PooledMessage[] messages, final int offset, final int count)
        {
            throw refusal;
        }

        @Override
        public int returnStrays()
        {
            strayReturns++;
            return 1;
        }

        @Override
        public boolean isPublished(final long sequence)
        {
            return false;
        }

        @Override
        public PooledMessage messageAt(final long sequence)
        {
            return message;
        }

        @Override
        public int afterDrain(final long from, final long to)
        {
            return 0;
        }

        @Override
        public void consumedUpTo(final long sequence)
        {
        }

        @Override
        public long published()
        {
            return 0;
        }

        @Override
        public long consumed()
        {
            return 0;
        }

        @Override
        public long depth()
        {
            return 0;
        }

        @Override
        public long producerSequence()
        {
            return 0;
        }

        @Override
        public int claimedUnpublished()
        {
            return 1;
        }

        @Override
        public Class<? extends PooledMessage> messageType()
        {
            return SeqMessage.class;
        }

        @Override
        public int close()
        {
            return 0;
        }
    }
}
