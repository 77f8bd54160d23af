package io.mongoose.server;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.CountersConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.feed.FeedStats;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.pool.PooledMessage;
import io.mongoose.status.AgentGroupStats;
import io.mongoose.status.CounterType;
import io.mongoose.status.CounterValue;
import io.mongoose.status.CountersFile;
import io.mongoose.status.CountersSnapshot;
import io.mongoose.status.ServerState;
import io.mongoose.testing.Await;
import io.mongoose.testing.CountersTestServer;
import io.mongoose.testing.GatedProcessor;
import io.mongoose.testing.OtherMessage;
import io.mongoose.testing.SeqMessage;
import io.mongoose.testing.SequenceChecker;
import org.agrona.concurrent.status.CountersReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The counters file of a running server: where it is, what it holds, that it agrees with the stats API, and that it
 * goes away at stop (or stays, when asked), with files of dead processes recognised and cleaned.
 */
class CountersFileTest
{
    private static final int MESSAGES = 1_000;

    private final PoolRegistry registry = new PoolRegistry("counters");
    private final ObjectPool<SeqMessage> pool = registry.register(SeqMessage.class, SeqMessage::new,
        PoolConfig.of(2048));

    private MongooseServerBuilder server(final String name, final Path dir, final SequenceChecker checker)
    {
        return server(name, dir, checker, registry);
    }

    private MongooseServerBuilder server(
        final String name, final Path dir, final SequenceChecker checker, final PoolRegistry pools)
    {
        return CountersTestServer.builder(name, dir, checker, pools);
    }

    private void publish(final FeedPublisher feed, final int count)
    {
        SeqMessage.publishSequence(pool, feed, count);
    }

    /** Every counter in the file by label, read through Agrona's reader as another process would. */
    private static Map<String, Long> read(final Path file) throws IOException
    {
        final CountersReader reader = CountersFile.open(file).reader();
        final Map<String, Long> values = new HashMap<>();
        reader.forEach((CountersReader.MetaData)(id, typeId, key, label) ->
            values.put(label, reader.getCounterValue(id)));
        return values;
    }

