package io.mongoose.benchmarks.jmh;

import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.EventPoller;
import com.lmax.disruptor.RingBuffer;
import io.mongoose.server.AgentGroupInvoker;
import io.mongoose.agent.DispatchAgent;
import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.ThreadMode;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.pool.PooledMessage;
import io.mongoose.pool.SingleThreadPoolCache;
import io.mongoose.server.MongooseServer;
import io.mongoose.server.ShutdownReport;
import org.jctools.queues.SpscArrayQueue;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * What does one message cost on Mongoose's whole path, in CPU time, next to the LMAX Disruptor? Everything runs on
 * the benchmark thread: one operation is a batch of {@value #BATCH} messages published and then consumed, and
 * {@code @OperationsPerInvocation} makes JMH report nanoseconds per message.
 *
 * <p>Why one thread. This is exactly what a user pays in {@link ThreadMode#INVOKER}, where the application owns the
 * thread: it publishes, then calls {@link AgentGroupInvoker#invoke()} to run one duty cycle. It is also the part of a
 * cross-thread hop that is Mongoose's own doing: {@link HopBenchmark} adds the cache-line traffic between two cores
 * and, on a 2-core machine, every other process's scheduling, which moves its figure by an order of magnitude from run
 * to run; the cost per message on one thread repeats.
 *
 * <ul>
 *     <li>{@link #mongooseInvokerPath}: a real {@link MongooseServer}, one feed to one {@link ThreadMode#INVOKER}
 *     agent group with drain limit {@value #BATCH}: acquire through a {@link SingleThreadPoolCache}, fill,
 *     {@code publish} onto the feed's SPSC queue, {@value #BATCH} times; then one {@code invoke()}, which drains the
 *     queue, dispatches each message by type to the processor's handler, releases it through the agent's release batch
 *     and returns the batch to the pool. Gated: nothing may be allocated on the way.</li>
 *     <li>{@link #mongooseInvokerPoolPath}: the same, acquiring from the {@link ObjectPool} itself, without the thread
 *     cache: what the cache saves per message. Gated too.</li>
 *     <li>{@link #mongooseInvokerBatchPath}: the same, with the {@value #BATCH} messages handed to the feed in one
 *     batch publish instead of one {@code publish} each. Gated too.</li>
 *     <li>{@link #mongooseInvokerRingFeedPath}: a ring feed ({@link FeedConfig#ring(Class)}) instead of a queue feed:
 *     {@code claim}, fill, {@code publish}, {@value #BATCH} times, then one {@code invoke()}, which dispatches the
 *     messages in place in the feed's ring and hands their slots back. Gated too.</li>
 *     <li>{@link #disruptorPollerPath}: the Disruptor doing the same on one thread: a single-producer
 *     {@link RingBuffer} and an {@link EventPoller} gating it; {@code next}, {@code get}, fill, {@code publish},
 *     {@value #BATCH} times, then one {@code poll} through the handler. No pool, no dispatch by type: the events live
 *     in the ring. The ring's wait strategy is busy-spin: the default one takes a lock on every publish to wake
 *     waiters a poller never has, which made this path several times slower here.</li>
 *     <li>{@link #rawSpscPath}: the floor: {@value #BATCH} preallocated messages offered to a bare JCTools
 *     {@link SpscArrayQueue}, then polled and handed to the same handler body. No pool, no dispatch, no counters.</li>
 * </ul>
 *
 * <p>The pool's share of the Mongoose path alone (acquire through a cache, release through a release batch, flush) is
 * {@link PoolBenchmark#batchedRelease}.
 *
 * <p>The queues, the ring and the pools all hold {@value #QUEUE_CAPACITY}. The three full paths fill the same two
 * {@code long} fields and run the same handler body ({@link Consumed#add}). Each trial's tear-down checks that every
 * message published was handled (and, for the Mongoose path, that every message is back in its pool), so a path that
 * stopped delivering would fail rather than report a fast time for nothing.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@OperationsPerInvocation(PathCostBenchmark.BATCH)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class PathCostBenchmark
{
    /** Messages published per operation, and the agent's drain limit: one {@code invoke()} consumes a batch. */
    static final int BATCH = 256;
    /** Capacity of the feed queue, the Disruptor ring and the bare queue. */
    static final int QUEUE_CAPACITY = 65_536;
    /**
     * As many pooled messages as the ring has events, so both paths cycle through the same number of objects. At most
     * a batch, a cache refill and a release batch are ever out of the free list, far below it.
     */
    static final int POOL_CAPACITY = QUEUE_CAPACITY;
    /** Messages a producer's thread cache takes from the pool per refill. */
    static final int CACHE_BATCH = 64;
    /** The agent group every Mongoose path's server has. */
    static final String INVOKER = "path-invoker";

    /**
     * One batch through Mongoose in invoker mode.
     *
     * @param path the running server, its publisher and invoker, and this thread's pool cache.
     * @return what the duty cycle reported doing, so the call cannot be dropped.
     */
    @Benchmark
    @AllocationGated
    public int mongooseInvokerPath(final MongoosePath path)
    {
        final SingleThreadPoolCache<Tick> cache = path.cache;
        final FeedPublisher publisher = path.publisher;
        long sequence = path.published;
        for (int i = 0; i < BATCH; i++)
        {
            final Tick tick = cache.acquire();
            sequence++;
            tick.sequence = sequence;
            tick.value = sequence;
            publisher.publish(tick);
        }
        path.published = sequence;
        return path.invoker.invoke();
    }

    /**
     * The same batch through Mongoose, acquired from the pool itself instead of a thread cache: one claim on the pool's
     * shared free list per message. The difference to {@link #mongooseInvokerPath} is what the cache saves. Gated:
     * nothing may be allocated on the way.
     *
     * @param path the running server, its publisher and invoker, and the pool.
     * @return what the duty cycle reported doing, so the call cannot be dropped.
     */
    @Benchmark
    @AllocationGated
    public int mongooseInvokerPoolPath(final MongoosePath path)
    {
        final ObjectPool<Tick> pool = path.ticks;
        final FeedPublisher publisher = path.publisher;
        long sequence = path.published;
        for (int i = 0; i < BATCH; i++)
        {
            final Tick tick = pool.acquire();
            sequence++;
            tick.sequence = sequence;
            tick.value = sequence;
            publisher.publish(tick);
        }
        path.published = sequence;
        return path.invoker.invoke();
    }

    /**
     * The same batch through Mongoose, handed to the feed in one {@link FeedPublisher#publish(PooledMessage[], int,
     * int)}
     * call: acquired and filled one by one, published together. The difference to {@link #mongooseInvokerPath} is what
     * the batch call saves per message. Gated: nothing may be allocated on the way.
     *
     * @param path the running server, its publisher and invoker, this thread's pool cache and the batch array.
     * @return what the duty cycle reported doing, so the call cannot be dropped.
     */
    @Benchmark
    @AllocationGated
    public int mongooseInvokerBatchPath(final MongoosePath path)
    {
        final SingleThreadPoolCache<Tick> cache = path.cache;
        final Tick[] batch = path.batch;
        long sequence = path.published;
        for (int i = 0; i < BATCH; i++)
        {
            final Tick tick = cache.acquire();
            sequence++;
            tick.sequence = sequence;
            tick.value = sequence;
            batch[i] = tick;
        }
        path.publisher.publish(batch, 0, BATCH);
        path.published = sequence;
        return path.invoker.invoke();
    }

    /**
     * The same batch through Mongoose on a ring feed: claim the next message of the feed's own ring, fill, publish;
     * the duty cycle dispatches the messages in place and hands their slots back with one store. No queue of references
     * and no release per message: the Disruptor's model with pooled messages and typed dispatch. Gated: nothing may be
     * allocated on the way.
     *
     * @param path the running server with its ring feed, its publisher and invoker.
     * @return what the duty cycle reported doing, so the call cannot be dropped.
     */
    @Benchmark
    @AllocationGated
    public int mongooseInvokerRingFeedPath(final MongooseRingFeedPath path)
    {
        final FeedPublisher publisher = path.publisher;
        long sequence = path.published;
        for (int i = 0; i < BATCH; i++)
        {
            final Tick tick = publisher.claim(Tick.class);
            sequence++;
            tick.sequence = sequence;
            tick.value = sequence;
            publisher.publish(tick);
        }
        path.published = sequence;
        return path.invoker.invoke();
    }

    /**
     * Baseline: one batch through a Disruptor ring and its poller.
     *
     * @param path the ring, its poller and the handler.
     * @return the poller's state after the batch.
     * @throws Exception as {@link EventPoller#poll} declares; the handler throws nothing.
     */
    @Benchmark
    public EventPoller.PollState disruptorPollerPath(final DisruptorPath path) throws Exception
    {
        final RingBuffer<Event> ring = path.ring;
        long sequence = path.published;
        for (int i = 0; i < BATCH; i++)
        {
            final long slot = ring.next();
            final Event event = ring.get(slot);
            sequence++;
            event.sequence = sequence;
            event.value = sequence;
            ring.publish(slot);
        }
        path.published = sequence;
        return path.poller.poll(path.handler);
    }

    /**
     * The floor: a batch of preallocated messages through a bare SPSC queue into the handler body.
     *
     * @param path the queue, the messages and the handler body's state.
     * @return messages polled.
     */
    @Benchmark
    public int rawSpscPath(final RawPath path)
    {
        final SpscArrayQueue<Tick> queue = path.queue;
        final Tick[] messages = path.messages;
        long sequence = path.published;
        for (int i = 0; i < BATCH; i++)
        {
            final Tick tick = messages[i];
            sequence++;
            tick.sequence = sequence;
            tick.value = sequence;
            if (!queue.offer(tick))
            {
                throw new IllegalStateException("rawSpscPath: queue full at message " + sequence);
            }
        }
        path.published = sequence;
        // Polled in a loop as DispatchAgent drains, not through a drain callback.
        final Consumed consumed = path.consumed;
        int polled = 0;
        Tick tick;
        while (polled < BATCH && null != (tick = queue.relaxedPoll()))
        {
            polled++;
            consumed.add(tick.sequence, tick.value);
        }
        return polled;
    }

    /** The handler body of every path: count the message and fold its two fields into a sum. */
    static final class Consumed
    {
        long count;
        long sum;

        void add(final long sequence, final long value)
        {
            count++;
            sum += sequence ^ value;
        }
    }

    /**
     * A server with one feed and one {@link ThreadMode#INVOKER} agent group hosting {@link ConsumingProcessor}. Thread
     * scope, so {@link #start()} and {@link #stop()} run on the benchmark thread: it becomes the invoker's owner and
     * the feed's only producer, and the cache is its own.
     */
    @State(Scope.Thread)
    public static class MongoosePath
    {
        SingleThreadPoolCache<Tick> cache;
        FeedPublisher publisher;
        /** Reused by every operation of {@link #mongooseInvokerBatchPath}: the publisher only reads it. */
        final Tick[] batch = new Tick[BATCH];
        AgentGroupInvoker invoker;
        long published;
        ObjectPool<Tick> ticks;
        private MongooseServer server;
        private ConsumingProcessor processor;

        /** Build and start the server on the benchmark thread. */
        @Setup(Level.Trial)
        public void start()
        {
            final PoolRegistry pools = new PoolRegistry("jmh-path-cost");
            ticks = pools.register(Tick.class, Tick::new, PoolConfig.of(POOL_CAPACITY).failOnExhaustion());
            processor = new ConsumingProcessor();
            server = startServer(pools, FeedConfig.named("ticks").queueCapacity(QUEUE_CAPACITY), processor);
            publisher = server.publisher("ticks");
            invoker = server.invoker(INVOKER);
            cache = ticks.newThreadCache(CACHE_BATCH);
        }

        /**
         * Stop the server and prove the run was sound: every published message handled, a clean shutdown and every
         * message back in the pool.
         *
         * @throws IllegalStateException if a message was not handled, the shutdown was not clean or a message leaked.
         */
        @TearDown(Level.Trial)
        public void stop()
        {
            cache.close();
            stopAndCheck("mongooseInvokerPath", server, processor, published, ticks);
        }
    }

    /**
     * A server with one ring feed of {@value #QUEUE_CAPACITY} messages and one {@link ThreadMode#INVOKER} agent group
     * hosting {@link ConsumingProcessor}; thread scope, as {@link MongoosePath}.
     */
    @State(Scope.Thread)
    public static class MongooseRingFeedPath
    {
        FeedPublisher publisher;
        AgentGroupInvoker invoker;
        long published;
        private ObjectPool<Tick> ticks;
        private MongooseServer server;
        private ConsumingProcessor processor;

        /** Build and start the server on the benchmark thread. */
        @Setup(Level.Trial)
        public void start()
        {
            final PoolRegistry pools = new PoolRegistry("jmh-ring-feed");
            ticks = pools.register(Tick.class, Tick::new, PoolConfig.of(POOL_CAPACITY).failOnExhaustion());
            processor = new ConsumingProcessor();
            server = startServer(pools, FeedConfig.named("ticks").queueCapacity(QUEUE_CAPACITY).ring(Tick.class),
                processor);
            publisher = server.publisher("ticks");
            invoker = server.invoker(INVOKER);
        }

        /**
         * Stop the server and prove the run was sound, as {@link MongoosePath#stop()}.
         *
         * @throws IllegalStateException if a message was not handled, the shutdown was not clean or a message leaked.
         */
        @TearDown(Level.Trial)
        public void stop()
        {
            stopAndCheck("mongooseInvokerRingFeedPath", server, processor, published, ticks);
        }
    }

    /**
     * A started server with {@code feed} into one {@link ThreadMode#INVOKER} agent group, {@value #INVOKER}, with a
     * drain limit of a batch, hosting {@code processor}; built and started on the calling (benchmark) thread.
     */
    private static MongooseServer startServer(
        final PoolRegistry pools, final FeedConfig feed, final ConsumingProcessor processor)
    {
        final MongooseServer server = MongooseServer.builder()
            .name(pools.name())
            .poolRegistry(pools)
            .feed(feed)
            .agentGroup(AgentGroupConfig.named(INVOKER)
                .threadMode(ThreadMode.INVOKER)
                .drainLimit(BATCH)
                .processor("consume", processor, feed.name()))
            .build();
        server.start();
        return server;
    }

    /**
     * Stop the server and prove the run was sound: every published message handled, a clean shutdown and every
     * message back in the pool.
     *
     * @throws IllegalStateException if a message was not handled, the shutdown was not clean or a message leaked.
     */
    private static void stopAndCheck(
        final String path, final MongooseServer server, final ConsumingProcessor processor, final long published,
        final ObjectPool<Tick> ticks)
    {
        // Before stop(), which would deliver anything left queued: an invoke() drains at most one batch, so the
        // counts match here only if every operation's invoke() consumed its whole batch.
        if (processor.consumed.count != published)
        {
            throw new IllegalStateException(path + ": published " + published + " but the handler saw " +
                processor.consumed.count + " by the end of the last operation");
        }
        final ShutdownReport report = server.stop();
        if (!report.clean() || report.handlerErrors() != 0 || report.unhandled() != 0)
        {
            throw new IllegalStateException(path + ": shutdown not clean: " + report);
        }
        if (0 != ticks.inFlight())
        {
            throw new IllegalStateException(path + ": messages not back in the pool: " + ticks.stats());
        }
    }

    /** Runs on the benchmark thread through the invoker: the handler body, reached by dispatch on type. */
    static final class ConsumingProcessor implements EventProcessor
    {
        final Consumed consumed = new Consumed();

        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
            // A method reference bound once, here; dispatch calls it with no allocation.
            handlers.on(Tick.class, this::onTick);
        }

        private void onTick(final Tick tick)
        {
            consumed.add(tick.sequence, tick.value);
        }
    }

    /** The Disruptor's event: the same two fields as {@link Tick}, without a pooled message's header fields. */
    static final class Event
    {
        long sequence;
        long value;
    }

    /** A single-producer ring with one poller gating it, both used by the benchmark thread only. */
    @State(Scope.Thread)
    public static class DisruptorPath
    {
        RingBuffer<Event> ring;
        EventPoller<Event> poller;
        ConsumingPollerHandler handler;
        long published;

        /** Create the ring, its events and the poller. */
        @Setup(Level.Trial)
        public void start()
        {
            // Nothing ever waits: a poller returns when it has nothing. But every publish signals the wait strategy,
            // and the default (blocking) one takes a lock to do so; busy-spin's signal does nothing, as a poller's
            // user would choose.
            ring = RingBuffer.createSingleProducer(Event::new, QUEUE_CAPACITY, new BusySpinWaitStrategy());
            poller = ring.newPoller();
            ring.addGatingSequences(poller.getSequence());
            handler = new ConsumingPollerHandler();
        }

        /**
         * Check the poller handled every event published.
         *
         * @throws IllegalStateException if it did not.
         */
        @TearDown(Level.Trial)
        public void stop()
        {
            if (handler.consumed.count != published || poller.getSequence().get() != ring.getCursor())
            {
                throw new IllegalStateException("disruptorPollerPath: published " + published +
                    " but the handler saw " + handler.consumed.count);
            }
        }
    }

    /** The poller's handler: the same body as {@link ConsumingProcessor}. */
    static final class ConsumingPollerHandler implements EventPoller.Handler<Event>
    {
        final Consumed consumed = new Consumed();

        @Override
        public boolean onEvent(final Event event, final long sequence, final boolean endOfBatch)
        {
            consumed.add(event.sequence, event.value);
            return true;
        }
    }

    /** A bare SPSC queue and a batch of preallocated messages, reused by every operation. */
    @State(Scope.Thread)
    public static class RawPath
    {
        final SpscArrayQueue<Tick> queue = new SpscArrayQueue<>(QUEUE_CAPACITY);
        final Tick[] messages = new Tick[BATCH];
        final Consumed consumed = new Consumed();
        long published;

        /** Create the messages. */
        @Setup(Level.Trial)
        public void start()
        {
            for (int i = 0; i < BATCH; i++)
            {
                messages[i] = new Tick();
            }
        }

        /**
         * Check every message offered was handled.
         *
         * @throws IllegalStateException if one was not.
         */
        @TearDown(Level.Trial)
        public void stop()
        {
            if (consumed.count != published || !queue.isEmpty())
            {
                throw new IllegalStateException("rawSpscPath: published " + published + " but the handler saw " +
                    consumed.count);
            }
        }
    }
}
