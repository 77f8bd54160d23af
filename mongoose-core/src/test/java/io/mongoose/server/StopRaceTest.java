package io.mongoose.server;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.feed.FeedStats;
import io.mongoose.feed.FullQueuePolicy;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.testing.Await;
import io.mongoose.testing.SeqMessage;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link MongooseServer#stop()} racing a producer that streams into a small, full queue or ring, many times, for every
 * feed kind and full-queue policy: every message the producer acquired ends as exactly one of handled, dropped or
 * rejected under its policy (and counted so), counted undelivered at stop, or refused to the producer with an
 * exception; none stays in a queue, and the pool gets every one back.
 */
class StopRaceTest
{
    private static final int ROUNDS = 20;
    private static final int CAPACITY = 64;

    /** How the feed reaches its subscribers. */
    enum Shape
    {
        /** A queue feed to one agent group. */
        QUEUE,
        /** A broadcast queue feed to two agent groups: every message is offered twice. */
        FAN_OUT,
        /** A ring feed to one agent group. */
        RING
    }

    static Stream<Arguments> cases()
    {
        final List<Arguments> cases = new ArrayList<>();
        for (final Shape shape : Shape.values())
        {
            for (final FullQueuePolicy policy : FullQueuePolicy.values())
            {
                cases.add(Arguments.of(shape, policy));
            }
        }
        return cases.stream();
    }

