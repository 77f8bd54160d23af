package io.mongoose.server;

import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.pool.SingleThreadMessageRing;
import io.mongoose.testing.SeqMessage;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/**
 * A child JVM for {@link FirstWaitAllocationTest}: warms a publisher up without ever letting it wait, then makes it
 * wait for the first time in this JVM, and prints what its thread and the agent's allocated over that episode (the
 * agent's until it has caught up). In a JVM of its own,
 * since what is measured happens once per JVM: a class that a wait loads is loaded for good.
 *
 * <p>{@code args[0]} names the wait: {@code ring} (a ring feed's claim finds the ring full), {@code queue} (a queue
 * feed's publish finds the queue full) or {@code pool} (an acquire finds the pool empty, policy WAIT). The agent's
 * handler holds the first message of the episode until a gate opens, so the publisher cannot finish the episode
 * without waiting: it publishes more messages than the ring, queue or pool holds.
 */
public final class FirstWaitChild
{
    /** Ring, queue and pool size in the scenario that waits on it; the others are made large enough not to. */
    static final int SMALL = 256;
    static final int LARGE = 8192;
    static final int WARM_UP = 400_000;
    /**
     * Messages of the episode: twice what the small ring, queue or pool holds, more than it and the agent's drain
     * (64) can take while the handler holds the episode's first message, so the publisher must wait.
     */
    static final int EPISODE = 2 * SMALL;
    static final String RESULT = "publisher-bytes=";
    static final String AGENT_RESULT = "agent-bytes=";

    private static final com.sun.management.ThreadMXBean THREADS =
        (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();

    private static volatile boolean gateOpen = true;
    private static volatile long handled;
    private static volatile long progress;

    private FirstWaitChild()
    {
    }

    public static void main(final String[] args) throws InterruptedException
    {
        final String wait = args[0];
        final boolean ringFeed = "ring".equals(wait);
        final boolean poolWait = "pool".equals(wait);
        if (!ringFeed && !poolWait && !"queue".equals(wait))
        {
            throw new IllegalArgumentException("wait '" + wait + "'; expected ring, queue or pool");
        }
        THREADS.setThreadAllocatedMemoryEnabled(true);
        final PoolRegistry pools = new PoolRegistry("first-wait");
        final ObjectPool<SeqMessage> pool = pools.register(SeqMessage.class, SeqMessage::new,
            PoolConfig.of(poolWait ? SMALL : LARGE).waitingAtMost(Duration.ofMinutes(1)));
        final EventProcessor processor = new EventProcessor()
        {
            @Override
            public void registerHandlers(final HandlerRegistry handlers)
            {
                handlers.on(SeqMessage.class, m -> hold());
            }
        };
        FeedConfig feed = FeedConfig.named("first-wait").queueCapacity(ringFeed || !poolWait ? SMALL : LARGE)
            .publishTimeout(Duration.ofMinutes(1));
        if (ringFeed)
        {
            feed = feed.ring(SeqMessage.class);
        }
        final MongooseServer server = MongooseServer.builder().name("first-wait").poolRegistry(pools).feed(feed)
            .agentGroup(AgentGroupConfig.named("first-wait-agent").idleStrategy("yield").drainLimit(64)
                .processor("holder", processor, "first-wait"))
            .build();
        server.start();
        final FeedPublisher publisher = server.publisher("first-wait");
        // A queue feed's publisher takes from the pool itself when it waits on the pool, else through a thread ring.
        final SingleThreadMessageRing<SeqMessage> threadRing =
            ringFeed || poolWait ? null : pool.newThreadRing(LARGE);

        long sent = 0;
        for (int i = 0; i < WARM_UP; i++)
        {
            // Never more than a quarter of the small size out, so nothing waits before the episode.
            while (sent - handled >= SMALL / 4)
            {
                Thread.onSpinWait();
            }
            send(publisher, pool, threadRing, ringFeed, poolWait, sent++);
        }
        while (handled < sent)
        {
            Thread.onSpinWait();
        }

        gateOpen = false;
        final long episodeStart = sent;
        // Opens the gate once the publisher is well into the episode; it cannot finish the episode before that.
        final Thread opener = new Thread(() ->
        {
            while (progress < episodeStart + SMALL / 2)
            {
                Thread.onSpinWait();
            }
            LockSupport.parkNanos(Duration.ofMillis(20).toNanos());
            gateOpen = true;
        }, "gate-opener");
        opener.start();
        final long agentId = server.agentThread("first-wait-agent").orElseThrow().getId();
        final long agentBefore = THREADS.getThreadAllocatedBytes(agentId);
        final long before = THREADS.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < EPISODE; i++)
        {
            send(publisher, pool, threadRing, ringFeed, poolWait, sent++);
            progress = sent;
        }
        final long bytes = THREADS.getCurrentThreadAllocatedBytes() - before;
        opener.join();
        while (handled < sent)
        {
            Thread.onSpinWait();
        }
        final long agentBytes = THREADS.getThreadAllocatedBytes(agentId) - agentBefore;
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

    private static void send(final FeedPublisher publisher, final ObjectPool<SeqMessage> pool,
        final SingleThreadMessageRing<SeqMessage> threadRing, final boolean ringFeed, final boolean poolWait,
        final long sequence)
    {
        final SeqMessage m = ringFeed ? publisher.claim(SeqMessage.class) : poolWait ? pool.acquire() :
            threadRing.acquire();
        m.producer = 0;
        m.sequence = sequence;
        publisher.publish(m);
    }

    /** The handler: waits while the gate is shut, so the agent holds one message and reads no more. */
    private static void hold()
    {
        while (!gateOpen)
        {
            Thread.onSpinWait();
        }
        handled++;
    }
}
