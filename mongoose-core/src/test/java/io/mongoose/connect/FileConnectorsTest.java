package io.mongoose.connect;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.config.ServiceConfig;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.server.MongooseServer;
import io.mongoose.server.MongooseStartException;
import io.mongoose.server.ShutdownReport;
import io.mongoose.service.MongooseService;
import io.mongoose.status.ServerState;
import io.mongoose.testing.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The file source and file sink: lines in, lines out, long lines, bad files, flushing, tailing. */
class FileConnectorsTest
{
    private final PoolRegistry pools = new PoolRegistry("files");
    private final List<String> errors = new CopyOnWriteArrayList<>();

    @TempDir
    Path dir;

    private MongooseServer server(final MongooseService source, final EventProcessor sink)
    {
        return MongooseServer.builder().name("files").poolRegistry(pools)
            .errorHandler((origin, message, error) -> errors.add(origin + ": " + error.getMessage()))
            .service(ServiceConfig.of("reader", source).publishes("lines"))
            .feed(FeedConfig.named("lines").queueCapacity(256))
            .agentGroup(AgentGroupConfig.named("writer").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("sink", sink, "lines"))
            .build();
    }

    @Test
    void aFileIsCopiedLineByLine() throws IOException
    {
        final Path in = Files.writeString(dir.resolve("in.txt"), "first\nsecond\r\n\nünïcødé\nlast without newline");
        final Path out = dir.resolve("out.txt");
        final FileSource source = FileSource.of(in);
        final FileSink sink = FileSink.of(out);
        final MongooseServer server = server(source, sink);
        server.start();
        Await.until("end of file", source::endOfFile);
        Await.until("all handled", () -> server.processorStats("sink").handled() == 5);

        final ShutdownReport report = server.stop();

        assertTrue(report.clean(), report::toString);
        assertEquals("first\nsecond\n\nünïcødé\nlast without newline\n", Files.readString(out));
        assertEquals(5, source.linesPublished());
        assertEquals(5, sink.linesWritten());
        assertNull(source.failure());
        assertEquals(List.of(), errors);
    }

    @Test
    void manyLinesThroughSmallQueuesAndBuffers() throws IOException
    {
        final StringBuilder text = new StringBuilder();
        for (int i = 0; i < 100_000; i++)
        {
            text.append("line ").append(i).append(" ").append("x".repeat(i % 50)).append('\n');
        }
        final Path in = Files.writeString(dir.resolve("in.txt"), text);
        final Path out = dir.resolve("out.txt");
        final FileSource source = new FileSource(in, null, 64, 7, false);
        final FileSink sink = new FileSink(out, false, 100, 256);
        final MongooseServer server = server(source, sink);
        server.start();
        Await.until("end of file", source::endOfFile);
        final ShutdownReport report = server.stop();

        assertTrue(report.clean(), report::toString);
        assertEquals(text.toString(), Files.readString(out));
        assertEquals(100_000, sink.linesWritten());
    }

    @Test
    void aLineLongerThanTheLimitIsAnErrorNamingFileAndLineAndStopsTheSource() throws IOException
    {
        final Path in = Files.writeString(dir.resolve("long.txt"), "ok\nalso ok\n" + "y".repeat(20) + "\nnever\n");
        final InMemorySink<LineMessage, String> sink = InMemorySink.lines(16);
        final FileSource source = new FileSource(in, null, 10, 256, false);
        final MongooseServer server = server(source, sink);
        server.start();
        Await.until("the failure", () -> null != source.failure());
        final List<String> before = sink.await(2, java.time.Duration.ofMinutes(2));
        final ShutdownReport report = server.stop();

        final String failure = "file source '" + in + "': line 3 is longer than maxLineLength 10 bytes; stopped " +
            "reading after 2 lines";
        assertEquals(failure, source.failure());
        assertEquals(List.of("ok", "also ok"), before);
        assertEquals(List.of("service:reader: " + failure + " (expected lines of at most 10 bytes: raise " +
            "maxLineLength or split the file)"), errors);
        assertEquals(1, server.serviceStats("reader").errors());
        assertFalse(source.endOfFile());
        assertEquals(1, report.handlerErrors(), report::toString);
        assertFalse(report.clean(), "a source that failed makes the stop unclean");
    }

    @Test
    void aFileThatCannotBeReadFailsTheStartNamingIt()
    {
        final Path missing = dir.resolve("missing.txt");
        final MongooseServer server = server(FileSource.of(missing), InMemorySink.lines(4));

        final MongooseStartException ex = assertThrows(MongooseStartException.class, server::start);

        assertTrue(ex.getMessage().startsWith("service 'reader' of server 'files' failed in onStart: " +
            "java.io.IOException: file source '" + missing + "' cannot be opened: " +
            "java.nio.file.NoSuchFileException: " + missing), ex.getMessage());
    }

