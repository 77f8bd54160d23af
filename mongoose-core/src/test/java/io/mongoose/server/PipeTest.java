package io.mongoose.server;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.config.MongooseConfigException;
import io.mongoose.config.ProcessorConfig;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.dispatch.ProcessorContext;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.feed.FullQueuePolicy;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.status.ServerState;
import io.mongoose.testing.Await;
import io.mongoose.testing.SeqMessage;
import io.mongoose.testing.SequenceChecker;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Handler pipes: a processor publishes into a feed it declared, from its agent thread, to processors on other agents;
 * stop drains through every stage; a lossless pipe received on its own producer's agent is refused.
 */
class PipeTest
{
    private final PoolRegistry registry = new PoolRegistry("pipes");
    private final ObjectPool<SeqMessage> pool = registry.register(
        SeqMessage.class, SeqMessage::new, PoolConfig.of(8192).waitOnExhaustion(Duration.ofMinutes(1)));

    /** Forwards each message's sequence to the feed it publishes: one pipe stage. */
    private final class Forwarder implements EventProcessor
    {
        private final String feed;
        private final long spinNanos;
        private final long holdAtSequence;
        private final BooleanSupplier releaseHold;
        private FeedPublisher out;
        volatile String thread;
        volatile boolean holdTimedOut;

        Forwarder(final String feed)
        {
            this(feed, 0, -1, () -> true);
        }

        /**
         * A stage that takes {@code spinNanos} per message, and that stops at sequence {@code holdAtSequence} until
         * {@code releaseHold} says go, so a known number of messages is parked in front of it whatever the scheduler
         * does.
         */
        Forwarder(final String feed, final long spinNanos, final long holdAtSequence, final BooleanSupplier releaseHold)
        {
            this.feed = feed;
            this.spinNanos = spinNanos;
            this.holdAtSequence = holdAtSequence;
            this.releaseHold = releaseHold;
        }

        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
            handlers.on(SeqMessage.class, this::forward);
        }

        @Override
        public void onInit(final ProcessorContext context)
        {
            out = context.publisher(feed);
        }

        private void forward(final SeqMessage in)
        {
            thread = Thread.currentThread().getName();
            if (in.sequence == holdAtSequence)
            {
                hold();
            }
            final long until = System.nanoTime() + spinNanos;
            while (spinNanos > 0 && System.nanoTime() - until < 0)
            {
                Thread.onSpinWait();
            }
            final SeqMessage copy = pool.acquire();
            copy.producer = 0;
            copy.sequence = in.sequence;
            out.publish(copy);
        }