    @Test
    void aRunningServerPublishesItsCountersInAFileThatAgreesWithItsStats(@TempDir final Path dir) throws IOException
    {
        final SequenceChecker checker = new SequenceChecker(1);
        final MongooseServer server = server("cf-live", dir, checker).build();
        assertTrue(server.countersFile().isEmpty(), "no file before start");
        server.start();
        try
        {
            final Path file = server.countersFile().orElseThrow();
            assertEquals(dir, file.getParent());
            final long pid = ProcessHandle.current().pid();
            assertTrue(file.getFileName().toString().startsWith("mongoose-cf-live-" + pid + "-"), file::toString);
            final CountersFile.Header header = CountersFile.Header.read(file);
            assertEquals("cf-live", header.serverName());
            assertEquals(pid, header.pid());
            assertTrue(header.ownerAlive());

            publish(server.publisher("prices"), MESSAGES);
            Await.until("all handled", () -> checker.receivedTotal() == MESSAGES);
            Await.until("the agent's dispatched counter", () -> server.agentStats("cf-live-agent").dispatched() ==
                MESSAGES);

            final Map<String, Long> inFile = read(file);
            assertEquals(MESSAGES, inFile.get("feed prices: published"));
            assertEquals(MESSAGES, inFile.get("agent cf-live-agent: dispatched"));
            assertEquals(MESSAGES, inFile.get("processor cf-live-checker: handled"));
            assertEquals(0L, inFile.get("feed prices: dropped"));
            assertEquals(0L, inFile.get("agent cf-live-agent: errors"));
            assertTrue(inFile.get("agent cf-live-agent: duty cycles") > 0);
            assertEquals(ServerState.RUNNING.ordinal(), inFile.get("server cf-live: state"));

            final CountersSnapshot snapshot = server.counters();
            assertEquals(file, snapshot.file());
            final FeedStats feed = server.feedStats("prices");
            assertEquals(feed.published(), snapshot.value(CounterType.FEED_PUBLISHED, "prices"));
            assertEquals(feed.dropped(), snapshot.value(CounterType.FEED_DROPPED, "prices"));
            assertEquals(feed.rejected(), snapshot.value(CounterType.FEED_REJECTED, "prices"));
            assertEquals(feed.timeouts(), snapshot.value(CounterType.FEED_TIMEOUTS, "prices"));
            final AgentGroupStats agent = server.agentStats("cf-live-agent");
            assertEquals(agent.dispatched(), snapshot.value(CounterType.AGENT_DISPATCHED, "cf-live-agent"));
            assertEquals(agent.errors(), snapshot.value(CounterType.AGENT_ERRORS, "cf-live-agent"));
            assertEquals(server.processorStats("cf-live-checker").handled(),
                snapshot.value(CounterType.PROCESSOR_HANDLED, "cf-live-checker"));
            for (final CounterValue c : snapshot.counters())
            {
                assertTrue(c.id() >= 0, () -> c + " is in the file");
                assertEquals(c.type().label(c.name()), c.label());
            }

            // Pools are sampled: the sampler catches up with the quiet pool.
            Await.until("pool counters sampled", () ->
            {
                final CountersSnapshot s = server.counters();
                return s.value(CounterType.POOL_FREE, "SeqMessage") == pool.free() &&
                    s.value(CounterType.POOL_CREATED, "SeqMessage") == pool.created() &&
                    s.value(CounterType.POOL_IN_FLIGHT, "SeqMessage") == 0;
            });
            assertEquals(2048L, server.counters().value(CounterType.POOL_CREATED, "SeqMessage"));
        }
        finally
        {
            server.stop();
        }
        assertTrue(server.countersFile().isEmpty(), "no file after stop");
        try (var files = Files.list(dir))
        {
            assertEquals(List.of(), files.toList(), "the file is removed at stop");
        }
        // The counters outlive the file: stats after stop still read them.
        assertEquals(MESSAGES, server.feedStats("prices").published());
        assertEquals(ServerState.STOPPED.ordinal(), server.counters().value(CounterType.SERVER_STATE, "cf-live"));
    }

    @Test
    void aFileKeptAtStopHoldsTheFinalValuesAndTheStoppedState(@TempDir final Path dir) throws IOException
    {
        final SequenceChecker checker = new SequenceChecker(1);
        final MongooseServer server = server("cf-kept", dir, checker)
            .counters(CountersConfig.defaults().dir(dir).deleteOnStop(false)).build();
        server.start();
        final Path file = server.countersFile().orElseThrow();
        publish(server.publisher("prices"), 10);
        server.stop();
        assertTrue(Files.exists(file));
        assertEquals(Map.of("published", 10L, "state", (long)ServerState.STOPPED.ordinal(), "depth", 0L), Map.of(
            "published", read(file).get("feed prices: published"),
            "state", read(file).get("server cf-kept: state"),
            "depth", read(file).get("feed prices: queue depth")));
    }

    @Test
    void serversWithTheSameNameInOneJvmGetTheirOwnFiles(@TempDir final Path dir)
    {
        final MongooseServer a = server("cf-twin", dir, new SequenceChecker(1)).build();
        // Started together, so each has a registry of its own.
        final MongooseServer b = server("cf-twin", dir, new SequenceChecker(1), new PoolRegistry("twin")).build();
        a.start();
        try
        {
            b.start();
            try
            {
                assertNotEquals(a.countersFile().orElseThrow(), b.countersFile().orElseThrow());
                publish(a.publisher("prices"), 3);
                assertEquals(3, a.counters().value(CounterType.FEED_PUBLISHED, "prices"));
                assertEquals(0, b.counters().value(CounterType.FEED_PUBLISHED, "prices"));
            }
            finally
            {
                b.stop();
            }
        }
        finally
        {
            a.stop();
        }
    }

