package io.mongoose.server;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.dispatch.ProcessorContext;
import io.mongoose.dispatch.Scheduler;
import io.mongoose.dispatch.TimerCallback;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.feed.FeedStats;
import io.mongoose.feed.FullQueuePolicy;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.pool.PooledMessage;
import io.mongoose.pool.SingleThreadPoolCache;
import io.mongoose.testing.SeqMessage;
import io.mongoose.testing.ThreadAllocation;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A child JVM for {@link ColdPathAllocationTest}: warms a publisher and an agent up on the steady path alone, then
 * takes
 * one path of normal operation that the warm-up never took, for the first time in this JVM, and prints what the
 * publisher's thread and the agent's allocated over that episode (the agent's until it has caught up). In a JVM of its
 * own, since what is measured happens once per JVM: a class loaded or a call site linked stays so.
 *
 * <p>{@code args[0]} names the path ({@link ColdPath}). The waits: the agent's handler holds the first message of the
 * episode until a gate opens, while the publisher sends more messages than the ring, queue or pool holds, so it cannot
 * finish the episode without waiting. The drops and refusals: the same, under a policy that does not wait. The keeps:
 * the handler retains each message of the episode and releases the one it kept before. The throws: the handler throws
 * for each message of the episode, and the server's error handler counts what reaches it. The timer: the handler
 * schedules one at the episode's first message, due at once, and the agent fires it.
 */
public final class ColdPathChild
{
    /** What the handler does with the episode's messages, beyond counting them. */
    enum Act
    {
        /** Holds the episode's first message until the gate opens, so the feed behind it fills. */
        HOLD,
        /** Retains each message and releases the one it kept before. */
        KEEP,
        /** Throws for each message; the server's error handler counts it. */
        THROW,
        /** Schedules a one-shot timer at the episode's first message, due at once. */
        TIMER
    }

    /** The path taken for the first time. */
    enum ColdPath
    {
        /** A ring feed's claim finds the ring full. */
        RING_WAIT(true, FullQueuePolicy.BACKOFF, Act.HOLD),
        /** A queue feed's publish finds the queue full. */
        QUEUE_WAIT(false, FullQueuePolicy.BACKOFF, Act.HOLD),
        /** An acquire finds the pool empty (policy WAIT). */
        POOL_WAIT(false, FullQueuePolicy.BACKOFF, Act.HOLD),
        /** A handler keeps ring feed messages: the drain takes them out of the ring, the producer refills the slots. */
        RING_KEEP(true, FullQueuePolicy.BACKOFF, Act.KEEP),
        /** A handler keeps queue feed messages, taken from the publisher's thread cache. */
        QUEUE_KEEP(false, FullQueuePolicy.BACKOFF, Act.KEEP),
        /** A ring feed's handler throws: the drain's error boundary reports it and goes on with the next message. */
        RING_THROW(true, FullQueuePolicy.BACKOFF, Act.THROW),
        /** A queue feed's handler throws: the subscriber's error boundary reports it and the message is released. */
        QUEUE_THROW(false, FullQueuePolicy.BACKOFF, Act.THROW),
        /** A handler schedules the agent's first timer, and the agent's duty cycle fires it. */
        FIRST_TIMER(true, FullQueuePolicy.BACKOFF, Act.TIMER),
        /** A ring feed under DROP finds the ring full: the claim counts a drop and hands out nothing. */
        RING_DROP(true, FullQueuePolicy.DROP, Act.HOLD),
        /** A ring feed under FAIL finds the ring full: the claim counts a rejection and hands out nothing. */
        RING_FAIL(true, FullQueuePolicy.FAIL, Act.HOLD),
        /** A queue feed under DROP finds the queue full: the publish counts a drop and releases the message. */
        QUEUE_DROP(false, FullQueuePolicy.DROP, Act.HOLD),
        /** A queue feed under FAIL finds the queue full: the publish refuses, and the publisher releases it. */
        QUEUE_FAIL(false, FullQueuePolicy.FAIL, Act.HOLD);

        private final boolean ringFeed;
        private final FullQueuePolicy policy;
        private final Act act;

        ColdPath(final boolean ringFeed, final FullQueuePolicy policy, final Act act)
        {
            this.ringFeed = ringFeed;
            this.policy = policy;
            this.act = act;
        }

        boolean ringFeed()
        {
            return ringFeed;
        }

        FullQueuePolicy policy()
        {
            return policy;
        }

        Act act()
        {
            return act;
        }

        /**
         * Whether the episode is sent at the warm-up's pace: every path but those that hold a message to fill the feed
         * (the waits, drops and refusals), which send it as fast as the feed takes it.
         */
        boolean paced()
        {
            return Act.HOLD != act;
        }
    }

    /** Ring, queue and pool size in the path that waits on it; the others are made large enough not to. */
    static final int SMALL = 256;
    static final int LARGE = 8192;
    static final int WARM_UP = 50_000;
    /**
     * Messages of the episode: twice what the small ring, queue or pool holds, more than it and the agent's drain
     * (64) can take while the handler holds the episode's first message, so a waiting path must wait.
     */
    static final int EPISODE = 2 * SMALL;
    static final String RESULT = "publisher-bytes=";
    static final String AGENT_RESULT = "agent-bytes=";

    private static volatile boolean gateOpen = true;
    /**
     * What the handler does now: the episode's act, and HOLD (with the gate open, nothing) before and after it. TIMER
     * turns itself into HOLD once the handler has scheduled the timer.
     */
    private static volatile Act acting = Act.HOLD;
    private static volatile long errorsReported;
    /** An error the server reported that the handler did not throw; ends the child with it. */
    private static volatile Throwable unexpected;
    private static volatile long timersFired;
    /** The handler's processor's scheduler, from its init; used on the agent thread only. */
    private static Scheduler scheduler;
    /** Made here, on the main thread: a method reference first evaluated in the handler is made on the agent's. */
    private static final TimerCallback ON_TIMER = ColdPathChild::onTimer;
    /**
     * What the throwing handler throws: made once, with no stack trace to fill, as a handler that fails on a hot path
     * should; what the framework itself does with it is what the episode measures.
     */
    private static final RuntimeException FAILURE = new HandlerFailure();
    private static volatile long handled;
    private static volatile long progress;
    /** The message the handler keeps, agent thread only. */
    private static SeqMessage kept;

    private ColdPathChild()
    {
    }

    public static void main(final String[] args) throws InterruptedException
    {
        final ColdPath path = ColdPath.valueOf(args[0]);
        final PoolRegistry pools = new PoolRegistry("cold-path");
        final ObjectPool<SeqMessage> pool = pools.register(SeqMessage.class, SeqMessage::new,
            PoolConfig.of(ColdPath.POOL_WAIT == path ? SMALL : LARGE).waitOnExhaustion(Duration.ofMinutes(1)));
        final EventProcessor processor = new EventProcessor()
        {
            @Override
            public void onInit(final ProcessorContext context)
            {
                scheduler = context.scheduler();
            }

            @Override
            public void registerHandlers(final HandlerRegistry handlers)
            {
                handlers.on(SeqMessage.class, ColdPathChild::handle);
            }
        };
        FeedConfig feed = FeedConfig.named("cold-path").queueCapacity(ColdPath.POOL_WAIT == path ? LARGE : SMALL)
            .publishTimeout(Duration.ofMinutes(1)).fullQueuePolicy(path.policy());
        if (path.ringFeed())
        {
            feed = feed.ring(SeqMessage.class);
        }
        // Counts what reaches it and allocates nothing: the path measured is the framework's, not a logger's.
        final MongooseServer server = MongooseServer.builder().name("cold-path").poolRegistry(pools).feed(feed)
            .errorHandler(ColdPathChild::onError)
            .agentGroup(AgentGroupConfig.named("cold-path-agent").idleStrategy(IdleStrategyKind.YIELD).drainLimit(64)
                .processor("handler", processor, "cold-path"))
            .build();
        server.start();
        final FeedPublisher publisher = server.publisher("cold-path");
        // A queue feed's publisher takes from the pool itself when it waits on the pool, else through a thread cache.
        final SingleThreadPoolCache<SeqMessage> threadCache =
            path.ringFeed() || ColdPath.POOL_WAIT == path ? null : pool.newThreadCache(64);

        long sent = 0;
        for (int i = 0; i < WARM_UP; i++)
        {
            // Never more than a quarter of the small size out, so nothing waits before the episode.
            sent = sendPaced(publisher, pool, threadCache, path, sent);
        }
        awaitHandled(sent);

        final long episodeStart = sent;
        gateOpen = path.paced();
        acting = path.act();
        // Opens the gate once the publisher is well into the episode; a waiting path cannot finish it before that.
        final Thread opener = new Thread(() ->
        {
            while (progress < episodeStart + SMALL / 2)
            {
                Thread.onSpinWait();
            }
            LockSupport.parkNanos(Duration.ofMillis(20).toNanos());
            gateOpen = true;
        }, "gate-opener");
        // A daemon, so a main that fails before the episode ends exits with its error rather than hang on the opener.
        opener.setDaemon(true);
        opener.start();
        final Thread agent = server.agentThread("cold-path-agent").orElseThrow();
        final long agentBefore = ThreadAllocation.allocatedBytes(agent);
        final long before = ThreadAllocation.currentThreadAllocatedBytes();
        for (int i = 0; i < EPISODE; i++)
        {
            sent = path.paced() ? sendPaced(publisher, pool, threadCache, path, sent) :
                send(publisher, pool, threadCache, path, sent);
            progress = sent;
        }
        final long bytes = ThreadAllocation.currentThreadAllocatedBytes() - before;
        opener.join();
        // What the feed dropped or refused never reaches the handler; the episode did fill the queue if it did any.
        final FeedStats stats = publisher.stats();
        final long lost = stats.dropped() + stats.rejected();
        if (FullQueuePolicy.BACKOFF != path.policy() && 0 == lost)
        {
            throw new IllegalStateException(path + ": nothing dropped or refused; the episode never filled the feed");
        }
        sent -= lost;
        awaitHandled(sent);
        if (Act.TIMER == path.act())
        {
            // Due at once: the agent fires it at its next duty cycle after the handler scheduled it.
            while (0 == timersFired)
            {
                failOnUnexpected();
                Thread.onSpinWait();
            }
        }
        final long agentBytes = ThreadAllocation.allocatedBytes(agent) - agentBefore;
        acting = Act.HOLD;
        final long failuresExpected = Act.THROW == path.act() ? EPISODE : 0;
        if (errorsReported != failuresExpected)
        {
            throw new IllegalStateException(path + ": " + errorsReported + " handler failures reported; expected " +
                failuresExpected);
        }
        final long timersExpected = Act.TIMER == path.act() ? 1 : 0;
        if (timersFired != timersExpected)
        {
            throw new IllegalStateException(path + ": " + timersFired + " timers fired; expected " + timersExpected);
        }
        // Acting HOLD with the gate open, the handler gives the last kept message back, so the server stops with
        // nothing outstanding.
        sent = send(publisher, pool, threadCache, path, sent);
        awaitHandled(sent);
        if (null != threadCache)
        {
            threadCache.close();
        }
        final ShutdownReport report = server.stop();
        // A THROW path's handler errors are its point; anything else makes the stop unclean.
        final long expectedErrors = Act.THROW == path.act ? report.handlerErrors() : 0;
        if (!report.drained() || !report.undeliveredByFeed().isEmpty() || !report.leaksByType().isEmpty() ||
            expectedErrors != report.handlerErrors() || 0 != report.unhandled() || 0 != report.invalidReleases())
        {
            throw new IllegalStateException("did not stop cleanly: " + report);
        }
        System.out.println(RESULT + bytes);
        System.out.println(AGENT_RESULT + agentBytes);
    }

    private static long sendPaced(final FeedPublisher publisher, final ObjectPool<SeqMessage> pool,
        final SingleThreadPoolCache<SeqMessage> threadCache, final ColdPath path, final long sent)
    {
        while (sent - handled >= SMALL / 4)
        {
            Thread.onSpinWait();
        }
        return send(publisher, pool, threadCache, path, sent);
    }

    /**
     * @return messages sent, this one included, whether or not the feed dropped or refused it (the feed's counts say
     *         how many it did).
     */
    private static long send(final FeedPublisher publisher, final ObjectPool<SeqMessage> pool,
        final SingleThreadPoolCache<SeqMessage> threadCache, final ColdPath path, final long sent)
    {
        final SeqMessage m = path.ringFeed() ? publisher.claim(SeqMessage.class) :
            null == threadCache ? pool.acquire() : threadCache.acquire();
        if (null == m)
        {
            // A full ring under DROP or FAIL: the claim counted it.
            return sent + 1;
        }
        m.producer = 0;
        m.sequence = sent;
        if (!publisher.publish(m))
        {
            // Refused under FAIL: the reference is still the publisher's.
            m.release();
        }
        return sent + 1;
    }

    private static void awaitHandled(final long sent)
    {
        while (handled < sent)
        {
            failOnUnexpected();
            Thread.onSpinWait();
        }
    }

    private static void failOnUnexpected()
    {
        final Throwable error = unexpected;
        if (null != error)
        {
            throw new IllegalStateException("the server reported an error that the handler did not throw", error);
        }
    }

    /** The timer's callback: counts. Agent thread. */
    private static void onTimer(final long timerId, final long nowNanos)
    {
        timersFired++;
    }

    /** The server's error handler: counts, and allocates nothing. Agent thread. */
    private static void onError(final String source, final PooledMessage message, final Throwable error)
    {
        if (FAILURE != error)
        {
            // Not the test's own failure: the main thread stops with it rather than wait for what will not come.
            unexpected = error;
            return;
        }
        errorsReported++;
        handled++;
    }

    /** The handler's one failure, thrown without a stack trace to fill. */
    private static final class HandlerFailure extends RuntimeException
    {
        private static final long serialVersionUID = 1L;

        HandlerFailure()
        {
            super("cold-path handler failure", null, false, false);
        }
    }

    /**
     * The handler, by {@link #acting}: THROW throws; else it waits while the gate is shut, so the agent holds one
     * message and reads no more, releases the message it kept before, if any, and under KEEP keeps this one. TIMER
     * schedules the timer at the episode's first message and then acts as HOLD.
     */
    private static void handle(final SeqMessage message)
    {
        final Act act = acting;
        if (Act.TIMER == act)
        {
            // Once: the episode's later messages find the handler holding nothing, with the gate open.
            acting = Act.HOLD;
            scheduler.schedule(0, TimeUnit.NANOSECONDS, ON_TIMER);
        }
        if (Act.THROW == act)
        {
            // Counted as handled by the error handler, which runs after the throw: the main thread's wait then
            // covers the report too.
            throw FAILURE;
        }
        while (!gateOpen)
        {
            Thread.onSpinWait();
        }
        if (null != kept)
        {
            kept.release();
            kept = null;
        }
        if (Act.KEEP == act)
        {
            message.retain();
            kept = message;
        }
        handled++;
    }
}
