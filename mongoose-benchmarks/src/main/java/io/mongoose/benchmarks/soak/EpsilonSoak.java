package io.mongoose.benchmarks.soak;

import io.mongoose.benchmarks.BenchmarkEnvironment;
import io.mongoose.benchmarks.Cli;
import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.pool.SingleThreadPoolCache;
import io.mongoose.server.MongooseServer;
import io.mongoose.server.ShutdownReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * The Epsilon soak: publishes {@code --messages} messages through the full path of a real {@link MongooseServer} in
 * a small heap that is never collected ({@code -XX:+UseEpsilonGC}, as {@code scripts/soak.sh} runs it), so anything
 * on the path that allocates fails the run with {@link OutOfMemoryError}. The path: acquire from a pool, directly and
 * through a thread cache in turn; publish in turn on a named feed, a broadcast feed (two agent groups) and, every
 * third message, a ring feed's claimed slot; dispatch by type to handlers that check every feed's sequence; release.
 * Exit code: 0 if every message arrived exactly once and in order at every subscriber, the stop was clean and the
 * collector is Epsilon; 1 otherwise; 2 on bad flags. Idle strategy {@code backoff} by default: spinning agents would
 * take the producer's core on a 2-core machine.
 */
@Command(name = "EpsilonSoak", sortOptions = false, sortSynopsis = false, usageHelpWidth = 120,
    description = "Publishes messages through a real MongooseServer under Epsilon; surviving proves no allocation.")
public final class EpsilonSoak implements Callable<Integer>
{
    static final int QUEUE_CAPACITY = 4096;
    private static final int PRODUCER_CACHE_BATCH = 64;
    /** The ring feed's ring and more than the three queues hold, so the feeds' back-off paces the producer. */
    static final int POOL_CAPACITY = 16_384 + QUEUE_CAPACITY;
    static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(60);

    private static final int DIRECT = 0;
    private static final int BROADCAST = 1;
    private static final int RING = 2;

    @Option(names = "--help", usageHelp = true, description = "print this and exit")
    boolean help;
    @Option(names = "--messages", paramLabel = "N", defaultValue = "100M", converter = Cli.Count.class,
        description = "messages to publish over both feeds, at least 1; k/M/G suffixes (default ${DEFAULT-VALUE})")
    long messages;
    @Option(names = "--idle", paramLabel = "NAME", defaultValue = "backoff", completionCandidates = Cli.IdleNames.class,
        description = "idle strategy of both agent groups: ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE})")
    String idle;
    @Spec
    CommandSpec spec;

    private final PrintStream out;

    EpsilonSoak(final PrintStream out)
    {
        this.out = out;
    }

    /**
     * What one soak did.
     *
     * @param messages        messages published.
     * @param elapsedNanos    from the first publish until every subscriber had handled the last message.
     * @param heapUsedBefore  heap in use just before the publish loop, in bytes.
     * @param heapUsedAfter   heap in use once every message was handled, in bytes.
     * @param problems        everything that went wrong, empty for a good run.
     * @param report          what stopping the server found.
     */
    public record Result(
        long messages, long elapsedNanos, long heapUsedBefore, long heapUsedAfter, List<String> problems,
        ShutdownReport report)
    {
        /** Copies the list. */
        public Result
        {
            problems = List.copyOf(problems);
        }

        /** @return whether every message arrived in order and the server stopped clean. */
        public boolean ok()
        {
            return problems.isEmpty();
        }

        /** @return messages per second over {@link #elapsedNanos()}. */
        public double messagesPerSecond()
        {
            return messages * 1e9 / Math.max(1, elapsedNanos);
        }
    }

