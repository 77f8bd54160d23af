package io.mongoose.server;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.config.MongooseConfigException;
import io.mongoose.config.ProcessorConfig;
import io.mongoose.config.ThreadMode;
import io.mongoose.dispatch.EventHandler;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.feed.FeedStats;
import io.mongoose.feed.FullQueuePolicy;
import io.mongoose.feed.PublishTimeoutException;
import io.mongoose.pool.LeakDetection;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.pool.PooledMessage;
import io.mongoose.status.CounterType;
import io.mongoose.testing.Await;
import io.mongoose.testing.GatedProcessor;
import io.mongoose.testing.OtherMessage;
import io.mongoose.testing.SeqMessage;
import io.mongoose.testing.SequenceChecker;
import io.mongoose.testing.ThreadAllocation;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Ring feeds ({@link FeedConfig#ring(Class)}): claim, fill, publish, dispatched in place on the one receiving agent
 * group, with the same handlers, policies, pauses and stop as queue feeds.
 */
class RingFeedTest
{
    private final PoolRegistry registry = new PoolRegistry("ring-feed");
    private final ObjectPool<SeqMessage> pool = registry.register(SeqMessage.class, SeqMessage::new,
        PoolConfig.of(64).waitOnExhaustion(Duration.ofSeconds(30)));

    private MongooseServer server(final FeedConfig feed, final EventProcessor... processors)
    {
        AgentGroupConfig group = AgentGroupConfig.named("agent").idleStrategy(IdleStrategyKind.BACKOFF).drainLimit(8);
        for (int i = 0; i < processors.length; i++)
        {
            group = group.processor("p" + i, processors[i], feed.name());
        }
        final MongooseServer server = MongooseServer.builder().name("ring").poolRegistry(registry).feed(feed)
            .agentGroup(group).build();
        server.start();
        return server;
    }

    /** Claim, fill and publish sequences {@code [from, to)} of producer 0 on a ring feed. */
    static void publishSequences(final FeedPublisher feed, final long from, final long to)
    {
        for (long s = from; s < to; s++)
        {
            final SeqMessage m = feed.claim(SeqMessage.class);
            m.producer = 0;
            m.sequence = s;
            assertTrue(feed.publish(m));
        }
    }

    @Test
    void everyProcessorOfTheGroupReceivesEveryMessageOnceInOrderAndStopReturnsTheRingToItsPool()
    {
        final SequenceChecker first = new SequenceChecker(1);
        final SequenceChecker second = new SequenceChecker(1);
        final MongooseServer server = server(FeedConfig.named("ticks").queueCapacity(16).ring(SeqMessage.class),
            first, second);
        final FeedPublisher feed = server.publisher("ticks");
        assertTrue(feed.isRing());
        assertEquals(16, pool.inFlight(), "the ring holds its 16 messages while the server runs");

        publishSequences(feed, 0, 10_000); // many laps of a 16-slot ring

        Await.until("both processors have all", () -> first.received(0) == 10_000 && second.received(0) == 10_000);
        // A handler returns before the agent hands the drain's slots back.
        Await.until("every slot handed back", () -> server.feedStats("ticks").queueDepth() == 0);
        final FeedStats stats = server.feedStats("ticks");
        assertEquals(10_000, stats.published());
        assertEquals(1, stats.subscribers());
        assertEquals(0, stats.queueDepth());
        assertEquals(10_000, server.processorStats("p0").handled());
        final ShutdownReport report = server.stop();

        assertNull(first.firstProblem());
        assertNull(second.firstProblem());
        assertTrue(report.clean(), report::toString);
        assertEquals(0, pool.inFlight(), "every ring message back");
        assertEquals(64, pool.free());
    }

    @Test
    void aMessageAcquiredFromThePoolAndPublishedOnARingFeedIsRefusedWithTheWayToClaimOne()
    {
        final SequenceChecker checker = new SequenceChecker(1);
        final MongooseServer server = server(FeedConfig.named("ticks").queueCapacity(16).ring(SeqMessage.class),
            checker);
        final SeqMessage acquired = pool.acquire();

        final IllegalArgumentException refused =
            assertThrows(IllegalArgumentException.class, () -> server.publisher("ticks").publish(acquired));
        assertEquals("feed 'ticks': ring of pool 'SeqMessage': publish of " + SeqMessage.class.getName() + "@" +
            Integer.toHexString(System.identityHashCode(acquired)) + ", which was not claimed from this ring; on a " +
            "ring feed, use claim() to take the next message and publish that, rather than a message acquired from " +
            "a pool", refused.getMessage());
        assertEquals(1, acquired.refCount(), "still the caller's");
        assertTrue(acquired.release());
        assertTrue(server.stop().clean());
        assertEquals(0, checker.received(0));
    }

    @Test
    void thePublishedCounterFollowsTheRingsSequenceAtEachSample()
    {
        final SequenceChecker checker = new SequenceChecker(1);
        final MongooseServer server = server(FeedConfig.named("ticks").queueCapacity(16).ring(SeqMessage.class),
            checker);
        publishSequences(server.publisher("ticks"), 0, 100);
        Await.until("all handled", () -> checker.received(0) == 100);

        server.health(); // takes a fresh sample, which copies the ring's sequence into the counter
        assertEquals(100, server.counters().value(CounterType.FEED_PUBLISHED, "ticks"));
        assertEquals(100, server.feedStats("ticks").published());
        assertTrue(server.stop().clean());
    }

    @Test
    void aProcessorWithNoHandlerForTheRingsTypeCountsEveryMessageUnhandled()
    {
        final SequenceChecker checker = new SequenceChecker(1);
        final EventProcessor other = new EventProcessor()
        {
            @Override
            public void registerHandlers(final HandlerRegistry handlers)
            {
                handlers.on(OtherMessage.class, m ->
                {
                });
            }
        };
        final MongooseServer server = server(FeedConfig.named("ticks").queueCapacity(16).ring(SeqMessage.class),
            checker, other);
        publishSequences(server.publisher("ticks"), 0, 50);
        Await.until("all handed back", () -> checker.received(0) == 50 &&
            server.feedStats("ticks").queueDepth() == 0);

        assertEquals(50, server.processorStats("p1").unhandled());
        assertEquals(0, server.processorStats("p1").handled());
        assertEquals(50, server.processorStats("p0").handled());
        final ShutdownReport report = server.stop();
        assertEquals(50, report.unhandled());
        assertEquals(Map.of(), report.leaksByType());
    }

    @Test
    void aMessageAHandlerRetainsStaysValidUntilItsReleaseThenGoesToThePoolWhileTheRingGoesOn()
    {
        final ConcurrentLinkedQueue<SeqMessage> kept = new ConcurrentLinkedQueue<>();
        final SequenceChecker checker = new SequenceChecker(1);
        final EventProcessor keeper = new EventProcessor()
        {
            @Override
            public void registerHandlers(final HandlerRegistry handlers)
            {
                handlers.on(SeqMessage.class, m ->
                {
                    if (m.sequence % 10 == 0)
                    {
                        m.retain();
                        kept.add(m);
                    }
                });
            }
        };
        final MongooseServer server = server(FeedConfig.named("ticks").queueCapacity(8).ring(SeqMessage.class),
            keeper, checker);
        final FeedPublisher feed = server.publisher("ticks");

        publishSequences(feed, 0, 40);
        Await.until("all handled", () -> checker.received(0) == 40);
        // And done with: the agent drops its reference to a kept message after the handlers return.
        Await.until("every slot handed back", () -> server.feedStats("ticks").queueDepth() == 0);

        assertEquals(4, kept.size());
        long expected = 0;
        for (final SeqMessage m : kept)
        {
            assertEquals(expected, m.sequence, "a kept message is never overwritten by a later lap");
            assertEquals(1, m.refCount(), "the holder's reference only");
            expected += 10;
        }
        assertEquals(8 + 4, pool.inFlight(), "the ring's 8, refilled from the pool, and the 4 kept");
        for (final SeqMessage m : kept)
        {
            assertTrue(m.release());
        }
        assertEquals(8, pool.inFlight());
        final ShutdownReport report = server.stop();
        assertNull(checker.firstProblem());
        assertTrue(report.clean(), report::toString);
        assertEquals(0, pool.inFlight());
    }

    @Test
    void aHandlerThatThrowsIsCountedAndTheMessageStillGoesBackToTheRing()
    {
        final AtomicReference<String> reported = new AtomicReference<>();
        final EventProcessor thrower = new EventProcessor()
        {
            @Override
            public void registerHandlers(final HandlerRegistry handlers)
            {
                handlers.on(SeqMessage.class, m ->
                {
                    if (m.sequence % 2 == 1)
                    {
                        throw new IllegalStateException("odd " + m.sequence);
                    }
                });
            }
        };
        final MongooseServer server = MongooseServer.builder().name("ring").poolRegistry(registry)
            .errorHandler((source, message, error) -> reported.compareAndSet(null, source + ": " + error.getMessage()))
            .feed(FeedConfig.named("ticks").queueCapacity(4).ring(SeqMessage.class))
            .agentGroup(AgentGroupConfig.named("agent").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("thrower", thrower, "ticks"))
            .build();
        server.start();

        publishSequences(server.publisher("ticks"), 0, 100);
        Await.until("all dispatched", () -> server.processorStats("thrower").errors() == 50 &&
            server.processorStats("thrower").handled() == 50);
        final ShutdownReport report = server.stop();

        assertEquals("thrower: odd 1", reported.get());
        assertEquals(50, report.handlerErrors());
        assertEquals(Map.of(), report.leaksByType(), "every message back, the failed ones too");
        assertEquals(0, pool.inFlight());
    }

    @Test
    void aFullRingMeetsTheFeedsPolicyAtTheClaim()
    {
        for (final FullQueuePolicy policy : FullQueuePolicy.values())
        {
            final GatedProcessor gated = new GatedProcessor();
            final MongooseServer server = server(FeedConfig.named("ticks").queueCapacity(4).fullQueuePolicy(policy)
                .publishTimeout(Duration.ofMillis(50)).ring(SeqMessage.class), gated);
            final FeedPublisher feed = server.publisher("ticks");
            publishSequences(feed, 0, 1);
            gated.awaitEntered();
            publishSequences(feed, 1, 4); // the ring's 4 slots: 1 in the handler, 3 waiting

            switch (policy)
            {
                case DROP:
                    assertNull(feed.claim(SeqMessage.class));
                    assertEquals(1, server.feedStats("ticks").dropped());
                    break;
                case FAIL:
                    assertNull(feed.claim(SeqMessage.class));
                    assertEquals(1, server.feedStats("ticks").rejected());
                    break;
                default:
                    final PublishTimeoutException timeout =
                        assertThrows(PublishTimeoutException.class, () -> feed.claim(SeqMessage.class));
                    assertTrue(timeout.getMessage().contains("feed 'ticks': ring read by agent 'agent' stayed full " +
                        "for 50 ms"), timeout.getMessage());
                    assertEquals(1, server.feedStats("ticks").timeouts());
                    break;
            }
            assertEquals(4, server.feedStats("ticks").published(), policy + ": the refused claim published nothing");

            gated.open();
            // Handed back, not only handled: a handler returns before the agent gives the drain's slots back.
            Await.until(policy + ": drained", () -> server.feedStats("ticks").queueDepth() == 0);
            assertEquals(4, gated.handled().size(), policy.toString());
            publishSequences(feed, 4, 5); // room again
            Await.until(policy + ": the next one", () -> gated.handled().size() == 5);
            final ShutdownReport report = server.stop();
            assertEquals(List.of(0L, 1L, 2L, 3L, 4L), gated.handled(), policy.toString());
            assertTrue(report.clean(), report::toString);
            assertEquals(0, pool.inFlight(), policy.toString());
        }
    }

    @Test
    void aServerStoppedWithoutStartingReturnsItsRingsMessagesToTheirPool()
    {
        final MongooseServer server = MongooseServer.builder().name("ring").poolRegistry(registry)
            .feed(FeedConfig.named("ticks").queueCapacity(16).ring(SeqMessage.class))
            .agentGroup(AgentGroupConfig.named("agent").processor("p", new SequenceChecker(1), "ticks"))
            .build();
        assertEquals(16, pool.inFlight(), "lent to the ring when the server was built");

        final ShutdownReport report = server.stop();

        assertTrue(report.clean(), report::toString);
        assertEquals(0, pool.inFlight());
    }

    @Test
    void stopCountsWhatWasPublishedAndNeverDispatchedAsUndeliveredAndStillReturnsEveryMessage()
    {
        final GatedProcessor gated = new GatedProcessor();
        final MongooseServer server = MongooseServer.builder().name("ring").poolRegistry(registry)
            .shutdownTimeout(Duration.ofMillis(50))
            .feed(FeedConfig.named("ticks").queueCapacity(8).ring(SeqMessage.class))
            // One message per drain, so the agent, interrupted out of the gated handler at stop, takes no more.
            .agentGroup(AgentGroupConfig.named("agent").idleStrategy(IdleStrategyKind.BACKOFF).drainLimit(1)
                .processor("gated", gated, "ticks"))
            .build();
        server.start();
        final FeedPublisher feed = server.publisher("ticks");
        publishSequences(feed, 0, 1);
        gated.awaitEntered();
        publishSequences(feed, 1, 6);
        final SeqMessage claimedOnly = feed.claim(SeqMessage.class);
        assertSame(SeqMessage.class, claimedOnly.getClass());

        // The handler never returns on its own: the drain times out and closing the agent interrupts it.
        final ShutdownReport report = server.stop();

        assertFalse(report.drained(), report::toString);
        assertEquals(5, report.undeliveredByFeed().get("ticks"), "published behind the gated one, never dispatched");
        assertEquals(Map.of(), report.leaksByType(), "the ring returned all its messages, the claimed one too");
        assertEquals(0, pool.inFlight());
        assertThrows(IllegalStateException.class, () -> feed.claim(SeqMessage.class));
    }

    @Test
    void aDrainTakesTheBacklogInOrderUpToTheLimit()
    {
        // A drain takes what the published sequence says is there, up to the limit; it never skips, repeats or
        // overruns.
        final SequenceChecker checker = new SequenceChecker(1);
        final MongooseServer server = MongooseServer.builder().name("ring-drain").poolRegistry(registry)
            .feed(FeedConfig.named("ticks").queueCapacity(64).ring(SeqMessage.class))
            .agentGroup(AgentGroupConfig.named("agent").threadMode(ThreadMode.INVOKER).drainLimit(48)
                .processor("p", checker, "ticks"))
            .build();
        server.start();
        final FeedPublisher feed = server.publisher("ticks");
        final AgentGroupInvoker invoker = server.invoker("agent");

        publishSequences(feed, 0, 60);
        assertEquals(48, invoker.invoke(), "the limit");
        assertEquals(48, checker.received(0));
        assertEquals(12, invoker.invoke(), "the rest");
        publishSequences(feed, 60, 100); // round the ring's end
        assertEquals(40, invoker.invoke(), "a backlog shorter than the limit, round the ring's end");
        assertEquals(0, invoker.invoke(), "nothing more");
        assertEquals(100, checker.received(0));
        assertNull(checker.firstProblem());
        assertEquals(100, server.feedStats("ticks").published());
        assertTrue(server.stop().clean());
    }

    /**
     * A server whose one agent group runs on the caller's thread, taking up to 48 messages from a 64-slot ring to one
     * processor, "p", with {@code handler} for its only handler.
     */
    private MongooseServer invokedServer(final EventHandler<SeqMessage> handler, final List<String> reported)
    {
        final EventProcessor processor = new EventProcessor()
        {
            @Override
            public void registerHandlers(final HandlerRegistry handlers)
            {
                handlers.on(SeqMessage.class, handler);
            }
        };
        final MongooseServer server = MongooseServer.builder().name("ring-invoked").poolRegistry(registry)
            .errorHandler((source, message, error) -> reported.add(source + " " +
                (message instanceof SeqMessage ? ((SeqMessage)message).sequence : "-") + ": " + error.getMessage()))
            .feed(FeedConfig.named("ticks").queueCapacity(64).ring(SeqMessage.class))
            .agentGroup(AgentGroupConfig.named("agent").threadMode(ThreadMode.INVOKER).drainLimit(48)
                .processor("p", processor, "ticks"))
            .build();
        server.start();
        return server;
    }

    @Test
    void aSoleHandlerThatThrowsAnywhereInADrainCostsNoOtherMessageOfIt()
    {
        // The first message, some amid the drain and the drain's last: each is reported with its message, and the
        // drain goes on past it.
        final List<Long> failing = List.of(0L, 5L, 31L, 40L, 47L);
        final List<Long> seen = new ArrayList<>();
        final List<String> reported = new ArrayList<>();
        final MongooseServer server = invokedServer(m ->
        {
            seen.add(m.sequence);
            if (failing.contains(m.sequence))
            {
                throw new IllegalStateException("bad " + m.sequence);
            }
        }, reported);
        final AgentGroupInvoker invoker = server.invoker("agent");
        publishSequences(server.publisher("ticks"), 0, 60);

        assertEquals(48, invoker.invoke());
        assertEquals(LongStream.range(0, 48).boxed().toList(), seen, "each once, in order, the failing ones too");
        assertEquals(List.of("p 0: bad 0", "p 5: bad 5", "p 31: bad 31", "p 40: bad 40", "p 47: bad 47"), reported);
        assertEquals(5, server.processorStats("p").errors());
        assertEquals(43, server.processorStats("p").handled());
        assertEquals(12, invoker.invoke());
        assertEquals(LongStream.range(0, 60).boxed().toList(), seen);
        assertEquals(55, server.processorStats("p").handled());
        assertEquals(0, server.feedStats("ticks").queueDepth(), "every slot handed back");

        final ShutdownReport report = server.stop();
        assertEquals(5, report.handlerErrors());
        assertEquals(Map.of(), report.leaksByType());
        assertEquals(0, pool.inFlight());
    }

    @Test
    void messagesKeptInALongDrainLeaveTheRingAndTheRestStayInIt()
    {
        final List<SeqMessage> kept = new ArrayList<>();
        final MongooseServer server = invokedServer(m ->
        {
            if (m.sequence == 3 || m.sequence == 40)
            {
                m.retain();
                kept.add(m);
            }
        }, new ArrayList<>());
        final AgentGroupInvoker invoker = server.invoker("agent");
        final FeedPublisher feed = server.publisher("ticks");
        publishSequences(feed, 0, 60);

        assertEquals(48, invoker.invoke());
        assertEquals(12, invoker.invoke());
        assertEquals(2, kept.size());
        assertEquals(List.of(3L, 40L), List.of(kept.get(0).sequence, kept.get(1).sequence));
        assertEquals(64, pool.inFlight(), "the ring's 62 and the 2 kept");
        for (final SeqMessage m : kept)
        {
            assertEquals(1, m.refCount(), "the holder's reference only: the agent dropped the ring's");
            assertTrue(m.release(), "the holder's last release returns it to the pool");
        }
        assertEquals(62, pool.inFlight(), "the other 62 are still the ring's");

        publishSequences(feed, 60, 124); // a full lap: the producer refills the two empty slots from the pool
        assertEquals(48, invoker.invoke());
        assertEquals(16, invoker.invoke());
        assertEquals(64, pool.inFlight());
        assertEquals(2, kept.size(), "nothing more kept");
        assertTrue(server.stop().clean());
        assertEquals(0, pool.inFlight());
    }

    @Test
    void aHandlerThatReleasesAReferenceItNeverHeldIsRefusedThereAndTheRingKeepsItsMessage()
    {
        final List<Long> seen = new ArrayList<>();
        final List<String> reported = new ArrayList<>();
        final MongooseServer server = invokedServer(m ->
        {
            seen.add(m.sequence);
            if (m.sequence == 2)
            {
                m.release(); // a handler's bug: it never held a reference
            }
        }, reported);
        final AgentGroupInvoker invoker = server.invoker("agent");
        publishSequences(server.publisher("ticks"), 0, 5);

        assertEquals(5, invoker.invoke());
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L), seen);
        assertEquals(1, reported.size(), reported::toString);
        assertTrue(reported.get(0).startsWith("p 2: "), reported.get(0));
        assertTrue(reported.get(0).contains("none by user code"), reported.get(0));
        assertEquals(0, server.agentStats("agent").errors());
        assertEquals(1, server.processorStats("p").errors());
        assertEquals(4, server.processorStats("p").handled(), "the handler returned for the other four");
        assertEquals(0, server.feedStats("ticks").queueDepth(), "the drain's slots handed back");
        final ShutdownReport report = server.stop();
        assertEquals(Map.of(), report.leaksByType(), "the message stayed the ring's, and went back at stop");
        assertEquals(0, registry.pool(SeqMessage.class).inFlight());
    }

    @Test
    void aMonitoredSoleSubscriberHasEveryMessagesLatencyRecorded()
    {
        // A ring's only subscriber is dispatched without the per-subscriber loop, unless it monitors latency.
        final SequenceChecker checker = new SequenceChecker(1);
        final MongooseServer server = MongooseServer.builder().name("ring-monitored").poolRegistry(registry)
            .feed(FeedConfig.named("ticks").queueCapacity(16).ring(SeqMessage.class))
            .agentGroup(AgentGroupConfig.named("agent").threadMode(ThreadMode.INVOKER)
                .processor(ProcessorConfig.of("watched", checker, "ticks").latencyMonitoring(true)))
            .build();
        server.start();
        final FeedPublisher feed = server.publisher("ticks");

        publishSequences(feed, 0, 10);
        assertEquals(10, server.invoker("agent").invoke());
        assertEquals(10, checker.received(0));
        assertEquals(10, server.latency("watched").cumulative().count(), "one latency per message");
        assertEquals(10, server.processorStats("watched").handled());
        assertNull(checker.firstProblem());
        assertTrue(server.stop().clean());
    }

    @Test
    void aPausedRingFeedWaitsAndResumesInOrder()
    {
        final SequenceChecker checker = new SequenceChecker(1);
        final MongooseServer server = server(FeedConfig.named("ticks").queueCapacity(16).ring(SeqMessage.class),
            checker);
        final FeedPublisher feed = server.publisher("ticks");
        assertTrue(server.pauseFeed("ticks"));
        publishSequences(feed, 0, 10);
        assertEquals(10, server.feedStats("ticks").queueDepth(), "waiting in the ring");
        assertEquals(0, checker.received(0));

        assertTrue(server.resumeFeed("ticks"));
        Await.until("resumed", () -> checker.received(0) == 10);
        final ShutdownReport report = server.stop();
        assertNull(checker.firstProblem());
        assertTrue(report.clean(), report::toString);
    }

    @Test
    void severalClaimsPublishAsOneBatchInClaimOrderAndAMismatchedBatchPublishesNothing()
    {
        final SequenceChecker checker = new SequenceChecker(1);
        final MongooseServer server = server(FeedConfig.named("ticks").queueCapacity(16).ring(SeqMessage.class),
            checker);
        final FeedPublisher feed = server.publisher("ticks");
        final PooledMessage[] batch = new PooledMessage[4];
        for (int i = 0; i < 4; i++)
        {
            final SeqMessage m = feed.claim(SeqMessage.class);
            m.producer = 0;
            m.sequence = i;
            batch[i] = m;
        }
        final PooledMessage[] swapped = {batch[1], batch[0], batch[2], batch[3]};

        final IllegalArgumentException refused =
            assertThrows(IllegalArgumentException.class, () -> feed.publish(swapped, 0, 4));
        assertTrue(refused.getMessage().startsWith("feed 'ticks': "), refused.getMessage());
        assertTrue(refused.getMessage().contains("messages[0] of the batch; nothing was published"),
            refused.getMessage());
        assertEquals(0, server.feedStats("ticks").published());

        assertEquals(4, feed.publish(batch, 0, 4));
        Await.until("batch handled", () -> checker.received(0) == 4);
        assertEquals(4, server.feedStats("ticks").published());
        final ShutdownReport report = server.stop();
        assertNull(checker.firstProblem());
        assertTrue(report.clean(), report::toString);
    }

    @Test
    void misuseIsRefusedWithTheFeedAndWhatWasExpected()
    {
        final MongooseServer server = MongooseServer.builder().name("ring").poolRegistry(registry)
            .feed(FeedConfig.named("ticks").queueCapacity(4).ring(SeqMessage.class))
            .feed(FeedConfig.named("queue"))
            .agentGroup(AgentGroupConfig.named("agent").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("checker", new SequenceChecker(1), "ticks", "queue"))
            .build();
        server.start();
        final FeedPublisher ring = server.publisher("ticks");

        final IllegalStateException onQueueFeed = assertThrows(IllegalStateException.class,
            () -> server.publisher("queue").claim(SeqMessage.class));
        assertTrue(onQueueFeed.getMessage().contains("feed 'queue' is a queue feed"), onQueueFeed.getMessage());
        final IllegalStateException nullOnQueueFeed = assertThrows(IllegalStateException.class,
            () -> server.publisher("queue").claim(null));
        assertTrue(nullOnQueueFeed.getMessage().contains("feed 'queue' is a queue feed"), nullOnQueueFeed.getMessage());
        final IllegalArgumentException nullType = assertThrows(IllegalArgumentException.class, () -> ring.claim(null));
        assertTrue(nullType.getMessage().contains("claim of null; expected " + SeqMessage.class.getName()),
            nullType.getMessage());
        final IllegalArgumentException wrongType =
            assertThrows(IllegalArgumentException.class, () -> ring.claim(OtherMessage.class));
        assertTrue(wrongType.getMessage().contains("claim of " + OtherMessage.class.getName() + "; expected " +
            SeqMessage.class.getName()), wrongType.getMessage());
        final SeqMessage fromPool = pool.acquire();
        final IllegalArgumentException notClaimed =
            assertThrows(IllegalArgumentException.class, () -> ring.publish(fromPool));
        assertTrue(notClaimed.getMessage().startsWith("feed 'ticks': "), notClaimed.getMessage());
        assertTrue(fromPool.release());
        final SeqMessage claimed = ring.claim(SeqMessage.class);
        claimed.producer = 0;
        claimed.sequence = 0;
        assertTrue(ring.publish(claimed));
        assertThrows(IllegalArgumentException.class, () -> ring.publish(claimed), "published twice");

        final SeqMessage claimedBeforeStop = ring.claim(SeqMessage.class);
        final ShutdownReport report = server.stop();
        assertTrue(report.clean(), report::toString);
        final IllegalStateException afterStop =
            assertThrows(IllegalStateException.class, () -> ring.claim(SeqMessage.class));
        assertTrue(afterStop.getMessage().contains("is stopped"), afterStop.getMessage());
        // The claim tested the server's state, the publish does not; the ring's close, which this thread saw, refuses.
        final IllegalStateException publishAfterStop =
            assertThrows(IllegalStateException.class, () -> ring.publish(claimedBeforeStop));
        assertTrue(publishAfterStop.getMessage().contains("feed 'ticks' is closed: server 'ring' is stopped (the " +
            "message went back to its pool when the feed's ring closed at stop)"), publishAfterStop.getMessage());
        assertTrue(publishAfterStop.getCause().getMessage().contains("is closed; expected no publish after close()"),
            "the ring's refusal kept as the cause");
        assertEquals(0, pool.inFlight(), "every message of the ring is back in the pool");
    }

    @Test
    void aRingFeedReceivedOnTwoGroupsOrWithoutEnoughPooledMessagesIsAConfigurationError()
    {
        final MongooseConfigException twoGroups = assertThrows(MongooseConfigException.class, () ->
            MongooseServer.builder().name("ring").poolRegistry(registry)
                .feed(FeedConfig.broadcast("ticks").queueCapacity(4).ring(SeqMessage.class))
                .agentGroup(AgentGroupConfig.named("a").processor("pa", new SequenceChecker(1)))
                .agentGroup(AgentGroupConfig.named("b").processor("pb", new SequenceChecker(1)))
                .build());
        assertTrue(twoGroups.getMessage().contains("feeds[0].ring"), twoGroups.getMessage());
        assertTrue(twoGroups.getMessage().contains("received on agent groups 'a', 'b'"), twoGroups.getMessage());

        final MongooseConfigException tooBig = assertThrows(MongooseConfigException.class, () ->
            MongooseServer.builder().name("ring").poolRegistry(registry)
                .feed(FeedConfig.named("small").queueCapacity(32).ring(SeqMessage.class))
                .feed(FeedConfig.named("big").queueCapacity(64).ring(SeqMessage.class))
                .agentGroup(AgentGroupConfig.named("a").processor("pa", new SequenceChecker(1), "small", "big"))
                .build());
        assertTrue(tooBig.getMessage().contains("feeds[1].ring: ring feed 'big' of " + SeqMessage.class.getName() +
            " cannot take its 64 messages"), tooBig.getMessage());
        assertEquals(0, pool.inFlight(), "the ring built before the failure gave its messages back");

        final MongooseConfigException noPool = assertThrows(MongooseConfigException.class, () ->
            MongooseServer.builder().name("ring").poolRegistry(registry)
                .feed(FeedConfig.named("other").queueCapacity(4).ring(OtherMessage.class))
                .agentGroup(AgentGroupConfig.named("a").processor("pa", new SequenceChecker(1), "other"))
                .build());
        assertTrue(noPool.getMessage().contains("no pool for " + OtherMessage.class.getName()), noPool.getMessage());
    }

    @Test
    void steadyStateAllocatesNothingOnTheProducerOrTheAgent()
    {
        assertFalse(LeakDetection.ENABLED, "measure with -D" + LeakDetection.PROPERTY + " off (the default)");
        final SequenceChecker checker = new SequenceChecker(1);
        final MongooseServer server = server(FeedConfig.named("ticks").queueCapacity(64).ring(SeqMessage.class),
            checker);
        final FeedPublisher feed = server.publisher("ticks");
        final Thread agent = server.agentThread("agent").orElseThrow();
        final AtomicLong sequence = new AtomicLong();
        publishWithBackoff(feed, sequence, 600_000); // warm up
        Await.until("warm-up handled", () -> checker.received(0) == 600_000);

        final long agentBefore = ThreadAllocation.allocatedBytes(agent);
        final long producerBefore = ThreadAllocation.currentThreadAllocatedBytes();
        publishWithBackoff(feed, sequence, 1_000_000);
        final long producerBytes = ThreadAllocation.currentThreadAllocatedBytes() - producerBefore;
        Await.until("all handled", () -> checker.received(0) == 1_600_000);
        final long agentBytes = ThreadAllocation.allocatedBytes(agent) - agentBefore;
        final ShutdownReport report = server.stop();

        // As ZeroAllocationTest: not zero, a one-off JIT event is not steady-state allocation; one allocation per
        // message would be a million bytes or more.
        assertTrue(producerBytes + agentBytes < 8 * 1024, "allocated over 1,000,000 messages: producer " +
            producerBytes + " B, agent " + agentBytes + " B");
        assertNull(checker.firstProblem());
        assertTrue(report.clean(), report::toString);
    }

    /** Lossless publishing without the allocation of a back-off that throws: spin while the ring is full. */
    private static void publishWithBackoff(final FeedPublisher feed, final AtomicLong sequence, final int count)
    {
        for (int i = 0; i < count; i++)
        {
            final SeqMessage m = feed.claim(SeqMessage.class);
            m.producer = 0;
            m.sequence = sequence.getAndIncrement();
            feed.publish(m);
        }
    }

    @Test
    void theRingsSlotsKeepTheirMessagesAcrossLaps()
    {
        final SequenceChecker checker = new SequenceChecker(1);
        final MongooseServer server = server(FeedConfig.named("ticks").queueCapacity(2).ring(SeqMessage.class),
            checker);
        final FeedPublisher feed = server.publisher("ticks");
        final SeqMessage first = feed.claim(SeqMessage.class);
        first.producer = 0;
        first.sequence = 0;
        feed.publish(first);
        final SeqMessage second = feed.claim(SeqMessage.class);
        assertNotSame(first, second);
        second.producer = 0;
        second.sequence = 1;
        feed.publish(second);
        Await.until("both handled", () -> checker.received(0) == 2);

        final SeqMessage third = feed.claim(SeqMessage.class);
        assertSame(first, third, "no message taken from the pool per publish: the slot's own comes round");
        assertEquals(-1, third.sequence, "reset at the claim");
        third.producer = 0;
        third.sequence = 2;
        feed.publish(third);
        Await.until("third handled", () -> checker.received(0) == 3);
        assertTrue(server.stop().clean());
    }
}