    @Test
    void aFileThatCannotBeWrittenFailsTheStartNamingIt() throws IOException
    {
        final Path in = Files.writeString(dir.resolve("in.txt"), "x\n");
        final Path out = dir.resolve("no-such-dir/out.txt");
        final MongooseServer server = server(FileSource.of(in), FileSink.of(out));

        final MongooseStartException ex = assertThrows(MongooseStartException.class, server::start);

        assertEquals("processor 'sink' on agent 'writer' failed in onInit: java.io.UncheckedIOException: file sink '" +
            out + "' cannot be opened for writing: java.nio.file.NoSuchFileException: " + out, ex.getMessage());
    }

    @Test
    void theSinkWritesOutEveryFlushEveryLinesAndTheRestAtStop() throws IOException
    {
        final InMemorySource<String, LineMessage> source = InMemorySource.lines(64);
        final Path out = dir.resolve("out.txt");
        final FileSink sink = new FileSink(out, false, 10, 4096, java.time.Duration.ZERO);
        final MongooseServer server = server(source, sink);
        server.start();
        for (int i = 0; i < 25; i++)
        {
            assertTrue(source.offer("l" + i));
        }
        Await.until("25 handled", () -> server.processorStats("sink").handled() == 25);

        assertEquals(20, sink.linesWritten());
        assertEquals(20, Files.readAllLines(out).size());
        server.stop();
        assertEquals(25, Files.readAllLines(out).size());
        assertEquals(25, sink.linesWritten());
    }

    @Test
    void aQuietStreamsLinesAreWrittenOutWithinTheFlushIntervalWhileTheServerRuns() throws IOException
    {
        final InMemorySource<String, LineMessage> source = InMemorySource.lines(64);
        final Path out = dir.resolve("quiet.txt");
        final FileSink sink = new FileSink(out, false, 1000, 4096, java.time.Duration.ofMillis(10));
        final MongooseServer server = server(source, sink);
        server.start();
        for (int i = 0; i < 3; i++)
        {
            assertTrue(source.offer("q" + i));
        }

        // Far below flushEveryLines and the buffer size: only the timer writes them out before stop.
        Await.until("3 lines written by the timer", () -> sink.linesWritten() == 3);
        assertEquals(List.of("q0", "q1", "q2"), Files.readAllLines(out));
        assertEquals(ServerState.RUNNING, server.state());
        server.stop();
        assertEquals(3, sink.linesWritten());
        assertEquals(java.time.Duration.ofMillis(10), sink.flushInterval());
        assertEquals("flushInterval: PT-1S; expected a duration of 0 (no time-based flush) or more",
            assertThrows(IllegalArgumentException.class,
                () -> new FileSink(out, false, 1, 16, java.time.Duration.ofSeconds(-1))).getMessage());
    }

    @Test
    void aTailingSourcePublishesWhatIsAppended() throws IOException
    {
        final Path in = Files.writeString(dir.resolve("grows.txt"), "one\n");
        final InMemorySink<LineMessage, String> sink = InMemorySink.lines(16);
        final FileSource source = new FileSource(in, null, 100, 256, true);
        final MongooseServer server = server(source, sink);
        server.start();
        assertEquals(List.of("one"), sink.await(1, java.time.Duration.ofMinutes(2)));
        Await.until("caught up", source::endOfFile);

        Files.writeString(in, "two\nthree (no newline yet)", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        assertEquals(List.of("two"), sink.await(1, java.time.Duration.ofMinutes(2)));
        Files.writeString(in, "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        assertEquals(List.of("three (no newline yet)"), sink.await(1, java.time.Duration.ofMinutes(2)));
        assertTrue(server.stop().clean());
        assertEquals(3, source.linesPublished());
    }

    @Test
    void aWriteErrorIsReportedNamingTheFileAndCountsTheLinesLost()
    {
        final Path full = Path.of("/dev/full"); // every write fails with "No space left on device"
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isWritable(full), "needs Linux's /dev/full");
        final InMemorySource<String, LineMessage> source = InMemorySource.lines(64);
        final FileSink sink = new FileSink(full, true, 2, 4096, java.time.Duration.ZERO);
        final MongooseServer server = server(source, sink);
        server.start();
        for (int i = 0; i < 4; i++)
        {
            assertTrue(source.offer("l" + i));
        }
        Await.until("4 handled", () -> server.processorStats("sink").handled() + server.processorStats("sink")
            .errors() == 4);
        final ShutdownReport report = server.stop();

        assertEquals(2, report.handlerErrors());
        assertEquals(4, sink.linesLost());
        assertEquals(0, sink.linesWritten());
        assertEquals(2, errors.size(), errors::toString);
        assertTrue(errors.get(0).startsWith("sink: file sink '/dev/full': write failed, 2 lines lost: " +
            "java.io.IOException: No space left on device"), errors::toString);
    }
}