    /** Counts what it handles, slowly enough that the producer keeps the queue full, and checks the order. */
    private static final class SlowCounter implements EventProcessor
    {
        volatile long handled;
        volatile String problem;
        private long last = -1;

        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
            handlers.on(SeqMessage.class, m ->
            {
                if (m.sequence <= last && null == problem)
                {
                    problem = "sequence " + m.sequence + " after " + last;
                }
                last = m.sequence;
                final long until = System.nanoTime() + 2_000;
                while (System.nanoTime() - until < 0)
                {
                    Thread.onSpinWait();
                }
                handled++;
            });
        }
    }

    /** What the producer saw. */
    private static final class Outcomes
    {
        long acquired;
        long accepted;
        long returnedFalse;
        long claimsRefusedForRoom;
        long refused;
        long refusedAtClaim;
        String refusal;
        final AtomicReference<Throwable> unexpected = new AtomicReference<>();
    }

    @ParameterizedTest
    @MethodSource("cases")
    void everyMessageIsHandledCountedOrRefused(final Shape shape, final FullQueuePolicy policy) throws Exception
    {
        for (int round = 0; round < ROUNDS; round++)
        {
            oneRound(shape, policy, round);
        }
    }

    private void oneRound(final Shape shape, final FullQueuePolicy policy, final int round) throws Exception
    {
        final PoolRegistry registry = new PoolRegistry("stop-race");
        final ObjectPool<SeqMessage> pool = registry.register(SeqMessage.class, SeqMessage::new, PoolConfig.of(1024));
        final SlowCounter first = new SlowCounter();
        final SlowCounter second = new SlowCounter();
        FeedConfig feed = (Shape.FAN_OUT == shape ? FeedConfig.broadcast("in") : FeedConfig.named("in"))
            .queueCapacity(CAPACITY).fullQueuePolicy(policy);
        if (Shape.RING == shape)
        {
            feed = feed.ring(SeqMessage.class);
        }
        final MongooseServerBuilder builder = MongooseServer.builder().name("stop-race").poolRegistry(registry)
            .feed(feed)
            .agentGroup(AgentGroupConfig.named("first").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("first", first, "in"));
        if (Shape.FAN_OUT == shape)
        {
            builder.agentGroup(AgentGroupConfig.named("second").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("second", second, "in"));
        }
        final MongooseServer server = builder.build();
        server.start();
        final FeedPublisher publisher = server.publisher("in");
        final Outcomes seen = new Outcomes();
        final AtomicLong progress = new AtomicLong();
        final Thread producer = new Thread(() ->
        {
            try
            {
                produce(shape, publisher, pool, seen, progress);
            }
            catch (final Throwable t)
            {
                seen.unexpected.set(t);
            }
        }, "stop-race-producer");
        producer.start();
        // Stop at a different point of the stream each round, with the queue full most of the time.
        final long target = 2 * CAPACITY + 97L * round;
        Await.until("producer in flow", () -> progress.get() >= target);
        final ShutdownReport report = server.stop();
        producer.join(Await.GENEROUS.toMillis());
        assertFalse(producer.isAlive(), "the producer ends on its first refusal");

        final String where = shape + " " + policy + " round " + round + ": ";
        final FeedStats stats = server.feedStats("in");
        final String accounts = where + "acquired " + seen.acquired + ", accepted " + seen.accepted + ", returned " +
            "false " + seen.returnedFalse + ", refused " + seen.refused + " (" + seen.refusal + "), handled " +
            first.handled + "/" + second.handled + ", " + stats + ", " + report;
        assertNull(seen.unexpected.get(), () -> accounts + "; unexpected " + seen.unexpected.get());
        assertNull(first.problem, accounts);
        assertNull(second.problem, accounts);
        assertEquals(1, seen.refused + seen.refusedAtClaim, accounts);
        assertTrue(seen.refusal.startsWith("feed 'in'"), accounts);
        assertEquals(seen.accepted, stats.published(), accounts);
        if (Shape.RING == shape)
        {
            assertEquals(seen.claimsRefusedForRoom, stats.dropped() + stats.rejected(), accounts);
        }
        else
        {
            assertEquals(seen.returnedFalse, stats.rejected(), accounts);
        }
        final int subscribers = Shape.FAN_OUT == shape ? 2 : 1;
        final long undelivered = report.undeliveredByFeed().getOrDefault("in", 0L);
        assertEquals(undelivered, stats.undeliveredAtStop(), accounts);
        final long dropped = Shape.RING == shape ? 0 : stats.dropped();
        assertEquals(subscribers * seen.accepted + offeredBeforeRefusal(seen.refusal),
            first.handled + second.handled + undelivered + dropped, accounts);
        assertEquals(seen.acquired, seen.accepted + seen.returnedFalse + seen.refused, accounts);
        // The report counts what was out of the pool when stop() looked: at most the producer's message in hand.
        assertTrue(report.leaksByType().getOrDefault("SeqMessage", 0L) <= 1, accounts);
        assertEquals(0, pool.inFlight(), accounts);
    }

    /**
     * A fan-out publish refused part-way says how many subscriber queues the message reached first: those copies are
     * handled or counted undelivered like any other.
     */
    private static long offeredBeforeRefusal(final String refusal)
    {
        final Matcher waiting = Pattern.compile("offered to (\\d+) of \\d+ subscribers(, (\\d+) of those after)?")
            .matcher(refusal);
        if (waiting.find())
        {
            return Long.parseLong(waiting.group(1)) - (null == waiting.group(3) ? 0 : Long.parseLong(waiting.group(3)));
        }
        final Matcher late = Pattern.compile("before (\\d+) of its (\\d+) offers landed").matcher(refusal);
        if (late.find())
        {
            return Long.parseLong(late.group(2)) - Long.parseLong(late.group(1));
        }
        return 0;
    }

    /** Publish until the feed refuses; count every outcome. */
    private static void produce(
        final Shape shape, final FeedPublisher publisher, final ObjectPool<SeqMessage> pool, final Outcomes seen,
        final AtomicLong progress)
    {
        for (long s = 0; ; s++)
        {
            final SeqMessage m;
            if (Shape.RING == shape)
            {
                try
                {
                    m = publisher.claim(SeqMessage.class);
                }
                catch (final IllegalStateException closed)
                {
                    seen.refusedAtClaim++;
                    seen.refusal = closed.getMessage();
                    return;
                }
                if (null == m)
                {
                    seen.claimsRefusedForRoom++;
                    progress.incrementAndGet();
                    continue;
                }
            }
            else
            {
                m = pool.acquire();
            }
            seen.acquired++;
            m.producer = 0;
            m.sequence = s;
            final boolean taken;
            try
            {
                taken = publisher.publish(m);
            }
            catch (final IllegalStateException closed)
            {
                seen.refused++;
                seen.refusal = closed.getMessage();
                return;
            }
            if (taken)
            {
                seen.accepted++;
            }
            else
            {
                seen.returnedFalse++;
                m.release();
            }
            progress.incrementAndGet();
        }
    }
}
