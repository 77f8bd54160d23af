package io.mongoose.connect;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.config.ServiceConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.server.MongooseServer;
import io.mongoose.server.ShutdownReport;
import io.mongoose.status.ServerState;
import io.mongoose.testing.SeqMessage;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The in-memory source and sink: values in from any thread, copies out, bounded both ways. */
class InMemoryConnectorsTest
{
    private static final Duration GENEROUS = Duration.ofMinutes(2);

    private final PoolRegistry pools = new PoolRegistry("in-memory");
    private final List<String> errors = new CopyOnWriteArrayList<>();

    private MongooseServer server(final InMemorySource<?, ?> source, final InMemorySink<?, ?> sink)
    {
        return MongooseServer.builder().name("mem").poolRegistry(pools)
            .errorHandler((origin, message, error) -> errors.add(origin + ": " + error.getMessage()))
            .service(ServiceConfig.of("input", source).publishes("lines"))
            .feed(FeedConfig.named("lines").queueCapacity(64))
            .agentGroup(AgentGroupConfig.named("collect").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("output", sink, "lines"))
            .build();
    }

    @Test
    void linesOfferedFromAnyThreadArriveInOrderInTheSink() throws InterruptedException
    {
        final InMemorySource<String, LineMessage> source = InMemorySource.lines(128);
        final InMemorySink<LineMessage, String> sink = InMemorySink.lines(20_000);
        final MongooseServer server = server(source, sink);
        server.start();
        final Thread producer = new Thread(() ->
        {
            for (int i = 0; i < 10_000; i++)
            {
                while (!source.offer("line " + i))
                {
                    Thread.onSpinWait(); // full: the explicit result; try again
                }
            }
        });
        producer.start();
        producer.join();

        final List<String> received = sink.await(10_000, GENEROUS);
        final ShutdownReport report = server.stop();

        final List<String> expected = new ArrayList<>();
        for (int i = 0; i < 10_000; i++)
        {
            expected.add("line " + i);
        }
        assertEquals(expected, received);
        assertTrue(report.clean(), report::toString);
        assertEquals(10_000, source.published());
        assertEquals(10_000, sink.received());
        assertNull(sink.poll());
        assertEquals(List.of(), errors);
    }

    @Test
    void aFullSourceRefusesAndSaysSo()
    {
        final InMemorySource<String, LineMessage> source = InMemorySource.lines(4);

        for (int i = 0; i < 4; i++)
        {
            assertTrue(source.offer("v" + i));
        }
        assertFalse(source.offer("one too many"));
        assertEquals(1, source.rejected());
        assertEquals(4, source.waiting());
    }

    @Test
    void valuesStillWaitingAtStopAreReportedNotDroppedSilently()
    {
        // The test holds every message of the pool: the source can publish nothing and its values wait.
        final io.mongoose.pool.ObjectPool<SeqMessage> seqs =
            pools.register(SeqMessage.class, SeqMessage::new, io.mongoose.pool.PoolConfig.of(2));
        final SeqMessage held1 = seqs.acquire();
        final SeqMessage held2 = seqs.acquire();
        final InMemorySource<Long, SeqMessage> source =
            new InMemorySource<>(SeqMessage.class, null, 16, (value, message) -> message.sequence = value);
        final InMemorySink<SeqMessage, Long> sink = new InMemorySink<>(SeqMessage.class, 16, m -> m.sequence);
        final MongooseServer server = server(source, sink);
        server.start();
        source.offer(1L);
        source.offer(2L);
        source.offer(3L);
        final ShutdownReport report = server.stop();
        held1.release();
        held2.release();

        assertEquals(0, sink.received());
        assertEquals(List.of("service:input: 3 values offered to this source were never published: the server " +
            "stopped first (wait for waiting() == 0 before stopping)"), errors);
        assertEquals(1, report.handlerErrors());
        assertEquals(0, source.waiting());
    }

    @Test
    void aFullSinkCountsWhatItCouldNotKeep()
    {
        final InMemorySource<String, LineMessage> source = InMemorySource.lines(16);
        final InMemorySink<LineMessage, String> sink = InMemorySink.lines(4);
        final MongooseServer server = server(source, sink);
        server.start();
        for (int i = 0; i < 10; i++)
        {
            assertTrue(source.offer("x" + i));
        }
        io.mongoose.testing.Await.until("all received", () -> sink.received() == 10);
        server.stop();

        assertEquals(6, sink.dropped());
        assertEquals(List.of("x0", "x1", "x2", "x3"), sink.drain());
        final IllegalStateException ex = assertThrows(IllegalStateException.class,
            () -> sink.await(1, Duration.ofMillis(1)));
        assertEquals("in-memory sink: 0 of 1 messages arrived within 1 ms (received 10, dropped 6)", ex.getMessage());
    }

    @Test
    void aSourceRefusesARingFeedAtStartNamingTheFeed()
    {
        pools.register(SeqMessage.class, SeqMessage::new, io.mongoose.pool.PoolConfig.of(64));
        final InMemorySource<Long, SeqMessage> source =
            new InMemorySource<>(SeqMessage.class, "lines", 16, (value, message) -> message.sequence = value);
        final MongooseServer server = MongooseServer.builder().name("mem").poolRegistry(pools)
            .service(ServiceConfig.of("input", source).publishes("lines"))
            .feed(FeedConfig.named("lines").queueCapacity(16).ring(SeqMessage.class))
            .agentGroup(AgentGroupConfig.named("collect").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("output", new InMemorySink<>(SeqMessage.class, 16, m -> m.sequence), "lines"))
            .build();

        final RuntimeException refused = assertThrows(RuntimeException.class, server::start);
        final String why = String.valueOf(refused.getMessage()) + " / " + refused.getCause();
        assertTrue(why.contains("service 'input': feed 'lines' is a ring feed"), why);
        assertEquals(ServerState.FAILED, server.state());
        assertEquals(0, pools.pool(SeqMessage.class).inFlight(), "the ring gave its messages back");
    }

    @Test
    void aGenericSourceFillsMessagesOfItsOwnPool()
    {
        pools.register(SeqMessage.class, SeqMessage::new, io.mongoose.pool.PoolConfig.of(64));
        final InMemorySource<Long, SeqMessage> source =
            new InMemorySource<>(SeqMessage.class, "lines", 16, (value, message) -> message.sequence = value);
        final InMemorySink<SeqMessage, Long> sink = new InMemorySink<>(SeqMessage.class, 16, m -> m.sequence);
        final MongooseServer server = server(source, sink);
        server.start();
        source.offer(7L);
        source.offer(9L);

        assertEquals(List.of(7L, 9L), sink.await(2, GENEROUS));
        assertTrue(server.stop().clean());
    }
}
