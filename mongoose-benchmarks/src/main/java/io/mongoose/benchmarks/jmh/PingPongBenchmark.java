package io.mongoose.benchmarks.jmh;

import io.mongoose.server.AgentGroupInvoker;
import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.config.ThreadMode;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.feed.Feed;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.pool.PooledMessage;
import io.mongoose.server.MongooseServer;
import io.mongoose.server.ShutdownReport;
import org.agrona.concurrent.IdleStrategy;
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

import java.util.concurrent.TimeUnit;

/**
 * How long does a message take to cross to another core and back? One operation is one round trip: the benchmark
 * thread sends a ping, a thread on the other core answers with a pong, and the benchmark thread waits for it. Only one
 * message is ever in flight, so the time is pure latency, with no queueing: twice the one-way hop plus the turnaround.
 *
 * <ul>
 *     <li>{@link #mongoosePingPong}: two feeds of one {@link MongooseServer}. The benchmark thread acquires a
 *     {@link Ping} and publishes it on feed {@code pings}; a dedicated agent runs {@link EchoProcessor}, whose handler
 *     acquires a {@link Pong} and publishes it on feed {@code pongs} through the {@link FeedPublisher} it was given by
 *     the server before start (the agent thread is that feed's one producer). Feed {@code pongs} goes to an
 *     {@link ThreadMode#INVOKER} agent group that the benchmark thread drives itself, calling
 *     {@link AgentGroupInvoker#invoke()} until its {@link PongReceiver} has seen the pong. Every message is pooled and
 *     released by the framework after dispatch. Gated: nothing may be allocated on the way.</li>
 *     <li>{@link #rawPingPong}: the same round trip over two bare JCTools {@link SpscArrayQueue}s with an echo thread
 *     and one recycled message each way: the floor for the framework.</li>
 * </ul>
 *
 * <p>The echo side's idle strategy is the parameter {@code idle} (default {@code busy-spin}). The echo thread and the
 * spinning benchmark thread take both cores of a 2-core machine. When another busy process runs there too, the two
 * can end up sharing one core, and each round trip then waits for the scheduler: milliseconds instead of hundreds of
 * nanoseconds. Such runs say nothing about Mongoose; rerun on a quiet machine (or try {@code -p idle=yield}, which
 * hands the core over when idle).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class PingPongBenchmark
{
    /** How long a round trip may take before the benchmark gives up: the echo side must have died. */
    private static final long ROUND_TRIP_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(10);
    /** Spins between clock reads while waiting, so the clock is not read on every spin. */
    private static final int CLOCK_CHECK_MASK = 0xFFFF;
    /** Small pools: one ping and one pong in flight, and one of each on its way back to its pool. */
    private static final int POOL_CAPACITY = 16;
    /** Queue capacity of both paths; never more than one message is queued. */
    private static final int QUEUE_CAPACITY = 64;

    /**
     * One round trip through Mongoose.
     *
     * @param pingPong the running server, the ping publisher and the invoker of the pong group.
     * @return the sequence of the pong received.
     */
    @Benchmark
    @AllocationGated
    public long mongoosePingPong(final MongoosePingPong pingPong)
    {
        final long sequence = ++pingPong.sent;
        final Ping ping = pingPong.pings.acquire();
        ping.sequence = sequence;
        pingPong.pingFeed.publish(ping);
        final PongReceiver receiver = pingPong.receiver;
        final AgentGroupInvoker invoker = pingPong.invoker;
        long deadline = 0;
        for (int spins = 1; receiver.lastSequence != sequence; spins++)
        {
            invoker.invoke();
            if ((spins & CLOCK_CHECK_MASK) == 0)
            {
                deadline = checkDeadline(deadline, "mongoosePingPong");
            }
        }
        return sequence;
    }

    /**
     * Baseline: one round trip over two bare SPSC queues.
     *
     * @param pingPong the two queues, the recycled ping and the echo thread.
     * @return the sequence of the pong received.
     */
    @Benchmark
    public long rawPingPong(final RawPingPong pingPong)
    {
        final long sequence = ++pingPong.sent;
        final Ping ping = pingPong.ping;
        ping.sequence = sequence;
        BoundedOffer.offer(pingPong.pingQueue, ping);
        final SpscArrayQueue<Pong> pongQueue = pingPong.pongQueue;
        long deadline = 0;
        Pong pong;
        for (int spins = 1; null == (pong = pongQueue.poll()); spins++)
        {
            if ((spins & CLOCK_CHECK_MASK) == 0)
            {
                deadline = checkDeadline(deadline, "rawPingPong");
            }
        }
        if (pong.sequence != sequence)
        {
            throw new IllegalStateException("rawPingPong: sent ping " + sequence + ", got pong " + pong.sequence);
        }
        return sequence;
    }

    /**
     * Arm the deadline on the first check and fail on a later one once it has passed; the common round trip returns
     * long before the first check, so it never reads the clock.
     */
    private static long checkDeadline(final long deadline, final String benchmark)
    {
        final long now = System.nanoTime();
        if (0 == deadline)
        {
            return now + ROUND_TRIP_TIMEOUT_NANOS;
        }
        if (now - deadline >= 0)
        {
            throw new IllegalStateException(benchmark + ": no pong within " +
                TimeUnit.NANOSECONDS.toMillis(ROUND_TRIP_TIMEOUT_NANOS) + " ms; the echo side has stopped");
        }
        return deadline;
    }

    /**
     * The Mongoose round trip: a server with feeds {@code pings} and {@code pongs}, a dedicated echo agent and an
     * invoker group driven by the benchmark thread. Thread scope, so {@link #start()} and {@link #stop()} run on the
     * benchmark thread: an invoker group belongs to the thread that starts the server, and only it may invoke and stop.
     */
    @State(Scope.Thread)
    public static class MongoosePingPong
    {
        /** Idle strategy of the echo agent: a {@link IdleStrategyKind#yamlName()}. */
        @Param({"busy-spin"})
        public String idle;

        ObjectPool<Ping> pings;
        FeedPublisher pingFeed;
        AgentGroupInvoker invoker;
        PongReceiver receiver;
        long sent;
        private MongooseServer server;
        private EchoProcessor echo;

        /** Build and start the server on the benchmark thread, which becomes the owner of the invoker group. */
        @Setup(Level.Trial)
        public void start()
        {
            final PoolRegistry pools = new PoolRegistry("jmh-ping-pong");
            pings = pools.register(Ping.class, Ping::new, PoolConfig.of(POOL_CAPACITY).failOnExhaustion());
            final ObjectPool<Pong> pongs =
                pools.register(Pong.class, Pong::new, PoolConfig.of(POOL_CAPACITY).failOnExhaustion());
            echo = new EchoProcessor(pongs);
            receiver = new PongReceiver();
            server = MongooseServer.builder()
                .name("jmh-ping-pong")
                .poolRegistry(pools)
                .feed(FeedConfig.named("pings").queueCapacity(QUEUE_CAPACITY))
                .feed(FeedConfig.named("pongs").queueCapacity(QUEUE_CAPACITY))
                .agentGroup(AgentGroupConfig.named("echo-agent")
                    .idleStrategy(IdleStrategyKind.fromYamlName(idle))
                    .processor("echo", echo, "pings"))
                .agentGroup(AgentGroupConfig.named("pong-invoker")
                    .threadMode(ThreadMode.INVOKER)
                    .processor("pong-receiver", receiver, "pongs"))
                .build();
            // Before start: Thread.start() of the agent publishes this write to the agent thread.
            echo.pongFeed = server.publisher("pongs");
            server.start();
            pingFeed = server.publisher("pings");
            invoker = server.invoker("pong-invoker");
        }

        /**
         * Stop the server (on the invoker's owner thread, as required) and prove the run was sound.
         *
         * @throws IllegalStateException if the shutdown was not clean or a ping went unanswered.
         */
        @TearDown(Level.Trial)
        public void stop()
        {
            final ShutdownReport report = server.stop();
            if (!report.clean() || report.handlerErrors() != 0 || report.unhandled() != 0)
            {
                throw new IllegalStateException("mongoosePingPong: shutdown not clean: " + report);
            }
            if (echo.echoed != sent || receiver.received != sent)
            {
                throw new IllegalStateException("mongoosePingPong: sent " + sent + " pings, echoed " + echo.echoed +
                    ", received " + receiver.received + " pongs");
            }
        }
    }

    /** The raw round trip: two SPSC queues, one recycled message each way and an echo thread. */
    @State(Scope.Thread)
    public static class RawPingPong
    {
        /** Idle strategy of the echo thread: a {@link IdleStrategyKind#yamlName()}. */
        @Param({"busy-spin"})
        public String idle;

        SpscArrayQueue<Ping> pingQueue;
        SpscArrayQueue<Pong> pongQueue;
        Ping ping;
        long sent;
        private RawEcho echo;
        private Thread thread;

        /** Create the queues and messages and start the echo thread. */
        @Setup(Level.Trial)
        public void start()
        {
            pingQueue = new SpscArrayQueue<>(QUEUE_CAPACITY);
            pongQueue = new SpscArrayQueue<>(QUEUE_CAPACITY);
            ping = new Ping();
            echo = new RawEcho(pingQueue, pongQueue, IdleStrategyKind.fromYamlName(idle).newIdleStrategy());
            thread = new Thread(echo, "raw-echo");
            thread.setDaemon(true);
            thread.start();
        }

        /**
         * Stop the echo thread and check it answered every ping.
         *
         * @throws InterruptedException  if interrupted while joining the echo thread.
         * @throws IllegalStateException if the echo thread did not stop or missed a ping.
         */
        @TearDown(Level.Trial)
        public void stop() throws InterruptedException
        {
            echo.running = false;
            thread.join(TimeUnit.NANOSECONDS.toMillis(ROUND_TRIP_TIMEOUT_NANOS));
            if (thread.isAlive() || echo.echoed != sent)
            {
                throw new IllegalStateException("rawPingPong: sent " + sent + " pings, echoed " + echo.echoed +
                    (thread.isAlive() ? "; echo thread did not stop" : ""));
            }
        }
    }

    /** A ping: the sequence number the pong must carry back. */
    static final class Ping extends PooledMessage
    {
        long sequence;

        @Override
        protected void reset()
        {
            sequence = 0;
        }
    }

    /** A pong: the sequence of the ping it answers. */
    static final class Pong extends PooledMessage
    {
        long sequence;

        @Override
        protected void reset()
        {
            sequence = 0;
        }
    }

    /** Runs on the echo agent's thread: answers each ping with a pooled pong on the feed it produces. */
    static final class EchoProcessor implements EventProcessor
    {
        private final ObjectPool<Pong> pongs;
        /** Set once before the server starts; the agent thread is this feed's only producer. */
        FeedPublisher pongFeed;
        long echoed;

        EchoProcessor(final ObjectPool<Pong> pongs)
        {
            this.pongs = pongs;
        }

        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
            handlers.on(Ping.class, this::onPing);
        }

        private void onPing(final Ping ping)
        {
            final Pong pong = pongs.acquire();
            pong.sequence = ping.sequence;
            pongFeed.publish(pong);
            echoed++;
        }
    }

    /** Runs on the benchmark thread through the invoker: records the last pong seen. */
    static final class PongReceiver implements EventProcessor
    {
        /** Written and read on the benchmark thread only (the invoker runs there), so a plain field suffices. */
        long lastSequence;
        long received;

        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
            handlers.on(Pong.class, this::onPong);
        }

        private void onPong(final Pong pong)
        {
            lastSequence = pong.sequence;
            received++;
        }
    }

    /** The raw echo: poll a ping, answer with the one recycled pong, idle when there is nothing to answer. */
    static final class RawEcho implements Runnable
    {
        private final SpscArrayQueue<Ping> pingQueue;
        private final SpscArrayQueue<Pong> pongQueue;
        private final IdleStrategy idleStrategy;
        private final Pong pong = new Pong();
        volatile boolean running = true;
        long echoed;

        RawEcho(final SpscArrayQueue<Ping> pingQueue, final SpscArrayQueue<Pong> pongQueue,
            final IdleStrategy idleStrategy)
        {
            this.pingQueue = pingQueue;
            this.pongQueue = pongQueue;
            this.idleStrategy = idleStrategy;
        }

        @Override
        public void run()
        {
            while (running)
            {
                final Ping ping = pingQueue.poll();
                if (null == ping)
                {
                    idleStrategy.idle(0);
                    continue;
                }
                // Safe to reuse: the benchmark thread sends the next ping only after it has read this pong.
                pong.sequence = ping.sequence;
                BoundedOffer.offer(pongQueue, pong);
                echoed++;
                idleStrategy.idle(1);
            }
        }
    }
}
