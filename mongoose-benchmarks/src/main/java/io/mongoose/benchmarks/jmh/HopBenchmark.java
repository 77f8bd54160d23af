package io.mongoose.benchmarks.jmh;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.server.MongooseServer;
import io.mongoose.server.ShutdownReport;
import org.agrona.concurrent.IdleStrategy;
import org.jctools.queues.MessagePassingQueue;
import org.jctools.queues.SpscArrayQueue;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

/**
 * How many messages per second does one hop through Mongoose carry, next to a bare queue? One operation is one publish
 * from the benchmark thread; an agent thread consumes, and a full queue makes the publisher wait, so the rate is the
 * hop's throughput. {@link #mongooseHop} is the full pooled path of a {@link MongooseServer} (acquire, publish, SPSC
 * queue, agent, dispatch, handler, release); {@link #rawSpscHop} does the same over a bare {@link SpscArrayQueue} with
 * recycled messages, the same capacity, drain limit, idle strategy, back-off and handler body. Parameter {@code idle}
 * is the consumer's idle strategy. Two spinning threads take both cores of a 2-core machine, so compare the paths
 * within one run.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class HopBenchmark
{
    static final int QUEUE_CAPACITY = FeedConfig.DEFAULT_QUEUE_CAPACITY;
    static final int DRAIN_LIMIT = AgentGroupConfig.DEFAULT_DRAIN_LIMIT;

    /**
     * One pooled hop.
     *
     * @param hop the running server and this thread's publisher.
     */
    @Benchmark
    @AllocationGated
    public void mongooseHop(final MongooseHop hop)
    {
        final Tick tick = hop.ticks.acquire();
        final long sequence = ++hop.published;
        tick.sequence = sequence;
        tick.value = sequence;
        hop.publisher.publish(tick);
    }

    /**
     * Baseline: one hop over a bare SPSC queue.
     *
     * @param hop the queue, the recycled messages and the consumer thread.
     */
    @Benchmark
    public void rawSpscHop(final RawHop hop)
    {
        final long sequence = ++hop.published;
        final Tick tick = hop.ring[(int)sequence & hop.ringMask];
        tick.sequence = sequence;
        tick.value = sequence;
        BoundedOffer.offer(hop.queue, tick);
    }

    /** A server with one feed and one dedicated agent group; the benchmark thread is the feed's only producer. */
    @State(Scope.Thread)
    public static class MongooseHop
    {
        /** Idle strategy of the agent. */
        @Param({"busy-spin"})
        public String idle;

        ObjectPool<Tick> ticks;
        FeedPublisher publisher;
        long published;
        private MongooseServer server;
        private SumProcessor processor;

        /** Build and start the server; the agent thread runs from here to {@link #stop()}. */
        @Setup(Level.Trial)
        public void start()
        {
            final PoolRegistry pools = new PoolRegistry("jmh-hop");
            // Twice the queue, so it never runs out; WAIT so that a stalled agent shows up as a timeout.
            ticks = pools.register(Tick.class, Tick::new,
                PoolConfig.of(2 * QUEUE_CAPACITY).waitOnExhaustion(Duration.ofSeconds(10)));
            processor = new SumProcessor();
            server = MongooseServer.builder()
                .name("jmh-hop")
                .poolRegistry(pools)
                .feed(FeedConfig.named("ticks").queueCapacity(QUEUE_CAPACITY))
                .agentGroup(AgentGroupConfig.named("hop-agent")
                    .idleStrategy(IdleStrategyKind.fromYamlName(idle))
                    .drainLimit(DRAIN_LIMIT)
                    .processor("sum", processor, "ticks"))
                .build();
            server.start();
            publisher = server.publisher("ticks");
        }

        /** Stop the server; fail unless the shutdown is clean and every published message was handled. */
        @TearDown(Level.Trial)
        public void stop()
        {
            final ShutdownReport report = server.stop();
            if (!report.clean() || report.handlerErrors() != 0 || report.unhandled() != 0 ||
                processor.handled != published)
            {
                throw new IllegalStateException("mongooseHop: published " + published + " but the handler saw " +
                    processor.handled + "; " + report);
            }
        }
    }

    /** The handler body of both paths: count and sum. */
    static final class SumProcessor implements EventProcessor
    {
        long handled;
        long valueSum;

        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
            handlers.on(Tick.class, this::onTick);
        }

        private void onTick(final Tick tick)
        {
            handled++;
            valueSum += tick.value;
        }
    }

    /** A bare SPSC queue, recycled messages and a consumer thread that drains like an agent. */
    @State(Scope.Thread)
    public static class RawHop
    {
        /** Idle strategy of the consumer thread. */
        @Param({"busy-spin"})
        public String idle;

        SpscArrayQueue<Tick> queue;
        /** Twice the queue: the queue's bound ensures the consumer is done with a slot before it is reused. */
        Tick[] ring;
        int ringMask;
        long published;
        private RawConsumer consumer;
        private Thread thread;

        /** Preallocate the messages and start the consumer thread. */
        @Setup(Level.Trial)
        public void start()
        {
            queue = new SpscArrayQueue<>(QUEUE_CAPACITY);
            ring = Stream.generate(Tick::new).limit(2 * QUEUE_CAPACITY).toArray(Tick[]::new);
            ringMask = ring.length - 1;
            consumer = new RawConsumer(queue, IdleStrategyKind.fromYamlName(idle).newIdleStrategy());
            thread = new Thread(consumer, "raw-hop-consumer");
            thread.setDaemon(true);
            thread.start();
        }

        /**
         * Let the consumer finish the queue, stop it and check that it saw every message.
         *
         * @throws InterruptedException if interrupted while joining the consumer.
         */
        @TearDown(Level.Trial)
        public void stop() throws InterruptedException
        {
            final long deadline = System.nanoTime() + BoundedOffer.TIMEOUT_NANOS;
            while (!queue.isEmpty() && System.nanoTime() - deadline < 0)
            {
                LockSupport.parkNanos(100_000);
            }
            consumer.running = false;
            thread.join(TimeUnit.NANOSECONDS.toMillis(BoundedOffer.TIMEOUT_NANOS));
            if (thread.isAlive() || consumer.handled != published)
            {
                throw new IllegalStateException("rawSpscHop: published " + published + " but the consumer saw " +
                    consumer.handled + (thread.isAlive() ? " and did not stop" : ""));
            }
        }
    }

    /** The raw consumer: drain, then idle, with the handler body as its drain callback. */
    static final class RawConsumer implements Runnable, MessagePassingQueue.Consumer<Tick>
    {
        private final SpscArrayQueue<Tick> queue;
        private final IdleStrategy idleStrategy;
        volatile boolean running = true;
        long handled;
        long valueSum;

        RawConsumer(final SpscArrayQueue<Tick> queue, final IdleStrategy idleStrategy)
        {
            this.queue = queue;
            this.idleStrategy = idleStrategy;
        }

        @Override
        public void run()
        {
            while (running)
            {
                idleStrategy.idle(queue.drain(this, DRAIN_LIMIT));
            }
            queue.drain(this);
        }

        @Override
        public void accept(final Tick tick)
        {
            handled++;
            valueSum += tick.value;
        }
    }
}
