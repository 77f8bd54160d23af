package io.mongoose.server;

import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.pool.SingleThreadMessageRing;
import io.mongoose.testing.SeqMessage;
import io.mongoose.testing.ThreadAllocation;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/**
 * A child JVM for {@link ColdPathAllocationTest}: warms a publisher and an agent up on the steady path alone, then takes
 * one path of normal operation that the warm-up never took, for the first time in this JVM, and prints what the
 * publisher's thread and the agent's allocated over that episode (the agent's until it has caught up). In a JVM of its
 * own, since what is measured happens once per JVM: a class loaded or a call site linked stays so.
 *
 * <p>{@code args[0]} names the path ({@link ColdPath}). The waits: the agent's handler holds the first message of the
 * episode until a gate opens, while the publisher sends more messages than the ring, queue or pool holds, so it cannot
 * finish the episode without waiting. The drops and refusals: the same, under a policy that does not wait. The keeps: the handler retains each message of the episode and releases the one
 * it kept before.
 */
public final class ColdPathChild
{
    /** The path taken for the first time. */
    enum ColdPath
    {
        /** A ring feed's claim finds the ring full. */
        RING_WAIT(true, false, FullQueuePolicy.BACKOFF),
        /** A queue feed's publish finds the queue full. */
        QUEUE_WAIT(false, false, FullQueuePolicy.BACKOFF),
        /** An acquire finds the pool empty (policy WAIT). */
        POOL_WAIT(false, false, FullQueuePolicy.BACKOFF),
        /** A handler keeps ring feed messages: the drain takes them out of the ring, the producer refills the slots. */
        RING_KEEP(true, true, FullQueuePolicy.BACKOFF),
        /** A handler keeps queue feed messages, taken from the publisher's thread ring. */
        QUEUE_KEEP(false, true, FullQueuePolicy.BACKOFF),
        /** A ring feed under DROP finds the ring full: the claim counts a drop and hands out nothing. */
        RING_DROP(true, false, FullQueuePolicy.DROP),
        /** A ring feed under FAIL finds the ring full: the claim counts a rejection and hands out nothing. */
        RING_FAIL(true, false, FullQueuePolicy.FAIL),
        /** A queue feed under DROP finds the queue full: the publish counts a drop and releases the message. */
        QUEUE_DROP(false, false, FullQueuePolicy.DROP),
        /** A queue feed under FAIL finds the queue full: the publish refuses, and the publisher releases it. */
        QUEUE_FAIL(false, false, FullQueuePolicy.FAIL);

        private final boolean ringFeed;
        private final boolean keeps;
        private final FullQueuePolicy policy;

        ColdPath(final boolean ringFeed, final boolean keeps, final FullQueuePolicy policy)
        {
            this.ringFeed = ringFeed;
            this.keeps = keeps;
            this.policy = policy;
        }

        boolean ringFeed()
        {
            return ringFeed;
        }

        boolean keeps()
        {
            return keeps;
        }

        FullQueuePolicy policy()
        {
            return policy;
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
    private static volatile boolean keeping;
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
            PoolConfig.of(ColdPath.POOL_WAIT == path ? SMALL : LARGE).waitingAtMost(Duration.ofMinutes(1)));
        final EventProcessor processor = new EventProcessor()
        {
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
        final MongooseServer server = MongooseServer.builder().name("cold-path").poolRegistry(pools).feed(feed)
            .agentGroup(AgentGroupConfig.named("cold-path-agent").idleStrategy("yield").drainLimit(64)
                .processor("handler", processor, "cold-path"))
            .build();
        server.start();
        final FeedPublisher publisher = server.publisher("cold-path");
        // A queue feed's publisher takes from the pool itself when it waits on the pool, else through a thread ring.
        final SingleThreadMessageRing<SeqMessage> threadRing =
            path.ringFeed() || ColdPath.POOL_WAIT == path ? null : pool.newThreadRing(LARGE);

        long sent = 0;
        for (int i = 0; i < WARM_UP; i++)
        {
            // Never more than a quarter of the small size out, so nothing waits before the episode.
            sent = sendPaced(publisher, pool, threadRing, path, sent);
        }
        awaitHandled(sent);

        final long episodeStart = sent;
        gateOpen = path.keeps();
        keeping = path.keeps();
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
            sent = path.keeps() ? sendPaced(publisher, pool, threadRing, path, sent) :
                send(publisher, pool, threadRing, path, sent);
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
        final long agentBytes = ThreadAllocation.allocatedBytes(agent) - agentBefore;
        // The last kept message goes back, so the server stops with nothing outstanding.
        keeping = false;
        sent = send(publisher, pool, threadRing, path, sent);
        awaitHandled(sent);
        if (null != threadRing)
        {
            threadRing.close();
        }
        final ShutdownReport report = server.stop();
        if (!report.clean())
        {
            throw new IllegalStateException("did not stop cleanly: " + report);
        }
        System.out.println(RESULT + bytes);
        System.out.println(AGENT_RESULT + agentBytes);
    }

    private static long sendPaced(final FeedPublisher publisher, final ObjectPool<SeqMessage> pool,
        final SingleThreadMessageRing<SeqMessage> threadRing, final ColdPath path, final long sent)
    {
        while (sent - handled >= SMALL / 4)
        {
            Thread.onSpinWait();
        }
        return send(publisher, pool, threadRing, path, sent);
    }

    /**
     * @return messages sent, this one included, whether or not the feed dropped or refused it (the feed's counts say
     *         how many it did).
     */
    private static long send(final FeedPublisher publisher, final ObjectPool<SeqMessage> pool,
        final SingleThreadMessageRing<SeqMessage> threadRing, final ColdPath path, final long sent)
    {
        final SeqMessage m = path.ringFeed() ? publisher.claim(SeqMessage.class) :
            null == threadRing ? pool.acquire() : threadRing.acquire();
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
            Thread.onSpinWait();
        }
    }

    /**
     * The handler: waits while the gate is shut, so the agent holds one message and reads no more; while keeping,
     * retains the message and releases the one it kept before.
     */
    private static void handle(final SeqMessage message)
    {
        while (!gateOpen)
        {
            Thread.onSpinWait();
        }
        if (null != kept)
        {
            kept.release();
            kept = null;
        }
        if (keeping)
        {
            message.retain();
            kept = message;
        }
        handled++;
    }
}
