package io.mongoose.server;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.feed.FeedStats;
import io.mongoose.feed.FullQueuePolicy;
import io.mongoose.feed.PublishTimeoutException;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.testing.Await;
import io.mongoose.testing.GatedProcessor;
import io.mongoose.testing.SeqMessage;
import io.mongoose.testing.SequenceChecker;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each full-queue policy against a subscriber held inside its handler, with a second, free subscriber on the same
 * broadcast feed. Queue capacity 4: with the gated agent holding message 0, exactly 4 more fit in its queue.
 */
class FullQueuePolicyTest
{
    private static final int QUEUE = 4;

    private final PoolRegistry registry = new PoolRegistry("full-queue");
    private final ObjectPool<SeqMessage> pool = registry.register(SeqMessage.class, SeqMessage::new, PoolConfig.of(256));
    private final GatedProcessor gated = new GatedProcessor();
    private final SequenceChecker free = new SequenceChecker(1);

    private MongooseServer server(final FullQueuePolicy policy, final Duration publishTimeout)
    {
        final MongooseServer server = MongooseServer.builder().name("fq-" + policy).poolRegistry(registry)
            .feed(FeedConfig.broadcast("feed").queueCapacity(QUEUE).fullQueuePolicy(policy)
                .publishTimeout(publishTimeout))
            .agentGroup(AgentGroupConfig.named("gated").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("gated", gated))
            .agentGroup(AgentGroupConfig.named("free").idleStrategy(IdleStrategyKind.BACKOFF).processor("free", free))
            .build();
        server.start();
        return server;
    }

    /**
     * Publish sequences {@code first..last}, each accepted, waiting after each until the free subscriber has it: only
     * the gated subscriber's queue can then be full, whatever the machine's load.
     */
    private void publishPacedOnFreeSubscriber(final FeedPublisher feed, final long first, final long last)
    {
        for (long s = first; s <= last; s++)
        {
            assertTrue(feed.publish(message(s)), "publish of " + s + " accepted");
            final long expected = s + 1;
            Await.until("free subscriber took " + s, () -> free.received(0) == expected);
        }
    }

    private SeqMessage message(final long sequence)
    {
        final SeqMessage m = pool.acquire();
        m.producer = 0;
        m.sequence = sequence;
        return m;
    }

    @Test
    void dropSkipsOnlyTheFullSubscriberAndCountsEveryDrop()
    {
        final MongooseServer server = server(FullQueuePolicy.DROP, FeedConfig.DEFAULT_PUBLISH_TIMEOUT);
        final FeedPublisher feed = server.publisher("feed");
        assertTrue(feed.publish(message(0)));
        gated.awaitEntered();
        publishPacedOnFreeSubscriber(feed, 1, 99);
        final FeedStats stats = server.feedStats("feed");
        assertEquals(100, stats.published());
        assertEquals(100 - 1 - QUEUE, stats.dropped(), "gated agent holds 1, its queue 4; the rest are dropped");

        gated.open();
        Await.until("free subscriber got all", () -> free.received(0) == 100);
        Await.until("gated subscriber drained", () -> gated.handled().size() == 1 + QUEUE);
        final ShutdownReport report = server.stop();

        assertEquals(List.of(0L, 1L, 2L, 3L, 4L), gated.handled(), "the oldest survive, in order");
        assertNull(free.firstProblem());
        assertTrue(report.clean(), report::toString);
        assertEquals(0, pool.inFlight(), "dropped references were released");
    }

    @Test
    void failDeliversToNobodyAndLeavesTheMessageWithTheCaller()
    {
        final MongooseServer server = server(FullQueuePolicy.FAIL, FeedConfig.DEFAULT_PUBLISH_TIMEOUT);
        final FeedPublisher feed = server.publisher("feed");
        assertTrue(feed.publish(message(0)));
        gated.awaitEntered();
        publishPacedOnFreeSubscriber(feed, 1, QUEUE);

        final SeqMessage refused = message(5);
        assertFalse(feed.publish(refused), "the gated queue is full");
        assertEquals(1, refused.refCount(), "the caller still owns its reference");
        assertEquals(1, server.feedStats("feed").rejected());
        assertEquals(1 + QUEUE, free.received(0), "all or nothing: the free subscriber did not get it either");

        gated.open();
        Await.until("room again", () -> server.feedStats("feed").queueDepth() == 0);
        assertTrue(feed.publish(refused), "the caller retries the same message");
        Await.until("delivered everywhere", () -> free.received(0) == 6 && gated.handled().size() == 6);
        final ShutdownReport report = server.stop();

        assertEquals(LongStream.range(0, 6).boxed().collect(Collectors.toList()), gated.handled());
        assertNull(free.firstProblem());
        assertTrue(report.clean(), report::toString);
        assertEquals(0, pool.inFlight());
    }

    @Test
    void backoffIsLosslessWhileTheSubscriberCatchesUp() throws Exception
    {
        final MongooseServer server = server(FullQueuePolicy.BACKOFF, Duration.ofMinutes(2));
        final FeedPublisher feed = server.publisher("feed");
        final int total = 50;
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread producer = new Thread(() ->
        {
            try
            {
                for (long s = 0; s < total; s++)
                {
                    feed.publish(message(s));
                }
            }
            catch (final Throwable t)
            {
                failure.set(t);
            }
        }, "backoff-producer");
        producer.start();
        gated.awaitEntered();
        Await.until("producer blocked on the full queue", () -> server.feedStats("feed").published() == 1 + QUEUE);
        assertTrue(producer.isAlive(), "the producer waits rather than dropping");

        gated.open();
        producer.join();
        assertNull(failure.get());
        Await.until("all handled", () -> gated.handled().size() == total && free.received(0) == total);
        final ShutdownReport report = server.stop();

        assertEquals(LongStream.range(0, total).boxed().collect(Collectors.toList()), gated.handled());
        final FeedStats stats = server.feedStats("feed");
        assertEquals(total, stats.published());
        assertEquals(0, stats.dropped() + stats.rejected() + stats.timeouts());
        assertTrue(report.clean(), report::toString);
    }

    @Test
    void backoffGivesUpAfterThePublishTimeoutWithoutLeaking()
    {
        final MongooseServer server = server(FullQueuePolicy.BACKOFF, Duration.ofMillis(20));
        final FeedPublisher feed = server.publisher("feed");
        assertTrue(feed.publish(message(0)));
        gated.awaitEntered();
        publishPacedOnFreeSubscriber(feed, 1, QUEUE);
        final PublishTimeoutException timeout = assertThrows(PublishTimeoutException.class, () -> feed.publish(message(5)));
        assertTrue(timeout.getMessage().contains("feed 'feed': queue to agent 'gated' stayed full"), timeout::getMessage);
        assertEquals(1, server.feedStats("feed").timeouts());

        gated.open();
        Await.until("drained", () -> gated.handled().size() == 1 + QUEUE);
        final ShutdownReport report = server.stop();
        assertTrue(report.clean(), report::toString);
        assertEquals(0, pool.inFlight(), "the timed-out message's references were released");
    }
}
