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

/**
 * How many messages per second does one hop through Mongoose carry, and what does the framework cost over a bare
 * queue? One operation is one publish from the benchmark thread; an agent thread consumes. The publisher waits when
 * the queue is full, so in steady state the rate is the slower side's: the hop's throughput.
 *
 * <ul>
 *     <li>{@link #mongooseHop}: the full pooled path of a real {@link MongooseServer}: {@code pool.acquire()}, fill,
 *     {@code publish} onto the feed's SPSC queue, the dedicated agent drains it, dispatches through the processor's
 *     table to the handler, and releases the message to its pool. Gated: nothing may be allocated on the way.</li>
 *     <li>{@link #rawSpscHop}: the same hop over a bare JCTools {@link SpscArrayQueue} with the same capacity, drain
 *     limit, idle strategy, full-queue back-off and handler body. Messages are preallocated and recycled round-robin
 *     instead of pooled, and nothing is reference-counted or dispatched by type: the floor Mongoose is measured
 *     against.</li>
 * </ul>
 *
 * <p>The consumer's idle strategy is the parameter {@code idle} (default {@code busy-spin}; {@code -p idle=yield} for
 * the alternative). A busy-spinning consumer keeps a core busy, and with the producer that is both cores of a 2-core
 * machine, so anything else running on it shows up in these numbers, by an order of magnitude when it pushes producer
 * and consumer onto one core. Whether the queue runs mostly full or mostly empty also moves the figure: compare the two
 * paths within one run, over several forks.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class HopBenchmark
{
    /** A feed's default queue capacity, for both paths. */
    static final int QUEUE_CAPACITY = FeedConfig.DEFAULT_QUEUE_CAPACITY;
    /** An agent group's default drain limit, for both paths. */
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

    /**
     * A server with one feed and one dedicated agent group hosting {@link SumProcessor}. Thread scope: the benchmark
     * thread is the feed's only producer, as Mongoose requires; more benchmark threads would get a server each.
     */
    @State(Scope.Thread)
    public static class MongooseHop
    {
        /** Idle strategy of the agent: a {@link IdleStrategyKind#yamlName()}. */
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
            // Twice the queue: a full queue, the message the agent is handling and the one being filled never exhaust
            // it. WAIT rather than FAIL only so that a stalled agent shows up as a clear timeout.
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

        /**
         * Stop the server and prove the run was sound: a clean shutdown and every published message handled.
         *
         * @throws IllegalStateException if messages were lost, left undelivered or leaked.
         */
        @TearDown(Level.Trial)
        public void stop()
        {
            final ShutdownReport report = server.stop();
            if (!report.clean() || report.handlerErrors() != 0 || report.unhandled() != 0)
            {
                throw new IllegalStateException("mongooseHop: shutdown not clean: " + report);
            }
            // The agent thread has been joined, so its counters are safe to read here.
            if (processor.handled != published)
            {
                throw new IllegalStateException(
                    "mongooseHop: published " + published + " but the handler saw " + processor.handled);
            }
        }
    }

    /** The handler body of both paths: count and sum, the state a real processor would keep. */
    static final class SumProcessor implements EventProcessor
    {
        long handled;
        long valueSum;

        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
            // A method reference bound once, here; dispatch calls it with no allocation.
            handlers.on(Tick.class, this::onTick);
        }

        private void onTick(final Tick tick)
        {
            handled++;
            valueSum += tick.value;
        }
    }

    /** A bare SPSC queue, recycled messages and a consumer thread that drains like an agent does. */
    @State(Scope.Thread)
    public static class RawHop
    {
        /** Idle strategy of the consumer thread: a {@link IdleStrategyKind#yamlName()}. */
        @Param({"busy-spin"})
        public String idle;

        SpscArrayQueue<Tick> queue;
        /**
         * Twice the queue capacity: when the producer reuses a slot, the queue's bound guarantees the consumer has
         * polled the message from that slot's previous turn and, having polled a later one since, finished with it.
         */
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
            ring = new Tick[2 * QUEUE_CAPACITY];
            ringMask = ring.length - 1;
            for (int i = 0; i < ring.length; i++)
            {
                ring[i] = new Tick();
            }
            consumer = new RawConsumer(queue, IdleStrategyKind.fromYamlName(idle).newIdleStrategy());
            thread = new Thread(consumer, "raw-hop-consumer");
            thread.setDaemon(true);
            thread.start();
        }

        /**
         * Let the consumer finish the queue, stop it and check that it saw every message.
         *
         * @throws InterruptedException  if interrupted while joining the consumer.
         * @throws IllegalStateException if the consumer did not see every message.
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

    /** The raw consumer: a duty cycle of drain-then-idle, with the handler body as its drain callback. */
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
            // The producer has stopped and the queue was seen empty before running was cleared; drain anything left
            // so the count check in stop() is exact.
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
