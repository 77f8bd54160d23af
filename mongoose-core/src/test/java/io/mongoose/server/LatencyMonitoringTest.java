package io.mongoose.server;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.config.ProcessorConfig;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.pool.LeakDetection;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.status.LatencyMonitor;
import io.mongoose.status.LatencySnapshot;
import io.mongoose.testing.Await;
import io.mongoose.testing.SeqMessage;
import io.mongoose.testing.SequenceChecker;
import io.mongoose.testing.ThreadAllocation;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Per-processor publish-to-handler latency: what is recorded, interval and cumulative reads, the {@code .hgrm} output,
 * which feeds stamp, the errors of the API, and zero allocation with monitoring on.
 */
class LatencyMonitoringTest
{
    private final PoolRegistry registry = new PoolRegistry("latency");
    private final ObjectPool<SeqMessage> pool =
        registry.register(SeqMessage.class, SeqMessage::new,
            PoolConfig.of(1024).waitOnExhaustion(Duration.ofMinutes(2)));
    private MongooseServer server;

    /** Counts what it handles and remembers the smallest and largest publish stamp it saw. */
    private static final class Stamps implements EventProcessor
    {
        final AtomicLong handled = new AtomicLong();
        volatile long minStamp = Long.MAX_VALUE;
        volatile long maxStamp = Long.MIN_VALUE;
        volatile boolean stampAfterHandling;

        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
            handlers.on(SeqMessage.class, m ->
            {
                final long stamp = m.publishNanos();
                minStamp = Math.min(minStamp, stamp);
                maxStamp = Math.max(maxStamp, stamp);
                stampAfterHandling |= 0 != stamp && stamp - System.nanoTime() > 0;
                handled.incrementAndGet();
            });
        }
    }

    @AfterEach
    void stop()
    {
        if (null != server)
        {
            server.stop();
        }
    }

    /** "watched" (monitored) receives feed "in"; "plain" (not monitored) receives "in" and "quiet". */
    private MongooseServer twoProcessors(final Stamps watched, final Stamps plain)
    {
        return MongooseServer.builder().name("latency").poolRegistry(registry)
            .feed(FeedConfig.named("in"))
            .feed(FeedConfig.named("quiet"))
            .agentGroup(AgentGroupConfig.named("monitored").idleStrategy(IdleStrategyKind.YIELD)
                .processor(ProcessorConfig.of("watched", watched, "in").latencyMonitoring(true)))
            .agentGroup(AgentGroupConfig.named("unmonitored").idleStrategy(IdleStrategyKind.YIELD)
                .processor("plain", plain, "in", "quiet"))
            .build();
    }

    private void publish(final FeedPublisher feed, final int count)
    {
        for (int i = 0; i < count; i++)
        {
            feed.publish(pool.acquire());
        }
    }

    @Test
    void recordsOneLatencyPerMessageHandledWithPlausibleValues()
    {
        final Stamps watched = new Stamps();
        final Stamps plain = new Stamps();
        server = twoProcessors(watched, plain);
        server.start();
        final long before = System.nanoTime();
        publish(server.publisher("in"), 20_000);
        Await.until("all handled", () -> watched.handled.get() == 20_000 && plain.handled.get() == 20_000);
        final long elapsed = System.nanoTime() - before;

        final LatencySnapshot snapshot = server.latency("watched").cumulative();
        assertEquals("watched", snapshot.processorName());
        assertEquals(20_000, snapshot.count());
        assertEquals(server.processorStats("watched").handled(), snapshot.count());
        assertTrue(snapshot.minNanos() >= 0, snapshot::toString);
        assertTrue(snapshot.meanNanos() > 0, snapshot::toString);
        assertTrue(snapshot.maxNanos() > 0, snapshot::toString);
        // No message can wait longer than the whole publishing run took (plus the histogram's 0.1% precision).
        assertTrue(snapshot.maxNanos() <= elapsed + elapsed / 500, snapshot + " over a run of " + elapsed + " ns");
        assertTrue(snapshot.percentileNanos(50) <= snapshot.percentileNanos(99.9), snapshot::toString);
        assertTrue(snapshot.percentileNanos(99.9) <= snapshot.maxNanos(), snapshot::toString);
        assertFalse(watched.stampAfterHandling, "a stamp is taken before the handler runs");
        assertTrue(watched.minStamp - before >= 0, "every message was stamped at its publish");
    }

    @Test
    void intervalsResetOnReadAndTheCumulativeHistogramKeepsEverything()
    {
        server = twoProcessors(new Stamps(), new Stamps());
        server.start();
        final LatencyMonitor monitor = server.latency("watched");
        assertSame(monitor, server.latency("watched"));
        final FeedPublisher in = server.publisher("in");

        publish(in, 1_000);
        Await.until("first batch recorded", () -> server.processorStats("watched").handled() == 1_000);
        final LatencySnapshot first = monitor.interval();
        assertEquals(1_000, first.count());
        assertEquals(0, monitor.interval().count(), "a read starts a new interval");

        publish(in, 500);
        Await.until("second batch recorded", () -> server.processorStats("watched").handled() == 1_500);
        assertEquals(1_500, monitor.cumulative().count());
        final LatencySnapshot second = monitor.interval(first);
        assertSame(first, second, "the recycled snapshot is overwritten");
        assertEquals(500, second.count(), "reading the cumulative histogram did not take the interval");
        assertTrue(second.endTimeMillis() >= second.startTimeMillis());
        assertEquals(1_500, monitor.cumulative().count());
        assertEquals(0, monitor.interval().count());
    }

    @Test
    void theHgrmOutputIsAPercentileDistributionInMicroseconds(@TempDir final Path dir) throws IOException
    {
        server = twoProcessors(new Stamps(), new Stamps());
        server.start();
        publish(server.publisher("in"), 5_000);
        Await.until("all recorded", () -> server.processorStats("watched").handled() == 5_000);
        final LatencySnapshot snapshot = server.latency("watched").cumulative();
        final Path file = dir.resolve("watched.hgrm");
        snapshot.writeHgrm(file);

        final List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        final List<String> header = List.of(lines.get(0).trim().split("\\s+"));
        assertEquals(List.of("Value", "Percentile", "TotalCount", "1/(1-Percentile)"), header);
        final List<String[]> rows = new ArrayList<>();
        for (final String line : lines.subList(1, lines.size()))
        {
            if (!line.isBlank() && !line.startsWith("#"))
            {
                rows.add(line.trim().split("\\s+"));
            }
        }
        assertTrue(rows.size() > 2, "percentile rows");
        double lastPercentile = -1;
        for (final String[] row : rows)
        {
            final double percentile = Double.parseDouble(row[1]);
            assertTrue(percentile >= lastPercentile, "percentiles ascend");
            lastPercentile = percentile;
        }
        final String[] last = rows.get(rows.size() - 1);
        assertEquals(1.0, Double.parseDouble(last[1]));
        assertEquals(5_000, Long.parseLong(last[2]));
        // Values are written in microseconds: the last row is the maximum.
        assertEquals(snapshot.maxNanos() / 1000.0, Double.parseDouble(last[0]), 0.001 + snapshot.maxNanos() / 1e6);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("#[Mean    =")), "mean footer");
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("#[Max     =")), "max footer");
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("#[Buckets =")), "buckets footer");

        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        snapshot.writeHgrm(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        assertEquals(Files.readString(file, StandardCharsets.UTF_8), bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void onlyFeedsReachingAMonitoredProcessorStampThePublishTime()
    {
        final Stamps watched = new Stamps();
        final Stamps plain = new Stamps();
        server = twoProcessors(watched, plain);
        assertTrue(server.publisher("in").stampsPublishTime());
        assertFalse(server.publisher("quiet").stampsPublishTime());
        server.start();
        // Fresh messages from a pool nothing else uses: a stamp on them can only come from the publisher.
        publish(server.publisher("quiet"), 1_000);
        Await.until("quiet handled", () -> plain.handled.get() == 1_000);
        assertEquals(0, plain.minStamp);
        assertEquals(0, plain.maxStamp, "the unmonitored feed never stamped");
        assertEquals(0, server.latency("watched").cumulative().count(), "'watched' does not receive 'quiet'");
        publish(server.publisher("in"), 10);
        Await.until("in handled", () -> watched.handled.get() == 10);
        assertTrue(watched.minStamp > 0, "the monitored feed stamped every message");
    }

    @Test
    void theServerDefaultTurnsMonitoringOnAndAProcessorCanOptOut()
    {
        final Stamps a = new Stamps();
        final Stamps b = new Stamps();
        server = MongooseServer.builder().name("defaults").poolRegistry(registry).latencyMonitoring(true)
            .feed(FeedConfig.named("to-a"))
            .feed(FeedConfig.named("to-b"))
            .agentGroup(AgentGroupConfig.named("g").processor("a", a, "to-a")
                .processor(ProcessorConfig.of("b", b, "to-b").latencyMonitoring(false)))
            .build();
        assertEquals("a", server.latency("a").processorName());
        assertEquals(List.of("a"), server.latencyMonitors().stream().map(LatencyMonitor::processorName).toList());
        assertTrue(server.publisher("to-a").stampsPublishTime());
        assertFalse(server.publisher("to-b").stampsPublishTime());
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, () -> server.latency("b"));
        assertEquals("processor 'b' does not monitor latency (enable it with ProcessorConfig.latencyMonitoring(true) " +
            "or latencyMonitoring: true in YAML); expected one of the processors with latency monitoring: a",
            ex.getMessage());
        assertEquals("unknown processor 'nope'; expected one of the processors with latency monitoring: a",
            assertThrows(IllegalArgumentException.class, () -> server.latency("nope")).getMessage());
    }

    @Test
    void withoutMonitoringThereIsNoMonitorToRead()
    {
        server = MongooseServer.builder().name("none").poolRegistry(registry)
            .feed(FeedConfig.named("in"))
            .agentGroup(AgentGroupConfig.named("g").processor("p", new Stamps(), "in"))
            .build();
        assertEquals(List.of(), server.latencyMonitors());
        assertFalse(server.publisher("in").stampsPublishTime());
        assertEquals("unknown processor 'x'; expected one of the processors with latency monitoring: (none)",
            assertThrows(IllegalArgumentException.class, () -> server.latency("x")).getMessage());
    }

    @Test
    void aPercentileOutsideZeroToHundredIsRefused()
    {
        server = twoProcessors(new Stamps(), new Stamps());
        final LatencySnapshot snapshot = server.latency("watched").interval();
        assertEquals(0, snapshot.count());
        assertEquals(0, snapshot.percentileNanos(99));
        assertEquals("percentile: 100.5; expected 0 to 100",
            assertThrows(IllegalArgumentException.class, () -> snapshot.percentileNanos(100.5)).getMessage());
        assertEquals("percentile: NaN; expected 0 to 100",
            assertThrows(IllegalArgumentException.class, () -> snapshot.percentileNanos(Double.NaN)).getMessage());
    }

    /**
     * {@code ZeroAllocationTest} with monitoring on: the publisher stamps and the agent records every message, and a
     * million messages still allocate less than 8 KB on the producer and the agent thread together. Reading intervals
     * into a recycled snapshot allocates nothing on the reader either.
     */
    @Test
    void monitoringAllocatesNothingOnTheProducerTheAgentOrARecyclingReader()
    {
        assertFalse(LeakDetection.ENABLED, "measure with -D" + LeakDetection.PROPERTY + " off (the default)");
        final SequenceChecker checker = new SequenceChecker(1);
        server = MongooseServer.builder().name("alloc").poolRegistry(registry)
            .feed(FeedConfig.named("in").queueCapacity(1024))
            .agentGroup(AgentGroupConfig.named("alloc-agent").idleStrategy(IdleStrategyKind.YIELD).drainLimit(64)
                .processor(ProcessorConfig.of("checked", checker, "in").latencyMonitoring(true)))
            .build();
        server.start();
        final FeedPublisher in = server.publisher("in");
        final Thread agent = server.agentThread("alloc-agent").orElseThrow();
        final LatencyMonitor monitor = server.latency("checked");
        final long[] sequence = new long[1];

        publishSequenced(in, sequence, 600_000);
        Await.until("warm-up handled", () -> checker.received(0) == sequence[0]);
        LatencySnapshot recycled = monitor.interval();
        for (int i = 0; i < 1_000; i++)
        {
            recycled = monitor.interval(recycled);
        }

        final long agentBefore = ThreadAllocation.allocatedBytes(agent);
        final long producerBefore = ThreadAllocation.currentThreadAllocatedBytes();
        publishSequenced(in, sequence, 1_000_000);
        final long producerBytes = ThreadAllocation.currentThreadAllocatedBytes() - producerBefore;
        Await.until("all handled", () -> checker.received(0) == sequence[0]);
        final long agentBytes = ThreadAllocation.allocatedBytes(agent) - agentBefore;

        final long readerBefore = ThreadAllocation.currentThreadAllocatedBytes();
        final LatencySnapshot read = monitor.interval(recycled);
        final long readerBytes = ThreadAllocation.currentThreadAllocatedBytes() - readerBefore;

        assertNull(checker.firstProblem());
        assertEquals(1_000_000, read.count());
        System.out.printf("latency monitoring allocation: 1000000 messages, producer %d B, agent %d B, reader %d B%n",
            producerBytes, agentBytes, readerBytes);
        assertTrue(producerBytes + agentBytes < 8 * 1024,
            "allocated producer " + producerBytes + " B, agent " + agentBytes + " B over 1M monitored messages");
        assertEquals(0, readerBytes, "an interval read into a recycled snapshot");
    }

    private void publishSequenced(final FeedPublisher feed, final long[] sequence, final int count)
    {
        for (int i = 0; i < count; i++)
        {
            final SeqMessage m = pool.acquire();
            m.producer = 0;
            m.sequence = sequence[0]++;
            feed.publish(m);
        }
    }
}
