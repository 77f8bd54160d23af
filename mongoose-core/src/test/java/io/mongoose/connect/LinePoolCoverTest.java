package io.mongoose.connect;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.config.MongooseConfigException;
import io.mongoose.config.ProcessorConfig;
import io.mongoose.config.ServiceConfig;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.dispatch.ProcessorContext;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.feed.FullQueuePolicy;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.server.MongooseServer;
import io.mongoose.server.MongooseServerBuilder;
import io.mongoose.server.ShutdownReport;
import io.mongoose.testing.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The line pool covers the queues in front of the pipe stages that acquire from it: a file pipeline built on defaults
 * delivers every line, a pool the application registered too small for those queues is refused at build, and one of
 * exactly the capacity they need is accepted and enough.
 */
class LinePoolCoverTest
{
    private static final int LINES = 40_000;
    /** What can park in front of the pipe of {@link #pipeline}: the queue, the pipe's drain limit, the source's line. */
    private static final int DEFAULT_PIPELINE_NEEDS =
        FeedConfig.DEFAULT_QUEUE_CAPACITY + AgentGroupConfig.DEFAULT_DRAIN_LIMIT + 1;

    private final List<String> errors = new CopyOnWriteArrayList<>();

    @TempDir
    Path dir;

    /**
     * A pipe stage: copies each line into a line of the registry's pool, looked up once the server is built, and
     * publishes the copy. Its first line waits until {@code release} says go, so the queue in front of it fills
     * whatever the scheduler does.
     */
    static final class CopyStage implements EventProcessor
    {
        private final PoolRegistry pools;
        private final String feed;
        private final BooleanSupplier release;
        private ObjectPool<LineMessage> lines;
        private FeedPublisher out;
        private boolean held;

        CopyStage(final PoolRegistry pools, final String feed, final BooleanSupplier release)
        {
            this.pools = pools;
            this.feed = feed;
            this.release = release;
        }

        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
            handlers.on(LineMessage.class, this::copy);
        }

        @Override
        public void onInit(final ProcessorContext context)
        {
            lines = LineMessage.pool(pools);
            out = context.publisher(feed);
        }