    @Test
    void disabledMeansNoFileButTheSameCountersInProcess(@TempDir final Path dir)
    {
        final SequenceChecker checker = new SequenceChecker(1);
        final MongooseServer server = server("cf-off", dir, checker).counters(CountersConfig.disabled().dir(dir))
            .build();
        server.start();
        try
        {
            assertTrue(server.countersFile().isEmpty());
            publish(server.publisher("prices"), 5);
            final CountersSnapshot snapshot = server.counters();
            assertNull(snapshot.file());
            assertEquals(5, snapshot.value(CounterType.FEED_PUBLISHED, "prices"));
            assertTrue(snapshot.counters().stream().allMatch(c -> c.id() == -1));
            assertEquals(5, server.feedStats("prices").published());
        }
        finally
        {
            server.stop();
        }
        assertFalse(Files.exists(dir.resolve("x")));
        try (var files = Files.list(dir))
        {
            assertEquals(0, files.count());
        }
        catch (final IOException ex)
        {
            throw new AssertionError(ex);
        }
    }

    @Test
    void theQueueDepthGaugeFollowsABlockedAgentsQueue(@TempDir final Path dir)
    {
        final GatedProcessor gated = new GatedProcessor();
        final MongooseServer server = MongooseServer.builder().name("cf-depth").poolRegistry(registry)
            .counters(CountersConfig.defaults().dir(dir).sampleInterval(java.time.Duration.ofMillis(5)))
            .feed(FeedConfig.named("prices").queueCapacity(16))
            .agentGroup(AgentGroupConfig.named("cf-depth-agent").processor("gated", gated, "prices"))
            .build();
        server.start();
        try
        {
            publish(server.publisher("prices"), 8);
            gated.awaitEntered();
            // One message is in the handler, seven wait in the queue.
            Await.until("queue depth 7 sampled", () ->
                server.counters().value(CounterType.FEED_QUEUE_DEPTH, "prices") == 7);
            assertEquals(7, server.feedStats("prices").queueDepth());
            gated.open();
            Await.until("queue depth 0 sampled", () ->
                server.counters().value(CounterType.FEED_QUEUE_DEPTH, "prices") == 0);
        }
        finally
        {
            gated.open();
            server.stop();
        }
    }

    @Test
    void aPoolRegisteredWhileTheServerRunsGetsCounters(@TempDir final Path dir) throws IOException
    {
        final MongooseServer server = server("cf-late-pool", dir, new SequenceChecker(1)).build();
        server.start();
        try
        {
            final ObjectPool<OtherMessage> late = registry.register(OtherMessage.class, OtherMessage::new,
                PoolConfig.of(4));
            final PooledMessage held = late.acquire();
            Await.until("late pool sampled", () -> server.counters().ofType(CounterType.POOL_IN_FLIGHT).stream()
                .anyMatch(c -> c.name().equals(late.name()) && c.value() == 1));
            assertEquals(1L, read(server.countersFile().orElseThrow()).get("pool " + late.name() + ": in flight"));
            held.release();
        }
        finally
        {
            server.stop();
        }
    }

    @Test
    void aFileLeftByADeadProcessIsRecognisedAndRemovedByTheNextServer(@TempDir final Path dir) throws Exception
    {
        final Path leftover = CountersTestServer.deadProcessFile(dir, "crashed");
        assertFalse(CountersFile.Header.read(leftover).ownerAlive());

        final MongooseServer server = server("cf-cleaner", dir, new SequenceChecker(1)).build();
        server.start();
        try
        {
            assertFalse(Files.exists(leftover), "the next server in the directory removes it");
            assertEquals(List.of(server.countersFile().orElseThrow()),
                CountersFile.list(dir).stream().map(CountersFile.Header::file).toList());
        }
        finally
        {
            server.stop();
        }
    }

    @Test
    void aCountersDirectoryThatCannotBeCreatedFailsStartWithAClearError(@TempDir final Path dir) throws IOException
    {
        final Path notADir = Files.writeString(dir.resolve("plain-file"), "x");
        final MongooseServer server = server("cf-bad-dir", notADir.resolve("sub"), new SequenceChecker(1)).build();
        final MongooseStartException failure = assertThrows(MongooseStartException.class, server::start);
        assertTrue(failure.getMessage().contains("cannot create its counters file in " + notADir.resolve("sub")),
            failure::getMessage);
        assertEquals(ServerState.FAILED, server.state());
        assertTrue(server.stop().clean());
    }
}
