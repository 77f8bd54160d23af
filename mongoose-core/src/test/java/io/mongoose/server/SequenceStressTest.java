package io.mongoose.server;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.feed.Feed;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.feed.FeedStats;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.pool.PoolStats;
import io.mongoose.status.AgentGroupStats;
import io.mongoose.status.ProcessorStats;
import io.mongoose.testing.Await;
import io.mongoose.testing.SeqMessage;
import io.mongoose.testing.SequenceChecker;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Three producers, three agent groups hosting five processors, nine feeds (each producer owns one broadcast feed and
 * two named feeds with different subscriber sets), 50M publishes chosen at random per message. Every processor checks
 * exactly-once, in-order delivery per feed and the exact count per feed it receives; afterwards every pool is balanced
 * and the shutdown report is clean.
 *
 * <p>The seed comes from {@code -Dmongoose.stress.seed} (random otherwise) and the total from
 * {@code -Dmongoose.stress.messages}; both are printed and appear in every failure message, so a failure can be
 * replayed. Nothing here asserts on time: the elapsed time is only printed.
 */
class SequenceStressTest
{
    private static final int PRODUCERS = 3;
    private static final int FEEDS_PER_PRODUCER = 3;
    private static final int FEEDS = PRODUCERS * FEEDS_PER_PRODUCER;
    private static final long DEFAULT_MESSAGES = 50_000_000L;
    private static final int QUEUE_CAPACITY = 1024;
    private static final int POOL_CAPACITY = 16_384;

    /** Processor names, in the order of {@link #GROUP_OF}. */
    private static final String[] PROCESSORS = {"pA", "pB", "pC", "pD", "pE"};
    /** The agent group hosting each processor: g0 hosts two, g1 one, g2 two. */
    private static final String[] GROUP_OF = {"g0", "g0", "g1", "g2", "g2"};
    private static final String[] GROUPS = {"g0", "g1", "g2"};

    /**
     * Feed f belongs to producer f / 3. Index 0 of each producer's three is broadcast; the named ones list their
     * subscribers. The sets differ on purpose: two processors of one group (x1), one of a group but not its neighbour
     * (x0, y0), a single subscriber (y1), and every processor (y2, named yet reaching all).
     */
    private static final String[] FEED_NAMES = {"b0", "x0", "y0", "b1", "x1", "y1", "b2", "x2", "y2"};
    private static final List<Set<String>> NAMED_SUBSCRIBERS = List.of(
        Set.of(), Set.of("pA", "pC"), Set.of("pB", "pD", "pE"),
        Set.of(), Set.of("pA", "pB"), Set.of("pE"),
        Set.of(), Set.of("pC", "pD"), Set.of("pA", "pB", "pC", "pD", "pE"));

