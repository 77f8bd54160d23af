package io.mongoose.examples;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.pool.PoolStats;
import io.mongoose.pool.SingleThreadPoolCache;
import io.mongoose.server.MongooseServer;
import io.mongoose.server.ShutdownReport;

import java.io.PrintStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.List;

/**
 * Publishes pooled {@link MarketTick}s through a Mongoose server at a high fixed rate and, after every million, prints
 * how long that million took, the heap in use and the number of garbage collections so far:
 *
 * <pre>
 * Processed 12000000 messages in 252 ms, heap used: 23 MB, GC count: 0
 * </pre>
 *
 * <p>"Processed" counts messages the producer has published into the server; the handler's count and checksum are
 * checked against it at the end. A flat heap and a GC count of 0 over tens of millions of messages show that the data
 * path allocates nothing per message: ticks are recycled through their pool, not created.
 *
 * <p>The producer is open loop: message {@code i} is sent at {@code t0 + i * period} (busy-waiting on
 * {@link System#nanoTime()}), or as soon as possible after it when the producer is behind, so a slow consumer shows
 * up as a longer window instead of silently lowering the rate.
 *
 * <p>Exit codes: 0 when every tick was handled intact and the shutdown was clean, 1 otherwise, 2 for bad flags.
 */
public final class PooledEventsServerExample
{
    /** Progress is printed after every this many messages. */
    public static final long MESSAGES_PER_LINE = 1_000_000;
    /** Exit code for a run that handled every message and stopped cleanly. */
    public static final int EXIT_OK = 0;
    /** Exit code for a run that lost, corrupted or leaked messages, or failed. */
    public static final int EXIT_FAILED = 1;
    /** Exit code for bad flags. */
    public static final int EXIT_USAGE = 2;

    static final String FEED = "ticks";
    static final String AGENT = "tick-agent";
    static final String PROCESSOR = "tick-checksum";
    /** Subscriber queue capacity: a power of two, deep enough to absorb scheduling hiccups at 4M msg/s. */
    static final int QUEUE_CAPACITY = 4096;
    /** Twice the queue: every queued tick plus the one being handled plus the one being filled always fit. */
    static final int POOL_CAPACITY = 2 * QUEUE_CAPACITY;

    private static final long BYTES_PER_MB = 1024L * 1024L;
    private static final long NANOS_PER_MS = 1_000_000L;
    private static final int INSTRUMENTS = 64;

    private PooledEventsServerExample()
    {
    }

