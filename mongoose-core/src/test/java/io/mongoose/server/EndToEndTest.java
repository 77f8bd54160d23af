package io.mongoose.server;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.feed.FeedStats;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.testing.Await;
import io.mongoose.testing.SeqMessage;
import io.mongoose.testing.SequenceChecker;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two producers, two agent groups, broadcast and named feeds, 5M publishes: every subscriber sees every message it
 * should, exactly once, in each feed's order; afterwards every pooled message is home.
 */
class EndToEndTest
{
    private static final int FEEDS = 4;          // b0, n0 (producer 0); b1, n1 (producer 1)
    private static final String[] FEED_NAMES = {"b0", "n0", "b1", "n1"};
    private static final long PER_PRODUCER = 2_500_000;
    private static final int POOL_CAPACITY = 8192;

    @Test
    void everySubscriberSeesEveryMessageExactlyOnceInFeedOrder() throws Exception
    {
        final PoolRegistry registry = new PoolRegistry("e2e");
        final ObjectPool<SeqMessage> pool = registry.register(
            SeqMessage.class, SeqMessage::new, PoolConfig.of(POOL_CAPACITY).waitOnExhaustion(Duration.ofMinutes(2)));

        // g0: p0a subscribes n0, p0b subscribes n1; g1: p1 subscribes n0 and n1. Broadcast b0/b1 reach all three.
        final SequenceChecker p0a = new SequenceChecker(FEEDS);
        final SequenceChecker p0b = new SequenceChecker(FEEDS);
        final SequenceChecker p1 = new SequenceChecker(FEEDS);
        final MongooseServer server = MongooseServer.builder().name("e2e").poolRegistry(registry)
            .feed(FeedConfig.broadcast("b0").queueCapacity(1024))
            .feed(FeedConfig.named("n0").queueCapacity(1024))
            .feed(FeedConfig.broadcast("b1").queueCapacity(1024))
            .feed(FeedConfig.named("n1").queueCapacity(1024))
            .agentGroup(AgentGroupConfig.named("g0").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("p0a", p0a, "n0")
                .processor("p0b", p0b, "n1"))
            .agentGroup(AgentGroupConfig.named("g1").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("p1", p1, "n0", "n1"))
            .shutdownTimeout(Duration.ofMinutes(2))
            .build();
        server.start();

        final long[] published = new long[FEEDS];
        final AtomicReference<Throwable> producerFailure = new AtomicReference<>();
        final Thread producer0 = producer(server, pool, 0, 42, published, producerFailure);
        final Thread producer1 = producer(server, pool, 2, 7, published, producerFailure);
        producer0.start();
        producer1.start();
        producer0.join();
        producer1.join();
        assertNull(producerFailure.get(), () -> "producer failed: " + producerFailure.get());

        final long total = published[0] + published[1] + published[2] + published[3];
        assertEquals(2 * PER_PRODUCER, total);
        assertTrue(published[1] > 0 && published[3] > 0 && published[0] > 0 && published[2] > 0, "all feeds used");

        Await.until("all deliveries", () ->
            p0a.receivedTotal() == published[0] + published[2] + published[1] &&
            p0b.receivedTotal() == published[0] + published[2] + published[3] &&
            p1.receivedTotal() == total);
        final ShutdownReport report = server.stop();

        for (final SequenceChecker checker : new SequenceChecker[]{p0a, p0b, p1})
        {
            assertNull(checker.firstProblem());
            assertEquals(published[0], checker.received(0), "broadcast b0");
            assertEquals(published[2], checker.received(2), "broadcast b1");
        }
        assertEquals(published[1], p0a.received(1));
        assertEquals(0, p0a.received(3), "p0a does not subscribe n1");
        assertEquals(0, p0b.received(1), "p0b does not subscribe n0");
        assertEquals(published[3], p0b.received(3));
        assertEquals(published[1], p1.received(1));
        assertEquals(published[3], p1.received(3));

        for (int f = 0; f < FEEDS; f++)
        {
            final FeedStats stats = server.feedStats(FEED_NAMES[f]);
            assertEquals(published[f], stats.published(), FEED_NAMES[f]);
            assertEquals(0, stats.dropped() + stats.rejected() + stats.timeouts() + stats.undeliveredAtStop());
        }
        assertEquals(published[0] * 3 + published[1] * 2 + published[2] * 3 + published[3] * 2,
            server.processorStats("p0a").handled() +
            server.processorStats("p0b").handled() + server.processorStats("p1").handled());
        assertTrue(report.clean(), report::toString);
        assertEquals(0, pool.inFlight());
        assertEquals(POOL_CAPACITY, pool.free());
        assertEquals(POOL_CAPACITY, pool.created(), "steady state never grew the pool");
        assertEquals(0, pool.stats().invalidReleases());
    }

    private static Thread producer(
        final MongooseServer server, final ObjectPool<SeqMessage> pool, final int firstFeed, final long seed,
        final long[] published, final AtomicReference<Throwable> failure)
    {
        final FeedPublisher broadcast = server.publisher(FEED_NAMES[firstFeed]);
        final FeedPublisher named = server.publisher(FEED_NAMES[firstFeed + 1]);
        final Thread thread = new Thread(() ->
        {
            try
            {
                final SplittableRandom random = new SplittableRandom(seed);
                long broadcastSeq = 0;
                long namedSeq = 0;
                for (long i = 0; i < PER_PRODUCER; i++)
                {
                    final SeqMessage m = pool.acquire();
                    if (random.nextInt(4) == 0)
                    {
                        m.producer = firstFeed;
                        m.sequence = broadcastSeq++;
                        broadcast.publish(m);
                    }
                    else
                    {
                        m.producer = firstFeed + 1;
                        m.sequence = namedSeq++;
                        named.publish(m);
                    }
                }
                published[firstFeed] = broadcastSeq;
                published[firstFeed + 1] = namedSeq;
            }
            catch (final Throwable t)
            {
                failure.compareAndSet(null, t);
            }
        }, "producer-" + firstFeed / 2);
        return thread;
    }
}