    @Test
    void fiftyMillionRandomPublishesArriveExactlyOnceInFeedOrder() throws Exception
    {
        final long seed = Long.getLong("mongoose.stress.seed", new SplittableRandom().nextLong());
        final long totalMessages = Long.getLong("mongoose.stress.messages", DEFAULT_MESSAGES);
        final String run = "seed=" + seed + " (-Dmongoose.stress.seed), messages=" + totalMessages;

        final PoolRegistry registry = new PoolRegistry("stress");
        // WAIT: when every queue is full the producers wait for the agents to return messages instead of failing.
        final ObjectPool<SeqMessage> pool = registry.register(
            SeqMessage.class, SeqMessage::new, PoolConfig.of(POOL_CAPACITY).waitOnExhaustion(Await.GENEROUS));

        final SequenceChecker[] checkers = new SequenceChecker[PROCESSORS.length];
        final MongooseServerBuilder builder = MongooseServer.builder().name("stress").poolRegistry(registry)
            .shutdownTimeout(Await.GENEROUS);
        for (int f = 0; f < FEEDS; f++)
        {
            final FeedConfig feed = isBroadcast(f) ? FeedConfig.broadcast(FEED_NAMES[f]) : FeedConfig.named(FEED_NAMES[f]);
            // Lossless back-off with a generous bound: a loaded 2-core machine may starve an agent for a while.
            builder.feed(feed.queueCapacity(QUEUE_CAPACITY).publishTimeout(Await.GENEROUS));
        }
        for (final String group : GROUPS)
        {
            // backoff parks idle agents, so six threads can share two cores without starving the producers.
            AgentGroupConfig config = AgentGroupConfig.named(group).idleStrategy(IdleStrategyKind.BACKOFF);
            for (int p = 0; p < PROCESSORS.length; p++)
            {
                if (GROUP_OF[p].equals(group))
                {
                    checkers[p] = new SequenceChecker(FEEDS);
                    config = config.processor(PROCESSORS[p], checkers[p], subscriptions(PROCESSORS[p]));
                }
            }
            builder.agentGroup(config);
        }
        final MongooseServer server = builder.build();
        server.start();

        final long[] published = new long[FEEDS];
        final AtomicReference<Throwable> producerFailure = new AtomicReference<>();
        final Thread[] producers = new Thread[PRODUCERS];
        final long perProducer = totalMessages / PRODUCERS;
        final long started = System.nanoTime();
        for (int k = 0; k < PRODUCERS; k++)
        {
            final long messages = k == PRODUCERS - 1 ? totalMessages - perProducer * (PRODUCERS - 1) : perProducer;
            producers[k] = producer(server, pool, k, seed + k, messages, published, producerFailure);
            producers[k].start();
        }
        for (final Thread producer : producers)
        {
            producer.join();
        }
        assertNull(producerFailure.get(), () -> run + ": producer failed: " + producerFailure.get());

        long total = 0;
        for (final long count : published)
        {
            total += count;
        }
        assertEquals(totalMessages, total, run);
        final long[] expectedTotal = new long[PROCESSORS.length];
        for (int p = 0; p < PROCESSORS.length; p++)
        {
            for (int f = 0; f < FEEDS; f++)
            {
                expectedTotal[p] += receives(PROCESSORS[p], f) ? published[f] : 0;
            }
        }
        Await.until(run + ": every processor received what it subscribes to", () ->
        {
            for (int p = 0; p < PROCESSORS.length; p++)
            {
                // A sequence problem ends the wait at once: the assertions below report it with the seed.
                if (null != checkers[p].firstProblem())
                {
                    return true;
                }
                if (checkers[p].receivedTotal() != expectedTotal[p])
                {
                    return false;
                }
            }
            return true;
        });
        final ShutdownReport report = server.stop();
        final long elapsedNanos = System.nanoTime() - started;
        System.out.printf("SequenceStressTest: %,d publishes, %d feeds, %d processors, %s, %.1f s (%.2fM publishes/s, " +
                "%d cores, load %.2f)%n", total, FEEDS, PROCESSORS.length, run, elapsedNanos / 1e9,
            total / (elapsedNanos / 1e3), Runtime.getRuntime().availableProcessors(),
            ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());

        long expectedHandled = 0;
        for (int p = 0; p < PROCESSORS.length; p++)
        {
            final String name = PROCESSORS[p];
            final SequenceChecker checker = checkers[p];
            assertNull(checker.firstProblem(), () -> run + ": " + name + " saw " + checker.firstProblem());
            for (int f = 0; f < FEEDS; f++)
            {
                final long expected = receives(name, f) ? published[f] : 0;
                assertEquals(expected, checkers[p].received(f), run + ": " + name + " on feed " + FEED_NAMES[f]);
            }
            final ProcessorStats stats = server.processorStats(name);
            assertEquals(expectedTotal[p], stats.handled(), run + ": handled by " + name);
            assertEquals(0, stats.errors() + stats.unhandled(), run + ": " + stats);
            expectedHandled += expectedTotal[p];
        }
        assertTrue(expectedHandled > total, run + ": fan-out reached more than one processor per message");
        for (int f = 0; f < FEEDS; f++)
        {
            final FeedStats stats = server.feedStats(FEED_NAMES[f]);
            assertTrue(published[f] > 0, run + ": feed " + FEED_NAMES[f] + " was used");
            assertEquals(published[f], stats.published(), run + ": " + stats);
            assertEquals(0, stats.dropped() + stats.rejected() + stats.timeouts() + stats.undeliveredAtStop(),
                run + ": " + stats);
            assertEquals(0, stats.queueDepth(), run + ": " + stats);
        }
        long dispatched = 0;
        for (final String group : GROUPS)
        {
            final AgentGroupStats stats = server.agentStats(group);
            assertEquals(0, stats.errors(), run + ": " + stats);
            dispatched += stats.dispatched();
        }
        assertEquals(expectedQueueDeliveries(published), dispatched, run + ": one dispatch per (message, group queue)");

        assertTrue(report.clean(), () -> run + ": " + report);
        assertEquals(0, report.handlerErrors() + report.unhandled(), run + ": " + report);
        for (final ObjectPool<?> each : registry.pools())
        {
            final PoolStats stats = each.stats();
            assertEquals(0, stats.inFlight(), run + ": " + stats);
            assertEquals(stats.capacity(), stats.free(), run + ": " + stats);
            assertEquals(stats.capacity(), stats.created(), run + ": steady state never grew the pool: " + stats);
            assertEquals(0, stats.retired() + stats.invalidReleases(), run + ": " + stats);
        }
    }

