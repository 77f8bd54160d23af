package io.mongoose.benchmarks.jmh;

import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.EventPoller;
import com.lmax.disruptor.RingBuffer;
import io.mongoose.server.AgentGroupInvoker;
import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.ThreadMode;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
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
import java.util.stream.Stream;

/**
 * What does one message cost on Mongoose's whole path, in CPU time, next to the LMAX Disruptor? Everything runs on the
 * benchmark thread, as in {@link ThreadMode#INVOKER}: one operation publishes a batch of {@value #BATCH} messages and
 * consumes it with one {@link AgentGroupInvoker#invoke()} (drain, dispatch by type, handler, release), and JMH reports
 * nanoseconds per message. Without a second core in play the figure repeats, unlike {@link HopBenchmark}'s.
 *
 * <p>Gated Mongoose paths: acquire through a {@link SingleThreadPoolCache} ({@link #mongooseInvokerPath}), from the
 * {@link ObjectPool} itself ({@link #mongooseInvokerPoolPath}), with one batch publish
 * ({@link #mongooseInvokerBatchPath}), and a ring feed's claim and in-place dispatch
 * ({@link #mongooseInvokerRingFeedPath}). Baselines: a single-producer {@link RingBuffer} with an {@link EventPoller}
 * and a busy-spin wait strategy, whose publish signals no lock ({@link #disruptorPollerPath}), and a bare
 * {@link SpscArrayQueue} ({@link #rawSpscPath}). Every path fills the same two fields and runs the same handler body,
 * and each trial's tear-down checks that every message published was handled.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@OperationsPerInvocation(PathCostBenchmark.BATCH)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class PathCostBenchmark
{
    /** Messages per operation, and the agent's drain limit. */
    static final int BATCH = 256;
    /** Capacity of every queue, ring and pool. */
    static final int QUEUE_CAPACITY = 65_536;
    static final int CACHE_BATCH = 64;
    static final String INVOKER = "path-invoker";

    /**
     * One batch through Mongoose, acquired through a thread cache.
     *
     * @param path the running server and this thread's pool cache.
     * @return what the duty cycle did.
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
     * One batch through Mongoose, acquired from the pool itself: the difference to {@link #mongooseInvokerPath} is
     * what the cache saves.
     *
     * @param path the running server and its pool.
     * @return what the duty cycle did.
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
     * One batch through Mongoose, handed to the feed in one batch publish: the difference to
     * {@link #mongooseInvokerPath} is what the batch call saves.
     *
     * @param path the running server, this thread's pool cache and the batch array.
     * @return what the duty cycle did.
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
     * One batch through a ring feed: claim in the feed's ring, fill, publish; dispatched in place.
     *
     * @param path the running server with its ring feed.
     * @return what the duty cycle did.
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
     * @throws Exception as {@link EventPoller#poll} declares.
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
        return path.poller.poll(path.consumed);
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
        // Polled in a loop as DispatchAgent drains.
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

    /** The handler body of every path, as a Mongoose processor and a Disruptor poller handler. */
    static final class Consumed implements EventProcessor, EventPoller.Handler<Event>
    {
        long count;
        long sum;

        void add(final long sequence, final long value)
        {
            count++;
            sum += sequence ^ value;
        }

        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
            handlers.on(Tick.class, this::onTick);
        }

        private void onTick(final Tick tick)
        {
            add(tick.sequence, tick.value);
        }

        @Override
        public boolean onEvent(final Event event, final long sequence, final boolean endOfBatch)
        {
            add(event.sequence, event.value);
            return true;
        }

        void check(final String path, final long published, final boolean drained)
        {
            if (count != published || !drained)
            {
                throw new IllegalStateException(path + ": published " + published + " but the handler saw " + count);
            }
        }
    }

    /** A server with one feed into an {@link ThreadMode#INVOKER} group, started and stopped on the benchmark thread. */
    @State(Scope.Thread)
    public static class MongoosePath
    {
        SingleThreadPoolCache<Tick> cache;
        FeedPublisher publisher;
        final Tick[] batch = new Tick[BATCH];
        AgentGroupInvoker invoker;
        long published;
        ObjectPool<Tick> ticks;
        private MongooseServer server;
        private final Consumed consumed = new Consumed();

        FeedConfig feed()
        {
            return FeedConfig.named("ticks").queueCapacity(QUEUE_CAPACITY);
        }

        /** Build and start the server. */
        @Setup(Level.Trial)
        public void start()
        {
            final PoolRegistry pools = new PoolRegistry("jmh-" + getClass().getSimpleName());
            ticks = pools.register(Tick.class, Tick::new, PoolConfig.of(QUEUE_CAPACITY).failOnExhaustion());
            server = MongooseServer.builder()
                .name(pools.name())
                .poolRegistry(pools)
                .feed(feed())
                .agentGroup(AgentGroupConfig.named(INVOKER)
                    .threadMode(ThreadMode.INVOKER)
                    .drainLimit(BATCH)
                    .processor("consume", consumed, "ticks"))
                .build();
            server.start();
            publisher = server.publisher("ticks");
            invoker = server.invoker(INVOKER);
            cache = ticks.newThreadCache(CACHE_BATCH);
        }

        /** Stop the server; fail unless every message was handled, the stop clean and the pool whole. */
        @TearDown(Level.Trial)
        public void stop()
        {
            cache.close();
            // Before stop(), which delivers what is left: each operation's invoke() must have consumed its batch.
            consumed.check(getClass().getSimpleName(), published, true);
            final ShutdownReport report = server.stop();
            if (!report.clean() || report.handlerErrors() != 0 || report.unhandled() != 0 || 0 != ticks.inFlight())
            {
                throw new IllegalStateException("shutdown not clean: " + report + ", " + ticks.stats());
            }
        }
    }

    /** As {@link MongoosePath}, with a ring feed. */
    public static class MongooseRingFeedPath extends MongoosePath
    {
        @Override
        FeedConfig feed()
        {
            return super.feed().ring(Tick.class);
        }
    }

    /** The Disruptor's event: the same two fields as {@link Tick}. */
    static final class Event
    {
        long sequence;
        long value;
    }

    /** A single-producer ring with one poller gating it. */
    @State(Scope.Thread)
    public static class DisruptorPath
    {
        RingBuffer<Event> ring;
        EventPoller<Event> poller;
        final Consumed consumed = new Consumed();
        long published;

        /** Create the ring, its events and the poller. */
        @Setup(Level.Trial)
        public void start()
        {
            ring = RingBuffer.createSingleProducer(Event::new, QUEUE_CAPACITY, new BusySpinWaitStrategy());
            poller = ring.newPoller();
            ring.addGatingSequences(poller.getSequence());
        }

        /** Check the poller handled every event published. */
        @TearDown(Level.Trial)
        public void stop()
        {
            consumed.check("disruptorPollerPath", published, poller.getSequence().get() == ring.getCursor());
        }
    }

    /** A bare SPSC queue and a batch of preallocated messages. */
    @State(Scope.Thread)
    public static class RawPath
    {
        final SpscArrayQueue<Tick> queue = new SpscArrayQueue<>(QUEUE_CAPACITY);
        final Tick[] messages = Stream.generate(Tick::new).limit(BATCH).toArray(Tick[]::new);
        final Consumed consumed = new Consumed();
        long published;

        /** Check every message offered was handled. */
        @TearDown(Level.Trial)
        public void stop()
        {
            consumed.check("rawSpscPath", published, queue.isEmpty());
        }
    }
}
