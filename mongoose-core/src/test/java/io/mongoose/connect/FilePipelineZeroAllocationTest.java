package io.mongoose.connect;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.config.ProcessorConfig;
import io.mongoose.config.ServiceConfig;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.dispatch.ProcessorContext;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.pool.LeakDetection;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.server.MongooseServer;
import io.mongoose.server.ShutdownReport;
import io.mongoose.testing.Await;
import io.mongoose.testing.ThreadAllocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The production connectors' path, file source → feed → pipe processor → feed → file sink, allocates nothing in steady
 * state: after warm-up, a million lines cost the source agent, the pipe's agent and the sink's agent less than 8 KB in
 * total, where one allocation per line would be megabytes.
 */
class FilePipelineZeroAllocationTest
{
    private static final int WARM_UP = 300_000;
    private static final int MEASURED = 1_000_000;
    private static final int LINES = WARM_UP + MEASURED;
    /** Same budget and reasoning as ZeroAllocationTest: a one-off JIT event is not steady-state allocation. */
    private static final long BUDGET_BYTES = 8 * 1024;

    @TempDir
    Path dir;

    /** A pipe stage: copies each line into a new pooled line on the next feed; allocation-free. */
    static final class CopyStage implements EventProcessor
    {
        private final ObjectPool<LineMessage> lines;
        private FeedPublisher out;

        CopyStage(final ObjectPool<LineMessage> lines)
        {
            this.lines = lines;
        }

        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
            handlers.on(LineMessage.class, this::copy);
        }

        @Override
        public void onInit(final ProcessorContext context)
        {
            out = context.publisher("copies");
        }

        private void copy(final LineMessage in)
        {
            final LineMessage copy = lines.acquire();
            copy.set(in.buffer(), 0, in.length()).lineNumber(in.lineNumber());
            out.publish(copy);
        }
    }

    @Test
    void fileSourceToPipeToFileSinkAllocatesNothingInSteadyState() throws IOException
    {
        assertFalse(LeakDetection.ENABLED, "measure with -D" + LeakDetection.PROPERTY + " off (the default)");
        final Path in = dir.resolve("in.txt");
        try (BufferedWriter writer = Files.newBufferedWriter(in))
        {
            for (int i = 0; i < LINES; i++)
            {
                writer.write("quote ");
                writer.write(Integer.toString(i));
                writer.write(",10");
                writer.write(Integer.toString(i % 100));
                writer.write('\n');
            }
        }
        final Path out = dir.resolve("out.txt");
        final PoolRegistry pools = new PoolRegistry("file-alloc");
        final FileSource source = FileSource.of(in);
        final FileSink sink = FileSink.of(out);
        final MongooseServer server = MongooseServer.builder().name("file-alloc").poolRegistry(pools)
            .service(ServiceConfig.of("reader", source).publishes("lines").idleStrategy(IdleStrategyKind.YIELD))
            .feed(FeedConfig.named("lines").queueCapacity(1024))
            .feed(FeedConfig.named("copies").queueCapacity(1024))
            .agentGroup(AgentGroupConfig.named("pipe").idleStrategy(IdleStrategyKind.YIELD).drainLimit(64)
                .processor(ProcessorConfig.of("copy", new CopyStage(LineMessage.pool(pools)), "lines")
                    .publishes("copies")))
            .agentGroup(AgentGroupConfig.named("writer").idleStrategy(IdleStrategyKind.YIELD).drainLimit(64)
                .processor("sink", sink, "copies"))
            .build();
        server.start();
        final Thread reader = thread("reader");
        final Thread pipe = server.agentThread("pipe").orElseThrow();
        final Thread writer = server.agentThread("writer").orElseThrow();

        Await.until("warmed up", () -> sink.linesWritten() >= WARM_UP);
        final long readerBefore = ThreadAllocation.allocatedBytes(reader);
        final long pipeBefore = ThreadAllocation.allocatedBytes(pipe);
        final long writerBefore = ThreadAllocation.allocatedBytes(writer);
        final long linesBefore = source.linesPublished();
        Await.until("end of file", source::endOfFile);
        Await.until("every line handled", () -> server.processorStats("sink").handled() == LINES);
        final long readerBytes = ThreadAllocation.allocatedBytes(reader) - readerBefore;
        final long pipeBytes = ThreadAllocation.allocatedBytes(pipe) - pipeBefore;
        final long writerBytes = ThreadAllocation.allocatedBytes(writer) - writerBefore;
        final ShutdownReport report = server.stop();

        assertTrue(report.clean(), report::toString);
        assertEquals(Files.size(in), Files.size(out));
        final long measured = LINES - linesBefore;
        assertTrue(measured >= MEASURED - 100_000, "measured " + measured + " lines");
        final long total = readerBytes + pipeBytes + writerBytes;
        System.out.printf("file pipeline zero-allocation: %d lines, reader %d B, pipe %d B, writer %d B%n",
            measured, readerBytes, pipeBytes, writerBytes);
        assertTrue(total < BUDGET_BYTES, "allocated " + total + " bytes over " + measured + " lines (reader " +
            readerBytes + ", pipe " + pipeBytes + ", writer " + writerBytes + "); budget " + BUDGET_BYTES);
    }

    private static Thread thread(final String name)
    {
        for (final Thread thread : Thread.getAllStackTraces().keySet())
        {
            if (thread.getName().equals(name))
            {
                return thread;
            }
        }
        throw new AssertionError("no thread named " + name);
    }
}
