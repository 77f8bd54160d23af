package io.mongoose.pool;

import io.mongoose.testing.SeqMessage;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PooledMessageAnnouncementTest
{
    private static ObjectPool<SeqMessage> pool(final int capacity)
    {
        return new ObjectPool<>("seq", SeqMessage.class, SeqMessage::new, PoolConfig.of(capacity));
    }

    @Test
    void aNewMessageIsAnnouncedNowhere()
    {
        final SeqMessage m = pool(1).acquire();

        assertFalse(m.isAnnounced(1, 0));
        assertFalse(m.isAnnounced(0, 0));
    }

    @Test
    void anAnnouncementMatchesOnlyItsQueueAndIndex()
    {
        final SeqMessage m = pool(1).acquire();

        m.announce(7, 3);

        assertTrue(m.isAnnounced(7, 3));
        assertFalse(m.isAnnounced(7, 4), "another index of the same queue");
        assertFalse(m.isAnnounced(8, 3), "the same index of another queue");
    }

    @Test
    void aNewAnnouncementReplacesTheOldOne()
    {
        final SeqMessage m = pool(1).acquire();
        m.announce(7, 3);

        m.announce(8, 5);

        assertFalse(m.isAnnounced(7, 3));
        assertFalse(m.isAnnounced(8, 3));
        assertFalse(m.isAnnounced(7, 5));
        assertTrue(m.isAnnounced(8, 5));
    }

    @Test
    void anAnnouncementToTheSameQueueMovesTheIndexAndOnlyIt()
    {
        final SeqMessage m = pool(1).acquire();
        m.announce(7, 3);

        m.announce(7, 4);

        assertTrue(m.isAnnounced(7, 4));
        assertFalse(m.isAnnounced(7, 3), "the previous index of the same queue");
        assertFalse(m.isAnnounced(8, 4), "the new index of another queue");
    }

    @Test
    void aMessageAnnouncedAgainAndThenElsewhereMatchesOnlyTheLast()
    {
        final SeqMessage m = pool(1).acquire();
        m.announce(7, 3);
        m.announce(7, 4);

        m.announce(8, 4);

        assertFalse(m.isAnnounced(7, 4), "the same index, but the queue changed");
        assertTrue(m.isAnnounced(8, 4));
        m.announce(7, 9);
        assertFalse(m.isAnnounced(8, 4));
        assertTrue(m.isAnnounced(7, 9));
    }

    @Test
    void aRingMessagesSuccessorIsTheNextSlotWrappingAround()
    {
        final SingleThreadMessageRing<SeqMessage> ring = pool(8).newThreadRing(4);
        final SeqMessage[] taken = new SeqMessage[4];
        for (int i = 0; i < taken.length; i++)
        {
            taken[i] = ring.acquire();
        }

        for (int i = 0; i < taken.length; i++)
        {
            assertSame(taken[(i + 1) % taken.length], taken[i].ringSuccessor(), "successor of slot " + i);
        }
    }

    @Test
    void aMessageOutsideAnyRingHasNoSuccessor()
    {
        final ObjectPool<SeqMessage> pool = pool(8);
        final SingleThreadMessageRing<SeqMessage> ring = pool.newThreadRing(2);
        final SeqMessage fromPool = pool.acquire();
        final SeqMessage fromRing = ring.acquire();

        assertNull(fromPool.ringSuccessor());

        ring.close();
        fromRing.release();
        assertEquals(7, pool.free(), "all but fromPool: the pool takes fromRing back from its closed ring as it counts");
        assertNull(fromRing.ringSuccessor(), "the pool's again, in no ring");
    }
}
