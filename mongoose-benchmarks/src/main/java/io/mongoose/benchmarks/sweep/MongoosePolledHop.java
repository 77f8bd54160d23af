package io.mongoose.benchmarks.sweep;

import io.mongoose.server.AgentGroupInvoker;
import io.mongoose.agent.DispatchAgent;
import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.ThreadMode;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.pool.SingleThreadPoolCache;
import io.mongoose.server.MongooseServer;
import io.mongoose.server.ShutdownReport;

/**
 * Mongoose's full pooled path as {@link MongooseHop} runs it (a ring feed, or a publisher's pool cache and a queue
 * feed), with the agent group in {@link ThreadMode#INVOKER}: each {@link #poll()} is one duty cycle
 * on the caller's thread, the same {@code DispatchAgent} code a dedicated agent thread runs.
 */
final class MongoosePolledHop implements PolledHop
{
    private static final String FEED = "paired";
    private static final String AGENT = "paired-agent";

    private final SliceRecorder recorder = new SliceRecorder();
    private final ObjectPool<BenchMessage> pool;
    private final MongooseServer server;
    private final FeedPublisher publisher;
    private final AgentGroupInvoker invoker;
    private final SingleThreadPoolCache<BenchMessage> messages;
    private final boolean ringFeed;

    /**
     * Build and start the server; call on the consumer thread, which becomes the invoker's owner.
     *
     * @param queueCapacity the feed's queue capacity, a power of two.
     * @param drainLimit    messages per duty cycle.
     * @param ringFeed      whether the feed is a ring feed, or a queue feed.
     */
    MongoosePolledHop(final int queueCapacity, final int drainLimit, final boolean ringFeed)
    {
        this.ringFeed = ringFeed;
        final PoolRegistry pools = new PoolRegistry("paired");
        pool = MongooseHop.registerPool(pools, queueCapacity);
        final SliceRecorder sink = recorder;
        final EventProcessor processor = new EventProcessor()
        {
            @Override
            public void registerHandlers(final HandlerRegistry handlers)
            {
                handlers.on(BenchMessage.class, m -> sink.onReceive(m.intendedNanos));
            }
        };
        server = MongooseServer.builder().name("paired").poolRegistry(pools)
            .feed(MongooseHop.feed(FEED, queueCapacity, ringFeed))
            .agentGroup(AgentGroupConfig.named(AGENT).threadMode(ThreadMode.INVOKER).drainLimit(drainLimit)
                .processor("recorder", processor, FEED))
            .build();
        server.start();
        publisher = server.publisher(FEED);
        invoker = server.invoker(AGENT);
        // Used by the publisher thread only; handed to it through PairedRunMain's start-up latch.
        messages = ringFeed ? null : pool.newThreadCache(64);
    }

    @Override
    public Transport transport()
    {
        return ringFeed ? Transport.MONGOOSE : Transport.MONGOOSE_QUEUE;
    }

    @Override
    public void send(final long intendedNanos, final long sentNanos)
    {
        if (ringFeed)
        {
            MongooseHop.send(publisher, intendedNanos, sentNanos);
        }
        else
        {
            MongooseHop.send(messages, publisher, intendedNanos, sentNanos);
        }
    }

    @Override
    public int poll()
    {
        return invoker.invoke();
    }

    @Override
    public SliceRecorder recorder()
    {
        return recorder;
    }

    /**
     * @throws IllegalStateException if the server did not stop cleanly or a message did not come back to its pool.
     */
    @Override
    public void close()
    {
        // The publisher has stopped and every message was received; the ring's owner is gone, so the consumer (the
        // server's owner) closes it: its free messages go back to the pool at once.
        if (null != messages)
        {
            messages.close();
        }
        final ShutdownReport report = server.stop();
        if (!report.clean())
        {
            throw new IllegalStateException("Mongoose polled hop did not stop cleanly: " + report);
        }
        if (0 != pool.inFlight())
        {
            throw new IllegalStateException("Mongoose polled hop: messages not back in the pool: " + pool.stats());
        }
    }
}