    /**
     * Run the example and exit with its exit code.
     *
     * @param args flags; see {@link ExampleOptions#USAGE}.
     */
    public static void main(final String[] args)
    {
        if (null == System.getProperty("java.util.logging.SimpleFormatter.format"))
        {
            // One line per log record (level, logger, message), so Mongoose's start/stop logs sit readably between
            // the progress lines instead of the two-line java.util.logging default.
            System.setProperty("java.util.logging.SimpleFormatter.format", "%4$s %3$s: %5$s%6$s%n");
        }
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Run the example in this JVM. Starts and stops its own server with its own pool registry, so it can run more than
     * once in one JVM.
     *
     * @param args flags; see {@link ExampleOptions#USAGE}.
     * @param out  progress and results.
     * @param err  usage errors and failures.
     * @return {@link #EXIT_OK}, {@link #EXIT_FAILED} or {@link #EXIT_USAGE}.
     */
    public static int run(final String[] args, final PrintStream out, final PrintStream err)
    {
        final ExampleOptions options;
        try
        {
            options = ExampleOptions.parse(args);
        }
        catch (final IllegalArgumentException ex)
        {
            err.println("error: " + ex.getMessage());
            err.println(ExampleOptions.USAGE);
            return EXIT_USAGE;
        }
        if (options.help())
        {
            out.println(ExampleOptions.USAGE);
            return EXIT_OK;
        }
        return new Run(options, out, err).execute();
    }

    /** One run: the server, its pool and processor, and what the producer measured. */
    private static final class Run
    {
        private final ExampleOptions options;
        private final PrintStream out;
        private final PrintStream err;
        private final List<GarbageCollectorMXBean> collectors = ManagementFactory.getGarbageCollectorMXBeans();
        private final Runtime runtime = Runtime.getRuntime();
        private final AllocationMeter allocation = new AllocationMeter();
        // Reused for every progress line: appending numbers to it allocates nothing until the line is printed.
        private final StringBuilder line = new StringBuilder(128);
        private final long gcCountAtStart;

        private long expectedChecksum;
        private long published;
        private long publishNanos;
        private long producerBytes = -1;
        private long agentBytes = -1;

        Run(final ExampleOptions options, final PrintStream out, final PrintStream err)
        {
            this.options = options;
            this.out = out;
            this.err = err;
            this.gcCountAtStart = gcCount();
        }

        int execute()
        {
            final PoolRegistry pools = new PoolRegistry("pooled-events-example");
            // WAIT: if every tick is in flight the producer waits (bounded) for the agent to release one, rather than
            // allocating more (GROW) or failing at once (FAIL).
            final ObjectPool<MarketTick> ticks = pools.register(MarketTick.class, MarketTick::new,
                PoolConfig.of(POOL_CAPACITY).waitOnExhaustion(Duration.ofSeconds(5)));
            final TickChecksumProcessor processor = new TickChecksumProcessor();
            final MongooseServer server = MongooseServer.builder()
                .name("pooled-events")
                .poolRegistry(pools)
                .feed(FeedConfig.named(FEED).queueCapacity(QUEUE_CAPACITY))
                .agentGroup(AgentGroupConfig.named(AGENT)
                    .idleStrategy(options.idleStrategy())
                    .pinning(options.pinning())
                    .processor(PROCESSOR, processor, FEED))
                .build();

            out.println("Pooled-events example: " + options.messages() + " messages, " + describeRate() +
                ", agent idle strategy " + options.idleStrategy().yamlName() + ", pinning requested: " +
                options.pinning());
            server.start();
            out.println("Agent '" + AGENT + "': " + server.agentStats(AGENT).pinning());
            Throwable failure = null;
            try
            {
                publish(server.publisher(FEED), ticks, server.agentThread(AGENT).orElse(null));
            }
            catch (final RuntimeException ex)
            {
                failure = ex;
            }
            final ShutdownReport report = server.stop();
            return summarise(failure, report, processor, ticks.stats());
        }

        /**
         * The hot loop: acquire, fill, publish, no allocation; only the once-a-million progress line builds a string.
         */
        private void publish(final FeedPublisher publisher, final ObjectPool<MarketTick> pool, final Thread agent)
        {
            // The producer's own cache: it claims free ticks from the pool's shared free list 64 at a time.
            try (SingleThreadPoolCache<MarketTick> ticks = pool.newThreadCache(64))
            {
                publish(publisher, ticks, agent);
            }
        }

        private void publish(final FeedPublisher publisher, final SingleThreadPoolCache<MarketTick> ticks,
            final Thread agent)
        {
            final long messages = options.messages();
            final long period = options.periodNanos();
            // Format and discard one line first: the first use of the formatting code would otherwise count as
            // allocation by the publish loop.
            formatProgress(0, 0);
            line.setLength(0);
            final long agentBytesBefore = allocation.bytesOf(agent);
            final long producerBytesBefore = allocation.currentThreadBytes();

            long checksum = 0;
            final long t0 = System.nanoTime();
            long windowStart = t0;
            for (long i = 0; i < messages; i++)
            {
                if (period > 0)
                {
                    final long intended = t0 + i * period;
                    while (System.nanoTime() - intended < 0)
                    {
                        Thread.onSpinWait();
                    }
                }
                final int instrument = (int)(i % INSTRUMENTS);
                final long price = 100_000 + (i & 1023);
                final int quantity = 1 + (int)(i & 15);
                checksum += MarketTick.checksumTerm(i, instrument, price, quantity);
                publisher.publish(ticks.acquire().set(i, instrument, price, quantity));
                published = i + 1;

                if (published % MESSAGES_PER_LINE == 0)
                {
                    final long now = System.nanoTime();
                    final long windowNanos = now - windowStart;
                    // The next window starts now, before printing, so the windows add up to the whole run.
                    windowStart = now;
                    out.println(formatProgress(published, windowNanos));
                }
            }
            publishNanos = System.nanoTime() - t0;
            producerBytes = allocation.delta(producerBytesBefore, allocation.currentThreadBytes());
            agentBytes = allocation.delta(agentBytesBefore, allocation.bytesOf(agent));
            expectedChecksum = checksum;
        }

        private StringBuilder formatProgress(final long processed, final long windowNanos)
        {
            final long heapUsedMb = (runtime.totalMemory() - runtime.freeMemory()) / BYTES_PER_MB;
            line.setLength(0);
            return line.append("Processed ").append(processed)
                .append(" messages in ").append(windowNanos / NANOS_PER_MS)
                .append(" ms, heap used: ").append(heapUsedMb)
                .append(" MB, GC count: ").append(gcCount() - gcCountAtStart);
        }

        private int summarise(
            final Throwable failure, final ShutdownReport report, final TickChecksumProcessor processor,
            final PoolStats pool)
        {
            final double seconds = publishNanos / 1e9;
            out.println("Published " + published + " messages in " + publishNanos / NANOS_PER_MS + " ms: " +
                (seconds > 0 ? Math.round(published / seconds) : published) + " msg/s achieved, target " +
                (options.periodNanos() > 0 ? 1_000_000_000L / options.periodNanos() + " msg/s" : "as fast as possible"));
            out.println("Handled " + processor.count() + " ticks, checksum " +
                (processor.checksum() == expectedChecksum ? "matches" : "MISMATCH") + "; pool " + pool.name() +
                ": capacity " + pool.capacity() + ", created " + pool.created() + ", exhausted " +
                pool.exhaustedCount() + ", in flight " + pool.inFlight());
            out.println("Allocated in the publish loop: producer thread " + describeBytes(producerBytes) +
                " (the progress lines), agent thread " + describeBytes(agentBytes) + "; GC count " +
                (gcCount() - gcCountAtStart));
            out.println("Shutdown: " + report);

            boolean ok = true;
            if (null != failure)
            {
                err.println("FAILED: publishing stopped after " + published + " of " + options.messages() +
                    " messages:");
                failure.printStackTrace(err);
                ok = false;
            }
            if (!report.clean())
            {
                err.println("FAILED: shutdown was not clean: " + report);
                ok = false;
            }
            if (processor.count() != options.messages())
            {
                err.println("FAILED: handler saw " + processor.count() + " ticks; expected " + options.messages());
                ok = false;
            }
            else if (processor.checksum() != expectedChecksum)
            {
                err.println("FAILED: handler checksum " + processor.checksum() + " differs from the producer's " +
                    expectedChecksum + ": ticks arrived corrupted");
                ok = false;
            }
            return ok ? EXIT_OK : EXIT_FAILED;
        }

        private String describeRate()
        {
            final long period = options.periodNanos();
            return period > 0 ? "one every " + period + " ns (" + 1_000_000_000L / period + " msg/s target)" :
                "as fast as possible";
        }

        private static String describeBytes(final long bytes)
        {
            return bytes < 0 ? "n/a" : bytes + " bytes";
        }

        private long gcCount()
        {
            long count = 0;
            for (int i = 0; i < collectors.size(); i++)
            {
                // -1 means "not available" for this collector: count it as none rather than subtracting.
                count += Math.max(0, collectors.get(i).getCollectionCount());
            }
            return count;
        }
    }

    /**
     * Bytes allocated by a thread, from HotSpot's {@code com.sun.management.ThreadMXBean}; -1 where the JVM does not
     * offer it, so the example still runs there.
     */
    private static final class AllocationMeter
    {
        private final com.sun.management.ThreadMXBean threads;

        AllocationMeter()
        {
            final ThreadMXBean bean = ManagementFactory.getThreadMXBean();
            threads = bean instanceof com.sun.management.ThreadMXBean &&
                ((com.sun.management.ThreadMXBean)bean).isThreadAllocatedMemorySupported() &&
                ((com.sun.management.ThreadMXBean)bean).isThreadAllocatedMemoryEnabled() ?
                (com.sun.management.ThreadMXBean)bean : null;
        }

        long currentThreadBytes()
        {
            return null == threads ? -1 : threads.getCurrentThreadAllocatedBytes();
        }

        long bytesOf(final Thread thread)
        {
            return null == threads || null == thread ? -1 : threads.getThreadAllocatedBytes(thread.getId());
        }

        long delta(final long before, final long after)
        {
            return before < 0 || after < 0 ? -1 : after - before;
        }
    }
}
