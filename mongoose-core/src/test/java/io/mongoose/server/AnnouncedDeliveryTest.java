package io.mongoose.server;

import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.pool.SingleThreadMessageRing;
import io.mongoose.testing.Await;
import io.mongoose.testing.SeqMessage;
import io.mongoose.testing.SequenceChecker;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Agents take messages on their announcement (DeliveryQueue) only when they are the very message at the agent's index
 * in its own queue. One producer publishes from one small ring to three single-subscriber feeds of one agent group, so
 * the message an agent expects next (the ring successor of its last one) has mostly been announced to another feed.
 * First in a pattern that announces it at the very index the agent expects; then at random, mixing in messages from
 * the pool's free list and holding some ring messages back, so the ring skips slots. Every processor must still see
 * exactly its own feed's messages, once each, in order.
 */
class AnnouncedDeliveryTest
{
    private static final int FEEDS = 3;
    private static final int MESSAGES = 300_000;
    private static final int HELD = 16;
    private static final int PACED = 200;

    private static long delivered(final SequenceChecker[] checkers)
    {
        long received = 0;
        for (final SequenceChecker checker : checkers)
        {
            received += checker.receivedTotal();
        }
        return received;
    }

    @Test
    void eachSingleSubscriberFeedDeliversExactlyItsOwnMessagesInOrder()
    {
        final PoolRegistry registry = new PoolRegistry("announced");
        final ObjectPool<SeqMessage> pool = registry.register(
            SeqMessage.class, SeqMessage::new, PoolConfig.of(4096).waitOnExhaustion(Duration.ofMinutes(1)));
        final SequenceChecker[] checkers = new SequenceChecker[FEEDS];
        AgentGroupConfig group = AgentGroupConfig.named("g").idleStrategy(IdleStrategyKind.BACKOFF);
        final MongooseServer.Builder builder = MongooseServer.builder().name("announced").poolRegistry(registry)
            .shutdownTimeout(Duration.ofMinutes(1));
        for (int f = 0; f < FEEDS; f++)
        {
            checkers[f] = new SequenceChecker(FEEDS);
            builder.feed(FeedConfig.named("f" + f).queueCapacity(256));
            group = group.processor("p" + f, checkers[f], "f" + f);
        }
        final MongooseServer server = builder.agentGroup(group).build();
        server.start();
        final FeedPublisher[] feeds = new FeedPublisher[FEEDS];
        for (int f = 0; f < FEEDS; f++)
        {
            feeds[f] = server.publisher("f" + f);
        }

        final long[] published = new long[FEEDS];
        final SeqMessage[] held = new SeqMessage[HELD];
        final SplittableRandom random = new SplittableRandom(11);
        try (SingleThreadMessageRing<SeqMessage> ring = pool.newThreadRing(64))
        {
            for (int i = 0; i < MESSAGES; i++)
            {
                final boolean lockstep = i < MESSAGES / 3;
                final SeqMessage m = !lockstep && random.nextInt(8) == 0 ? pool.acquire() : ring.acquire();
                // First f1 once, then f0 and f1 in turn: each f0 message's ring successor goes to f1 at the very
                // index f0's agent expects next. Then at random.
                final int feed = lockstep ? (i + 1) % 2 : random.nextInt(FEEDS);
                m.producer = feed;
                m.sequence = published[feed]++;
                if (!lockstep && random.nextInt(64) == 0)
                {
                    // Keep a reference past the publish, so its ring slot is still out when the ring comes round.
                    m.retain();
                    final int at = random.nextInt(HELD);
                    if (null != held[at])
                    {
                        held[at].release();
                    }
                    held[at] = m;
                }
                feeds[feed].publish(m);
            }
            for (final SeqMessage m : held)
            {
                if (null != m)
                {
                    m.release();
                }
            }
            Await.until("the random phase delivered", () -> delivered(checkers) == MESSAGES);
            // Last, one message at a time to one feed, each awaited: the agent is idle when each arrives and expects
            // exactly it, so these are taken on announcement (a message can only be polled instead if the agent's
            // look at it falls between the announcement and the slot, a window of a few instructions).
            for (int i = 0; i < PACED; i++)
            {
                final SeqMessage m = ring.acquire();
                m.producer = 2;
                m.sequence = published[2]++;
                feeds[2].publish(m);
                final long expected = published[2];
                Await.until("paced message " + i, () -> checkers[2].received(2) == expected);
            }
        }

        final ShutdownReport report = server.stop();

        for (int f = 0; f < FEEDS; f++)
        {
            assertNull(checkers[f].firstProblem(), "p" + f);
            assertEquals(published[f], checkers[f].received(f), "p" + f + " received all of f" + f);
            assertEquals(published[f], checkers[f].receivedTotal(), "p" + f + " received nothing of other feeds");
        }
        final InboundQueue paced = server.agentOf("g").inbound()[2];
        assertEquals("f2", paced.feedName);
        assertTrue(paced.takenOnAnnouncement >= PACED / 2, paced.takenOnAnnouncement + " of f2's " + PACED +
            " paced messages taken on announcement; expected nearly all");
        assertTrue(report.clean(), report::toString);
        assertEquals(0, pool.inFlight());
        assertEquals(0, pool.stats().invalidReleases());
    }
}
