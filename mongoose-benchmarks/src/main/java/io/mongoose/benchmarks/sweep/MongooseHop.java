package io.mongoose.benchmarks.sweep;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.config.Pinning;
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
 * Mongoose's full pooled path, on one of two feeds (lossless back-off both):
 * <ul>
 *     <li>a ring feed: claim the next pooled message of the feed's ring, fill, publish; the agent dispatches it in
 * place
 *     and hands its slot back;</li>
 *     <li>a queue feed: acquire from the pool (through the publisher thread's {@link SingleThreadPoolCache}, as a
 *     producer should), fill, publish, SPSC queue, agent duty cycle, typed dispatch, release back to the pool.</li>
 * </ul>
 */
final class MongooseHop implements Hop
{
    private static final String AGENT = "bench-agent";
    private static final String FEED = "bench";

    private final SweepOptions options;
    private final boolean ringFeed;
    private SingleThreadPoolCache<BenchMessage> messages;
    private MongooseServer server;
    private FeedPublisher publisher;

    /**
     * @param options  the run's options.
     * @param ringFeed a ring feed, or a queue feed.
     */
    MongooseHop(final SweepOptions options, final boolean ringFeed)
    {
        this.options = options;
        this.ringFeed = ringFeed;
    }

    @Override
    public void start(final Receiver receiver)
    {
        final PoolRegistry pools = new PoolRegistry("bench");
        final ObjectPool<BenchMessage> pool = registerPool(pools, options.queueCapacity());
        final EventProcessor processor = new EventProcessor()
        {
            @Override
            public void registerHandlers(final HandlerRegistry handlers)
            {
                handlers.on(BenchMessage.class, m -> receiver.onReceive(m.intendedNanos, m.sentNanos));
            }
        };
        server = MongooseServer.builder().name("latency-sweep").poolRegistry(pools)
            .feed(feed(FEED, options.queueCapacity(), ringFeed))
            .agentGroup(AgentGroupConfig.named(AGENT).idleStrategy(IdleStrategyKind.fromYamlName(options.idle()))
                .drainLimit(options.drainLimit())
                .pinning("auto".equals(options.pin()) ? Pinning.anyCpu() : Pinning.none())
                .processor("recorder", processor, FEED))
            .build();
        server.start();
        publisher = server.publisher(FEED);
        // Created here, used only by the publisher thread (Thread.start orders this before its first use).
        messages = ringFeed ? null : pool.newThreadCache(64);
    }

    @Override
    public void send(final long intendedNanos, final long sentNanos)
    {
        if (ringFeed)
        {
            send(publisher, intendedNanos, sentNanos);
        }
        else
        {
            send(messages, publisher, intendedNanos, sentNanos);
        }
    }

    /**
     * @param name          the feed's name.
     * @param queueCapacity its queue's or ring's capacity.
     * @param ringFeed      whether it is a ring feed of {@link BenchMessage}.
     * @return the feed every Mongoose hop publishes on.
     */
    static FeedConfig feed(final String name, final int queueCapacity, final boolean ringFeed)
    {
        final FeedConfig feed = FeedConfig.named(name).queueCapacity(queueCapacity)
            .publishTimeout(Duration.ofMinutes(1));
        return ringFeed ? feed.ring(BenchMessage.class) : feed;
    }

    /** Largest queue of any hop: a Mongoose hop's pool holds twice its queue ({@link #ringSize(int)}). */
    static final int MAX_QUEUE_CAPACITY = PoolConfig.MAX_CAPACITY / 2;
    /** What {@code --queueCapacity} accepts, as the options' errors say it. */
    static final String QUEUE_CAPACITY_EXPECTED = "a power of two up to " + MAX_QUEUE_CAPACITY +
        " (a Mongoose hop's pool holds twice the queue, at most " + PoolConfig.MAX_CAPACITY + ")";

    /**
     * The pool of every Mongoose hop, the sweep's and the paired harness's alike: twice the queue, more than a full
     * queue and the agent's drain can have out at once (or the ring a ring feed takes from it), so the publisher never
     * waits on the pool while the queue has room.
     *
     * @param queueCapacity the feed's queue capacity.
     * @return the pool's capacity.
     */
    static int ringSize(final int queueCapacity)
    {
        return 2 * queueCapacity;
    }

    /**
     * @param pools         where to register it.
     * @param queueCapacity the feed's queue capacity.
     * @return the pool every Mongoose hop publishes from.
     */
    static ObjectPool<BenchMessage> registerPool(final PoolRegistry pools, final int queueCapacity)
    {
        return pools.register(BenchMessage.class, BenchMessage::new,
            PoolConfig.of(ringSize(queueCapacity)).waitOnExhaustion(Duration.ofMinutes(1)));
    }

    /** One send on a ring feed, as every Mongoose hop makes it: claim the ring's next message, fill, publish. */
    static void send(final FeedPublisher publisher, final long intendedNanos, final long sentNanos)
    {
        final BenchMessage m = publisher.claim(BenchMessage.class);
        m.intendedNanos = intendedNanos;
        m.sentNanos = sentNanos;
        publisher.publish(m);
    }

    /**
     * One send on a queue feed, as every Mongoose hop makes it: acquire through the publisher's cache, fill, publish.
     */
    static void send(final SingleThreadPoolCache<BenchMessage> cache, final FeedPublisher publisher,
        final long intendedNanos, final long sentNanos)
    {
        final BenchMessage m = cache.acquire();
        m.intendedNanos = intendedNanos;
        m.sentNanos = sentNanos;
        publisher.publish(m);
    }

    @Override
    public Thread consumerThread()
    {
        return server.agentThread(AGENT).orElseThrow();
    }

    @Override
    public String consumerPinning()
    {
        return server.agentStats(AGENT).pinning();
    }

    @Override
    public void close()
    {
        if (null != messages)
        {
            messages.close();
        }
        final ShutdownReport report = server.stop();
        if (!report.clean())
        {
            throw new IllegalStateException("Mongoose hop did not stop cleanly: " + report);
        }
    }
}