    private static Thread producer(
        final MongooseServer server, final ObjectPool<SeqMessage> pool, final int producer, final long seed,
        final long messages, final long[] published, final AtomicReference<Throwable> failure)
    {
        final FeedPublisher[] feeds = new FeedPublisher[FEEDS_PER_PRODUCER];
        for (int i = 0; i < FEEDS_PER_PRODUCER; i++)
        {
            feeds[i] = server.publisher(FEED_NAMES[producer * FEEDS_PER_PRODUCER + i]);
        }
        return new Thread(() ->
        {
            final long[] sequences = new long[FEEDS_PER_PRODUCER];
            try
            {
                final SplittableRandom random = new SplittableRandom(seed);
                for (long i = 0; i < messages; i++)
                {
                    final int which = random.nextInt(FEEDS_PER_PRODUCER);
                    final SeqMessage m = pool.acquire();
                    m.producer = producer * FEEDS_PER_PRODUCER + which;
                    m.sequence = sequences[which]++;
                    feeds[which].publish(m);
                }
            }
            catch (final Throwable t)
            {
                failure.compareAndSet(null, t);
            }
            finally
            {
                // Written before the thread ends; the test thread reads them after join().
                for (int i = 0; i < FEEDS_PER_PRODUCER; i++)
                {
                    published[producer * FEEDS_PER_PRODUCER + i] = sequences[i];
                }
            }
        }, "stress-producer-" + producer);
    }

    private static boolean isBroadcast(final int feed)
    {
        return feed % FEEDS_PER_PRODUCER == 0;
    }

    private static boolean receives(final String processor, final int feed)
    {
        return isBroadcast(feed) || NAMED_SUBSCRIBERS.get(feed).contains(processor);
    }

    private static String[] subscriptions(final String processor)
    {
        final List<String> feeds = new ArrayList<>();
        for (int f = 0; f < FEEDS; f++)
        {
            if (!isBroadcast(f) && NAMED_SUBSCRIBERS.get(f).contains(processor))
            {
                feeds.add(FEED_NAMES[f]);
            }
        }
        return feeds.toArray(new String[0]);
    }

    /** A group's processors share one queue per feed, so the agents dispatch once per (message, receiving group). */
    private static long expectedQueueDeliveries(final long[] published)
    {
        long deliveries = 0;
        for (int f = 0; f < FEEDS; f++)
        {
            for (final String group : GROUPS)
            {
                boolean receives = false;
                for (int p = 0; p < PROCESSORS.length; p++)
                {
                    receives |= GROUP_OF[p].equals(group) && receives(PROCESSORS[p], f);
                }
                deliveries += receives ? published[f] : 0;
            }
        }
        return deliveries;
    }
}