    /**
     * Run the soak and exit with its code.
     *
     * @param args {@code --messages=N}, {@code --idle=NAME}.
     */
    public static void main(final String[] args)
    {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * @param args {@code --messages=N}, {@code --idle=NAME}.
     * @param out  where the soak's lines go.
     * @param err  where bad flags are reported.
     * @return 0 good, 1 failed, 2 bad flags.
     */
    public static int run(final String[] args, final PrintStream out, final PrintStream err)
    {
        return Cli.commandLine(new EpsilonSoak(out), out, err).execute(args);
    }

    /** The flags, checked. */
    SoakOptions options()
    {
        return new SoakOptions(messages, Cli.idle(spec, idle));
    }

    @Override
    public Integer call()
    {
        final SoakOptions options = options();
        final String collectors = BenchmarkEnvironment.capture().get(BenchmarkEnvironment.GC);
        out.printf(Locale.ROOT, "soak: %,d messages, idle %s, collectors [%s], max heap %d MB%n",
            options.messages(), options.idle(), collectors, Runtime.getRuntime().maxMemory() >> 20);
        final Result result = run(options);
        final List<String> problems = new ArrayList<>(result.problems());
        if (!collectors.contains("Epsilon"))
        {
            problems.add("the collector is [" + collectors + "], not Epsilon: run with " +
                "-XX:+UnlockExperimentalVMOptions -XX:+UseEpsilonGC (scripts/soak.sh does), or the soak proves " +
                "nothing about allocation");
        }
        out.printf(Locale.ROOT, "soak: %,d messages in %.2f s, %,.0f msg/s; heap used %.1f MB before the " +
                "publish loop, %.1f MB after%n", result.messages(), result.elapsedNanos() / 1e9,
            result.messagesPerSecond(), result.heapUsedBefore() / 1048576.0, result.heapUsedAfter() / 1048576.0);
        out.println("soak: " + result.report());
        problems.forEach(problem -> out.println("soak FAILED: " + problem));
        if (!problems.isEmpty())
        {
            return 1;
        }
        out.println("soak passed: every message arrived in order, nothing leaked, no garbage collector needed");
        return 0;
    }

    /**
     * Build a server, publish the messages, wait until they are all handled, stop. Runs in any JVM.
     *
     * @param options what to run.
     * @return what happened.
     */
    public static Result run(final SoakOptions options)
    {
        final PoolRegistry registry = new PoolRegistry("soak");
        final ObjectPool<SoakMessage> pool = registry.register(
            SoakMessage.class, SoakMessage::new, PoolConfig.of(POOL_CAPACITY).waitOnExhaustion(Duration.ofSeconds(10)));
        final SoakChecker direct = new SoakChecker(3);
        final SoakChecker fanOut = new SoakChecker(3);
        final MongooseServer server = MongooseServer.builder().name("soak").poolRegistry(registry)
            .feed(FeedConfig.named("direct").queueCapacity(QUEUE_CAPACITY))
            .feed(FeedConfig.broadcast("all").queueCapacity(QUEUE_CAPACITY))
            .feed(FeedConfig.named("ring").queueCapacity(QUEUE_CAPACITY).ring(SoakMessage.class))
            .agentGroup(AgentGroupConfig.named("soak-a").idleStrategy(IdleStrategyKind.fromYamlName(options.idle()))
                .processor("direct-all-and-ring", direct, "direct", "ring"))
            .agentGroup(AgentGroupConfig.named("soak-b").idleStrategy(IdleStrategyKind.fromYamlName(options.idle()))
                .processor("all-only", fanOut))
            .build();
        server.start();
        final FeedPublisher[] feeds = {server.publisher("direct"), server.publisher("all"), server.publisher("ring")};
        final long total = options.messages();
        final long directCount = (total + 2) / 3;
        final long allCount = (total + 1) / 3;
        final long ringCount = total / 3;
        final List<String> problems = new ArrayList<>();
        final long heapBefore = heapUsed();
        final long start = System.nanoTime();
        try (SingleThreadPoolCache<SoakMessage> cache = pool.newThreadCache(PRODUCER_CACHE_BATCH))
        {
            publish(pool, cache, feeds, total);
        }
        final boolean arrived = awaitHandled(direct, fanOut, directCount, allCount, ringCount);
        final long elapsed = System.nanoTime() - start;
        final long heapAfter = heapUsed();
        final ShutdownReport report = server.stop();

        if (!arrived)
        {
            problems.add(
                "not every message was handled within " + DRAIN_TIMEOUT.toSeconds() + " s of the last publish");
        }
        expect(problems, "soak-a, feed direct", directCount, direct.received(DIRECT));
        expect(problems, "soak-a, feed all", allCount, direct.received(BROADCAST));
        expect(problems, "soak-b, feed direct", 0, fanOut.received(DIRECT));
        expect(problems, "soak-b, feed all", allCount, fanOut.received(BROADCAST));
        expect(problems, "soak-a, feed ring", ringCount, direct.received(RING));
        expect(problems, "soak-b, feed ring", 0, fanOut.received(RING));
        if (null != direct.firstProblem())
        {
            problems.add("soak-a: " + direct.firstProblem());
        }
        if (null != fanOut.firstProblem())
        {
            problems.add("soak-b: " + fanOut.firstProblem());
        }
        if (!report.clean() || report.handlerErrors() != 0 || report.unhandled() != 0)
        {
            problems.add("the shutdown was not clean: " + report);
        }
        return new Result(total, elapsed, heapBefore, heapAfter, problems, report);
    }

    /** The three feeds in turn, each with its own sequence; queue feeds' messages from pool and cache in turn. */
    private static void publish(
        final ObjectPool<SoakMessage> pool, final SingleThreadPoolCache<SoakMessage> cache, final FeedPublisher[] feeds,
        final long count)
    {
        final long[] next = new long[feeds.length];
        int source = 0;
        for (long i = 0; i < count; i++)
        {
            final int feed = (int)(i % feeds.length);
            final SoakMessage message;
            if (RING == feed)
            {
                message = feeds[RING].claim(SoakMessage.class);
            }
            else
            {
                message = 0 == source ? pool.acquire() : cache.acquire();
                source = 1 - source;
            }
            message.feed = feed;
            message.sequence = next[feed]++;
            feeds[feed].publish(message);
        }
    }

    private static boolean awaitHandled(
        final SoakChecker direct, final SoakChecker fanOut, final long directCount, final long allCount,
        final long ringCount)
    {
        final long deadline = System.nanoTime() + DRAIN_TIMEOUT.toNanos();
        while (direct.received(DIRECT) < directCount || direct.received(BROADCAST) < allCount ||
            fanOut.received(BROADCAST) < allCount || direct.received(RING) < ringCount)
        {
            if (System.nanoTime() - deadline >= 0)
            {
                return false;
            }
            Thread.yield();
        }
        return true;
    }

    private static void expect(final List<String> problems, final String what, final long expected, final long actual)
    {
        if (expected != actual)
        {
            problems.add(what + ": handled " + actual + " messages; expected " + expected);
        }
    }

    private static long heapUsed()
    {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