        private void copy(final LineMessage in)
        {
            held = held || holdFirst(release);
            final LineMessage copy = lines.acquire();
            copy.set(in.buffer(), 0, in.length()).lineNumber(in.lineNumber());
            out.publish(copy);
        }
    }

    /** Counts each line by its number; read once the server has stopped (its agent thread is joined by then). */
    static final class CountingSink implements EventProcessor
    {
        final int[] seen = new int[LINES + 1];
        private final BooleanSupplier release;
        private boolean held;
        volatile long received;
        long wrongText;

        CountingSink(final BooleanSupplier release)
        {
            this.release = release;
        }

        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
            handlers.on(LineMessage.class, this::count);
        }

        private void count(final LineMessage line)
        {
            held = held || holdFirst(release);
            final int number = (int)line.lineNumber();
            seen[number]++;
            if (!line.text().equals("line " + number))
            {
                wrongText++;
            }
            received++;
        }

        void assertEveryLineOnce()
        {
            assertEquals(LINES, received);
            for (int i = 1; i <= LINES; i++)
            {
                assertEquals(1, seen[i], "line " + i);
            }
            assertEquals(0, wrongText);
        }
    }

    /** Wait, on the agent thread, until {@code release} says go; a generous bound only stops a broken test hanging. */
    private static boolean holdFirst(final BooleanSupplier release)
    {
        final long giveUp = System.nanoTime() + Await.GENEROUS.toNanos();
        while (!release.getAsBoolean() && System.nanoTime() - giveUp < 0)
        {
            Thread.onSpinWait();
        }
        return true;
    }

    private Path file() throws IOException
    {
        final Path in = dir.resolve("in.txt");
        try (BufferedWriter writer = Files.newBufferedWriter(in))
        {
            for (int i = 1; i <= LINES; i++)
            {
                writer.write("line " + i + "\n");
            }
        }
        return in;
    }

    /**
     * File source → 'lines' → pipe stage → 'copies' → counting sink, every feed and agent on defaults. The pipe holds
     * its first line until a queue's worth has been published: then the whole default pool of lines could be parked
     * in front of it.
     */
    private MongooseServerBuilder pipeline(final PoolRegistry pools, final FileSource source, final CountingSink sink)
    {
        final CopyStage pipe = new CopyStage(pools, "copies",
            () -> source.linesPublished() >= FeedConfig.DEFAULT_QUEUE_CAPACITY);
        return MongooseServer.builder().name("cover").poolRegistry(pools)
            .errorHandler((origin, message, error) -> errors.add(origin + ": " + error))
            .service(ServiceConfig.of("reader", source).publishes("lines"))
            .feed(FeedConfig.named("lines"))
            .feed(FeedConfig.named("copies"))
            .agentGroup(AgentGroupConfig.named("pipe").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor(ProcessorConfig.of("copy", pipe, "lines").publishes("copies")))
            .agentGroup(AgentGroupConfig.named("count").idleStrategy(IdleStrategyKind.BACKOFF).processor("sink", sink, "copies"));
    }

    private void runToTheEnd(final MongooseServer server, final FileSource source, final CountingSink sink)
    {
        server.start();
        Await.until("end of file", source::endOfFile);
        Await.until("every line counted or lost",
            () -> sink.received + server.processorStats("copy").errors() >= LINES);
        final ShutdownReport report = server.stop();

        assertEquals(List.of(), errors);
        assertEquals(0, report.handlerErrors(), report::toString);
        assertTrue(report.clean(), report::toString);
        assertEquals(LINES, source.linesPublished());
        sink.assertEveryLineOnce();
    }

    @Test
    void aFileThroughAPipeOnDefaultsDeliversEveryLineExactlyOnce() throws IOException
    {
        final PoolRegistry pools = new PoolRegistry("cover");
        final FileSource source = FileSource.of(file());
        final CountingSink sink = new CountingSink(() -> true);
        runToTheEnd(pipeline(pools, source, sink).build(), source, sink);
    }

    @Test
    void aLinePoolRegisteredTooSmallForTheQueuesInFrontOfAPipeFailsTheBuildSayingWhatToChange() throws IOException
    {
        final PoolRegistry pools = new PoolRegistry("cover");
        LineMessage.pool(pools); // before the build: the default 4096 lines, one queue's worth
        final MongooseServerBuilder builder =
            pipeline(pools, FileSource.of(file()), new CountingSink(() -> true));

        final MongooseConfigException ex = assertThrows(MongooseConfigException.class, builder::build);

        assertEquals(List.of("pool 'LineMessage': capacity 4096 (io.mongoose.connect.LineMessage, registry 'cover') " +
            "is less than can park in front of the pipe stages that may acquire from it: feed 'lines' into agent " +
            "'pipe': queue 4096, drain limit 256. That is 4096 in queues and 257 headroom (each receiving agent's " +
            "drain limit per queue, one message per feed for its producer); expected a capacity of at least 4353, so " +
            "that a stage that acquires from the pool never waits for messages parked in front of it: register the " +
            "pool with 4353 or more, lower those feeds' queueCapacity or those agents' drainLimit, or leave the pool " +
            "to the server, which registers it at build sized from its queues"), ex.errors());
    }

    @Test
    void aLinePoolOfExactlyWhatCanParkInFrontOfThePipeIsAcceptedAndEnough() throws IOException
    {
        final PoolRegistry tooSmall = new PoolRegistry("cover");
        register(tooSmall, DEFAULT_PIPELINE_NEEDS - 1);
        assertThrows(MongooseConfigException.class,
            () -> pipeline(tooSmall, FileSource.of(file()), new CountingSink(() -> true)).build());

        final PoolRegistry exact = new PoolRegistry("cover");
        register(exact, DEFAULT_PIPELINE_NEEDS);
        final FileSource source = FileSource.of(file());
        final CountingSink sink = new CountingSink(() -> true);
        runToTheEnd(pipeline(exact, source, sink).build(), source, sink);
    }

    @Test
    void everyQueueIntoAPipeStageCountsAndQueuesIntoSinksDoNot()
    {
        // lines → pipes a and b; a's mid → pipe c; b's and c's output and lines itself also reach a plain sink.
        // In front of pipe stages: lines into a (1024 + 64) and b (1024 + 128), mid into c (512 + 32), one message per
        // feed for its producer (2). The sink's queues park nothing a stage waits for.
        final int needs = 1024 + 64 + 1024 + 128 + 512 + 32 + 2;
        final PoolRegistry tooSmall = new PoolRegistry("fan-out");
        register(tooSmall, needs - 1);

        final MongooseConfigException ex =
            assertThrows(MongooseConfigException.class, () -> fanOut(tooSmall).build());

        assertEquals(1, ex.errors().size(), ex::getMessage);
        assertTrue(ex.errors().get(0).startsWith("pool 'LineMessage': capacity " + (needs - 1) + " (io.mongoose." +
            "connect.LineMessage, registry 'fan-out') is less than can park in front of the pipe stages that may " +
            "acquire from it: feed 'lines' into agent 'a': queue 1024, drain limit 64; feed 'lines' into agent 'b': " +
            "queue 1024, drain limit 128; feed 'mid' into agent 'c': queue 512, drain limit 32. That is 2560 in " +
            "queues and 226 headroom"), ex.getMessage());
        assertTrue(ex.errors().get(0).contains("expected a capacity of at least " + needs + ","), ex.getMessage());

        final PoolRegistry exact = new PoolRegistry("fan-out");
        register(exact, needs);
        fanOut(exact).build().stop();
    }

    private MongooseServerBuilder fanOut(final PoolRegistry pools)
    {
        final InMemorySource<String, LineMessage> source = InMemorySource.lines(16);
        return MongooseServer.builder().name("fan-out").poolRegistry(pools)
            .service(ServiceConfig.of("reader", source).publishes("lines"))
            .feed(FeedConfig.named("lines").queueCapacity(1024))
            .feed(FeedConfig.named("mid").queueCapacity(512))
            .feed(FeedConfig.named("outB").queueCapacity(2048))
            .feed(FeedConfig.named("out").queueCapacity(4096))
            .agentGroup(AgentGroupConfig.named("a").drainLimit(64)
                .processor(ProcessorConfig.of("copyA", new CopyStage(pools, "mid", () -> true), "lines")
                    .publishes("mid")))
            .agentGroup(AgentGroupConfig.named("b").drainLimit(128)
                .processor(ProcessorConfig.of("copyB", new CopyStage(pools, "outB", () -> true), "lines")
                    .publishes("outB")))
            .agentGroup(AgentGroupConfig.named("c").drainLimit(32)
                .processor(ProcessorConfig.of("copyC", new CopyStage(pools, "out", () -> true), "mid")
                    .publishes("out")))
            .agentGroup(AgentGroupConfig.named("sink")
                .processor("sink", new CountingSink(() -> true), "lines", "outB", "out"));
    }

    @Test
    void aLineTheFeedRefusesIsPublishedLaterNotLost() throws IOException
    {
        final PoolRegistry pools = new PoolRegistry("refused");
        final FileSource source = FileSource.of(file());
        final MongooseServer[] server = new MongooseServer[1];
        // The sink holds its first line until the source has met a full queue, so the feed refuses lines.
        final CountingSink sink = new CountingSink(() -> server[0].feedStats("lines").rejected() > 0);
        server[0] = MongooseServer.builder().name("refused").poolRegistry(pools)
            .errorHandler((origin, message, error) -> errors.add(origin + ": " + error))
            .service(ServiceConfig.of("reader", source).publishes("lines"))
            .feed(FeedConfig.named("lines").queueCapacity(16).fullQueuePolicy(FullQueuePolicy.FAIL))
            .agentGroup(AgentGroupConfig.named("count").idleStrategy(IdleStrategyKind.BACKOFF).processor("sink", sink, "lines"))
            .build();
        server[0].start();
        Await.until("end of file", source::endOfFile);
        final ShutdownReport report = server[0].stop(); // drains what is queued

        assertTrue(server[0].feedStats("lines").rejected() > 0);
        assertEquals(List.of(), errors);
        assertTrue(report.clean(), report::toString);
        assertEquals(LINES, source.linesPublished());
        sink.assertEveryLineOnce();
    }

    private static void register(final PoolRegistry pools, final int capacity)
    {
        pools.register(LineMessage.class, LineMessage::new,
            PoolConfig.of(capacity).waitOnExhaustion(Duration.ofSeconds(10)));
    }
}
