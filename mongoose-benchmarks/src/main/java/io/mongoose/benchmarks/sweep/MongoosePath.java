package io.mongoose.benchmarks.sweep;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.dispatch.EventHandler;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.pool.SingleThreadPoolCache;
import io.mongoose.server.MongooseServer;
import io.mongoose.server.ShutdownReport;

import java.time.Duration;

/**
 * Mongoose's full pooled path, as every Mongoose hop runs it: a server with one lossless feed of {@link BenchMessage}
 * and one agent group dispatching to a typed handler. The publisher claims a ring feed's next message, or acquires one
 * through its thread's {@link SingleThreadPoolCache} for a queue feed, as a producer should.
 */
final class MongoosePath
{
    /** Largest queue of any hop: the pool holds twice the queue. */
    static final int MAX_QUEUE_CAPACITY = PoolConfig.MAX_CAPACITY / 2;
    static final String QUEUE_CAPACITY_EXPECTED = "a power of two up to " + MAX_QUEUE_CAPACITY +
        " (a Mongoose hop's pool holds twice the queue, at most " + PoolConfig.MAX_CAPACITY + ")";

    final MongooseServer server;
    final ObjectPool<BenchMessage> pool;
    private final FeedPublisher publisher;
    /** {@code null} on a ring feed. */
    private final SingleThreadPoolCache<BenchMessage> cache;

    /** Build and start server {@code name}, its feed and pool registry named {@code feed}, {@code agent} its group. */
    MongoosePath(final String name, final String feed, final int queueCapacity, final boolean ringFeed,
        final AgentGroupConfig agent, final EventHandler<BenchMessage> handler)
    {
        final PoolRegistry pools = new PoolRegistry(feed);
        // Twice the queue: more than a full queue and a drain (or a ring feed's ring) hold at once, so the publisher
        // never waits on the pool while the queue has room.
        pool = pools.register(BenchMessage.class, BenchMessage::new,
            PoolConfig.of(2 * queueCapacity).waitOnExhaustion(Duration.ofMinutes(1)));
        final EventProcessor processor = new EventProcessor()
        {
            @Override
            public void registerHandlers(final HandlerRegistry handlers)
            {
                handlers.on(BenchMessage.class, handler);
            }
        };
        final FeedConfig feedConfig = FeedConfig.named(feed).queueCapacity(queueCapacity)
            .publishTimeout(Duration.ofMinutes(1));
        server = MongooseServer.builder().name(name).poolRegistry(pools)
            .feed(ringFeed ? feedConfig.ring(BenchMessage.class) : feedConfig)
            .agentGroup(agent.processor("recorder", processor, feed))
            .build();
        server.start();
        publisher = server.publisher(feed);
        // Used only by the publisher thread, which Thread.start or a start-up latch orders after this.
        cache = ringFeed ? null : pool.newThreadCache(64);
    }

    void send(final long intendedNanos, final long sentNanos)
    {
        final BenchMessage m = null == cache ? publisher.claim(BenchMessage.class) : cache.acquire();
        m.intendedNanos = intendedNanos;
        m.sentNanos = sentNanos;
        publisher.publish(m);
    }

    /** Close the publisher's cache and stop the server; throws unless it stopped cleanly. */
    void close()
    {
        if (null != cache)
        {
            cache.close();
        }
        final ShutdownReport report = server.stop();
        if (!report.clean())
        {
            throw new IllegalStateException("Mongoose hop did not stop cleanly: " + report);
        }
    }
}