        private void hold()
        {
            final long giveUp = System.nanoTime() + Await.GENEROUS.toNanos();
            while (!releaseHold.getAsBoolean())
            {
                if (System.nanoTime() - giveUp > 0)
                {
                    holdTimedOut = true;
                    return;
                }
                Thread.onSpinWait();
            }
        }
    }

    @Test
    void messagesFlowThroughTwoPipeStagesAndStopLosesNone()
    {
        final int count = 50_000;
        final int parked = 1_500;
        final AtomicReference<MongooseServer> running = new AtomicReference<>();
        final Forwarder first = new Forwarder("mid");
        // A slow second stage that stops short of the end until stop() has begun: when it does, the last 1,499
        // messages fill the first two stages' queues and the first stage is still forwarding, which only works if the
        // pipe feeds stay open until everything before them is quiet. Holding on the server's state, rather than
        // racing the publisher, keeps the pile-up there on a loaded machine.
        final Forwarder second = new Forwarder("out", 2_000, count - parked,
            () -> ServerState.RUNNING != running.get().state());
        final SequenceChecker last = new SequenceChecker(1);
        final MongooseServer server = MongooseServer.builder().poolRegistry(registry)
            .feed(FeedConfig.named("in").queueCapacity(1024))
            .feed(FeedConfig.named("mid").queueCapacity(1024))
            .feed(FeedConfig.named("out").queueCapacity(1024))
            .agentGroup(AgentGroupConfig.named("stage-1").idleStrategy(IdleStrategyKind.YIELD).drainLimit(16)
                .processor(ProcessorConfig.of("first", first, "in").publishes("mid")))
            .agentGroup(AgentGroupConfig.named("stage-2").idleStrategy(IdleStrategyKind.YIELD).drainLimit(16)
                .processor(ProcessorConfig.of("second", second, "mid").publishes("out")))
            .agentGroup(AgentGroupConfig.named("stage-3").idleStrategy(IdleStrategyKind.YIELD)
                .drainLimit(16).processor("last", last, "out"))
            .build();
        running.set(server);
        server.start();
        final FeedPublisher in = server.publisher("in");
        for (int i = 0; i < count; i++)
        {
            final SeqMessage m = pool.acquire();
            m.producer = 0;
            m.sequence = i;
            in.publish(m);
        }

        // The 1,499 messages after the held one are in the first two stages' queues, bar the one the first stage may be
        // moving from one to the other.
        final long queued = server.feedStats("in").queueDepth() + server.feedStats("mid").queueDepth();
        final ShutdownReport report = server.stop();

        assertTrue(queued >= parked - 2, "queued at stop: " + queued);
        assertFalse(second.holdTimedOut, "the second stage was released by stop()");
        assertTrue(report.clean(), report::toString);
        assertEquals(count, last.received(0));
        assertNull(last.firstProblem());
        assertEquals("stage-1", first.thread);
        assertEquals("stage-2", second.thread);
        assertEquals(count, server.feedStats("mid").published());
        assertEquals(count, server.feedStats("out").published());
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, () -> server.publisher("mid"));
        assertEquals("feed 'mid' is published by processor 'first', its single producer; expected a feed no service " +
            "or processor publishes", ex.getMessage());
    }

    @Test
    void aStageAcquiringFromThePoolItReceivesFromGetsTheMessagesItsOwnAgentFreed()
    {
        // Nine messages: eight wait in the paused entry feed, one is free. The stage takes the free one for its first
        // copy; every later copy must come from the messages its own agent has just freed, which sit in the agent's
        // release batch until the drain ends. The pool must hand them out rather than wait for them.
        final PoolRegistry small = new PoolRegistry("own-batch");
        final ObjectPool<SeqMessage> nine = small.register(
            SeqMessage.class, SeqMessage::new, PoolConfig.of(9).waitOnExhaustion(Duration.ofSeconds(2)));
        final EventProcessor stage = new EventProcessor()
        {
            private FeedPublisher out;

            @Override
            public void registerHandlers(final HandlerRegistry handlers)
            {
                handlers.on(SeqMessage.class, in ->
                {
                    final SeqMessage copy = nine.acquire();
                    copy.producer = 0;
                    copy.sequence = in.sequence;
                    out.publish(copy);
                });
            }

            @Override
            public void onInit(final ProcessorContext context)
            {
                out = context.publisher("out");
            }
        };
        final SequenceChecker last = new SequenceChecker(1);
        final MongooseServer server = MongooseServer.builder().poolRegistry(small)
            .feed(FeedConfig.named("in").queueCapacity(8))
            .feed(FeedConfig.named("out").queueCapacity(8))
            .agentGroup(AgentGroupConfig.named("stage").idleStrategy(IdleStrategyKind.YIELD).drainLimit(8)
                .processor(ProcessorConfig.of("copier", stage, "in").publishes("out")))
            .agentGroup(AgentGroupConfig.named("sink").idleStrategy(IdleStrategyKind.YIELD)
                .processor("last", last, "out"))
            .build();
        server.start();
        server.pauseFeed("in");
        server.pauseFeed("out");
        final FeedPublisher in = server.publisher("in");
        for (int i = 0; i < 8; i++)
        {
            final SeqMessage m = nine.acquire();
            m.producer = 0;
            m.sequence = i;
            in.publish(m);
        }
        assertEquals(1, nine.free());

        server.resumeFeed("in");
        Await.until("eight copies made", () -> server.processorStats("copier").handled() == 8);
        server.resumeFeed("out");
        Await.until("eight copies received", () -> last.received(0) == 8);
        final ShutdownReport report = server.stop();

        assertEquals(0, server.processorStats("copier").errors(), "the stage waited for its own freed messages");
        assertNull(last.firstProblem());
        assertTrue(report.clean(), report::toString);
        assertEquals(0, nine.exhaustedCount(), "the messages in the batch were free: the pool never ran out");
    }

    @Test
    void aPipeReceivedOnItsOwnAgentIsAllowedWhenItCannotWait()
    {
        final Forwarder forwarder = new Forwarder("loop");
        final SequenceChecker checker = new SequenceChecker(1);
        final MongooseServer server = MongooseServer.builder().poolRegistry(registry)
            .feed(FeedConfig.named("in"))
            .feed(FeedConfig.named("loop").fullQueuePolicy(FullQueuePolicy.DROP))
            .agentGroup(AgentGroupConfig.named("solo").idleStrategy(IdleStrategyKind.YIELD)
                .processor(ProcessorConfig.of("forwarder", forwarder, "in").publishes("loop"))
                .processor("checker", checker, "loop"))
            .build();
        server.start();
        for (int i = 0; i < 100; i++)
        {
            final SeqMessage m = pool.acquire();
            m.sequence = i;
            server.publisher("in").publish(m);
        }
        final ShutdownReport report = server.stop();

        assertTrue(report.clean(), report::toString);
        assertEquals(100, checker.received(0) + server.feedStats("loop").dropped());
    }

    @Test
    void aLosslessPipeReceivedOnItsOwnAgentIsRefused()
    {
        final MongooseConfigException ex = assertThrows(MongooseConfigException.class, () ->
            MongooseServer.builder().poolRegistry(registry)
                .feed(FeedConfig.named("in"))
                .feed(FeedConfig.broadcast("everyone"))
                .feed(FeedConfig.named("loop"))
                .agentGroup(AgentGroupConfig.named("solo")
                    .processor(ProcessorConfig.of("forwarder", new Forwarder("loop"), "in").publishes("loop"))
                    .processor(ProcessorConfig.of("checker", new SequenceChecker(1), "loop")
                        .publishes("everyone")))
                .build());

        assertEquals(List.of(
            "agents[0].processors[0].publishes[0]: feed 'loop' (fullQueuePolicy backoff) is received on agent " +
                "'solo', the publisher's own agent; expected its subscribers on other agents, or fullQueuePolicy drop " +
                "or fail (a full queue would make the agent wait for itself)",
            "agents[0].processors[1].publishes[0]: feed 'everyone' (fullQueuePolicy backoff) is received on agent " +
                "'solo', the publisher's own agent; expected its subscribers on other agents, or fullQueuePolicy drop " +
                "or fail (a full queue would make the agent wait for itself)"), ex.errors());
    }

    @Test
    void aFeedHasOneProducerWhetherServiceOrProcessor()
    {
        final MongooseConfigException ex = assertThrows(MongooseConfigException.class, () ->
            MongooseServer.builder().poolRegistry(registry)
                .feed(FeedConfig.named("in"))
                .feed(FeedConfig.named("mid"))
                .agentGroup(AgentGroupConfig.named("a")
                    .processor(ProcessorConfig.of("p1", new Forwarder("mid"), "in").publishes("mid", "nowhere")))
                .agentGroup(AgentGroupConfig.named("b")
                    .processor(ProcessorConfig.of("p2", new Forwarder("mid"), "in").publishes("mid"))
                    .processor(ProcessorConfig.of("p3", new SequenceChecker(1), "mid")))
                .build());

        assertEquals(List.of(
            "agents[0].processors[0].publishes[1]: unknown feed 'nowhere'; expected one of in, mid",
            "agents[1].processors[0].publishes[0]: feed 'mid' is already published by processor 'p1' " +
                "(agents[0].processors[0].publishes[0]); expected one producer per feed (add a feed per producer)"),
            ex.errors());
    }
}
