package io.mongoose.yaml;

import io.mongoose.config.MongooseConfigException;
import io.mongoose.config.ProcessorConfig;
import io.mongoose.config.ServerConfig;
import io.mongoose.config.ServiceConfig;
import io.mongoose.connect.FileSink;
import io.mongoose.connect.FileSource;
import io.mongoose.connect.LineMessage;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.dispatch.LoggingErrorHandler;
import io.mongoose.dispatch.ProcessorContext;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.server.MongooseServer;
import io.mongoose.server.ShutdownReport;
import io.mongoose.service.MongooseService;
import io.mongoose.testing.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * YAML {@code services:}, a processor's {@code services} and {@code publishes}, and the built-in connector types:
 * a file that runs, and invalid files with their exact errors.
 */
class YamlServicesTest
{
    @TempDir
    Path dir;

    /** A service with a prefix read from its properties. */
    static final class Prefix implements MongooseService
    {
        final String text;

        Prefix(final String text)
        {
            this.text = text;
        }
    }

    /** Copies each line, with the prefix service's text in front, onto the feed it publishes: a pipe stage. */
    static final class Prefixer implements EventProcessor
    {
        private final PoolRegistry pools;
        private final org.agrona.ExpandableArrayBuffer joined = new org.agrona.ExpandableArrayBuffer();
        private ObjectPool<LineMessage> lines;
        private FeedPublisher out;
        private byte[] prefix;

        Prefixer(final PoolRegistry pools)
        {
            this.pools = pools;
        }

        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
            handlers.on(LineMessage.class, this::onLine);
        }

        @Override
        public void onInit(final ProcessorContext context)
        {
            prefix = context.service(Prefix.class).text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            out = context.publisher("prefixed");
            lines = LineMessage.pool(pools);
        }

        private void onLine(final LineMessage in)
        {
            joined.putBytes(0, prefix);
            joined.putBytes(prefix.length, in.buffer(), 0, in.length());
            out.publish(lines.acquire().set(joined, 0, prefix.length + in.length()));
        }
    }

    private final PoolRegistry pools = new PoolRegistry("yaml-services");
    private final ProcessorTypes types = ConnectorTypes.addTo(ProcessorTypes.builder())
        .addConfigurableService("prefix", p -> new Prefix(p.text("text", "")))
        .add("prefixer", () -> new Prefixer(pools))
        .build();

    private String yaml(final Path in, final Path out)
    {
        return """
            server: { name: pipeline }
            feeds:
              - { name: lines, kind: named }
              - { name: prefixed, kind: named }
            services:
              - { name: prefix, type: prefix, properties: { text: '> ' } }
              - name: reader
                type: file-source
                publishes: [lines]
                idleStrategy: backoff
                properties: { path: '%s', linesPerCycle: 64 }
            agents:
              - name: pipe
                idleStrategy: backoff
                processors:
                  - { name: prefixer, type: prefixer, subscriptions: [lines], services: [prefix], publishes: [prefixed] }
              - name: writer
                idleStrategy: backoff
                processors:
                  - { name: out, type: file-sink, subscriptions: [prefixed], properties: { path: '%s' } }
            """.formatted(in, out);
    }

    @Test
    void aFileWithServicesConnectorsAndAPipeRuns() throws IOException
    {
        final Path in = Files.writeString(dir.resolve("in.txt"), "a\nb\nc\n");
        final Path out = dir.resolve("out.txt");
        final ServerConfig config = YamlConfig.load(yaml(in, out), "pipeline.yaml", types);
        assertEquals(List.of("prefix", "reader"), config.services().stream().map(ServiceConfig::name).toList());
        assertEquals(List.of("lines"), config.services().get(1).publishes());
        final ProcessorConfig prefixer = config.agentGroups().get(0).processors().get(0);
        assertEquals(List.of("prefix"), prefixer.services());
        assertEquals(List.of("prefixed"), prefixer.publishes());

        final MongooseServer server = MongooseServer.create(config, pools, new LoggingErrorHandler());
        server.start();
        final io.mongoose.connect.FileSource reader = server.service("reader", io.mongoose.connect.FileSource.class);
        Await.until("end of file", reader::endOfFile);
        final ShutdownReport report = server.stop();

        assertTrue(report.clean(), report::toString);
        assertEquals("> a\n> b\n> c\n", Files.readString(out));
        assertInstanceOf(io.mongoose.connect.FileSink.class, server.processor("out", EventProcessor.class));
    }

    private List<String> errors(final String yaml)
    {
        return assertThrows(MongooseConfigException.class, () -> YamlConfig.load(yaml, "test.yaml", types)).errors();
    }

    @Test
    void invalidServiceEntriesAreListedAtOnceWithTheirPaths() throws IOException
    {
        final Path in = Files.writeString(dir.resolve("in.txt"), "a\n");
        assertEquals(List.of(
            "services[0].threads: unknown key; expected one of name, type, publishes, idleStrategy, pinning, properties",
            "services[1].type: unknown 'file-sorce'; expected one of file-source, memory-source, prefix",
            "services[2].publishes: 'lines'; expected a list of feed names",
            "services[2].name: duplicate 'prefix' (also at services[0]); expected a name no other service uses",
            "services[4].idleStrategy: unknown 'spinn'; expected one of busy-spin, yield, backoff, sleep",
            "agents[0].processors[0].services[0]: unknown service 'prefx'; expected one of prefix, reader, r3, r4",
            "agents[0].processors[0].publishes[0]: feed 'lines' is already published by service 'reader' " +
                "(services[1].publishes[0]); expected one producer per feed (add a feed per producer)",
            "agents[0].processors[1].type: unknown 'file-snk'; expected one of file-sink, memory-sink, prefixer"),
            errors("""
                feeds:
                  - { name: lines, kind: named }
                services:
                  - { name: prefix, type: prefix, threads: 2 }
                  - { name: reader, type: file-sorce, publishes: [lines], properties: { path: '%s' } }
                  - { name: prefix, type: prefix, publishes: lines }
                  - { name: r3, type: file-source, properties: { lines: 10 } }
                  - { name: r4, type: file-source, idleStrategy: spinn, properties: { path: '%s' } }
                agents:
                  - name: pipe
                    processors:
                      - { name: p, type: prefixer, subscriptions: [lines], services: [prefx], publishes: [lines] }
                      - { name: q, type: file-snk, subscriptions: [lines] }
                      - { name: r, type: memory-sink, subscriptions: [lines], properties: { capacity: 1 } }
                """.formatted(in, dir.resolve("nope.txt"))));
    }

    /** The factories check their entries' properties once the rest of the file is valid, and list every problem. */
    @Test
    void badPropertiesOfEveryEntryAreListedAtOnce()
    {
        assertEquals(List.of(
            "services[0].properties.path: missing; expected the path of a readable file",
            "services[0].properties.lines: unknown key; expected one of path, maxLineLength, linesPerCycle, tail, feed",
            "services[1].properties.path: '" + dir.resolve("nope.txt") + "'; expected the path of a readable file",
            "agents[0].processors[0].properties.capacity: 1; expected an integer from 2 to 1073741824"),
            errors("""
                feeds:
                  - { name: lines, kind: named }
                services:
                  - { name: r3, type: file-source, properties: { lines: 10 } }
                  - { name: r4, type: file-source, properties: { path: '%s' } }
                agents:
                  - name: pipe
                    processors:
                      - { name: r, type: memory-sink, subscriptions: [lines], properties: { capacity: 1 } }
                """.formatted(dir.resolve("nope.txt"))));
    }

    @Test
    void theFileSinksFlushIntervalIsADurationOrNone()
    {
        final String yaml = """
            feeds: [{ name: lines, kind: named }]
            services: [{ name: src, type: memory-source, publishes: [lines], properties: { feed: lines } }]
            agents:
              - name: a
                processors:
                  - { name: s, type: file-sink, subscriptions: [lines], properties: { path: '%s', flushInterval: %s } }
            """;
        final Path out = dir.resolve("sink.txt");
        final java.util.function.Function<String, FileSink> sink = interval -> (FileSink)YamlConfig.load(
            yaml.formatted(out, interval), "test.yaml", types).agentGroups().get(0).processors().get(0).processor();

        assertEquals(java.time.Duration.ofMillis(250), sink.apply("250ms").flushInterval());
        assertEquals(java.time.Duration.ZERO, sink.apply("none").flushInterval());
        assertEquals(List.of("agents[0].processors[0].properties.flushInterval: 'soon'; expected " +
            YamlValues.DURATION_EXPECTED), errors(yaml.formatted(out, "soon")));
    }

    @Test
    void aLosslessPipeOnItsOwnAgentIsRefusedInAFileToo()
    {
        assertEquals(List.of(
            "agents[0].processors[0].publishes[0]: feed 'prefixed' (fullQueuePolicy backoff) is received on agent " +
                "'solo', the publisher's own agent; expected its subscribers on other agents, or fullQueuePolicy " +
                "drop or fail (a full queue would make the agent wait for itself)"),
            errors("""
                feeds:
                  - { name: lines, kind: named }
                  - { name: prefixed, kind: named }
                services:
                  - { name: prefix, type: prefix }
                agents:
                  - name: solo
                    processors:
                      - { name: p, type: prefixer, subscriptions: [lines], publishes: [prefixed] }
                      - { name: s, type: memory-sink, subscriptions: [prefixed] }
                """));
    }

    @Test
    void aServicesSectionOfTheWrongShapeIsOneErrorAndDoesNotMakeUnknownServiceErrors()
    {
        assertEquals(List.of("services: a map; expected a list of services"), errors("""
            feeds: [{ name: lines, kind: named }]
            services: { name: prefix }
            agents:
              - name: a
                processors: [{ name: s, type: memory-sink, subscriptions: [lines], services: [prefix] }]
            """));
        assertEquals(List.of("services[0].type: missing; expected one of file-source, memory-source, prefix"),
            errors("""
                feeds: [{ name: lines, kind: named }]
                services: [{ name: prefix }]
                agents:
                  - name: a
                    processors: [{ name: s, type: memory-sink, subscriptions: [lines], services: [prefix] }]
                """));
    }

    @Test
    void tagsStillCreateNothingInServiceEntries()
    {
        assertEquals(List.of("test.yaml line 2, column 29: tag '!!java.lang.ProcessBuilder' is not supported; " +
            "expected plain values without tags (a tag never selects a class here)"), errors("""
            feeds: [{ name: lines, kind: named }]
            services: [{ name: x, type: !!java.lang.ProcessBuilder prefix }]
            agents: [{ name: a, processors: [{ name: s, type: memory-sink, subscriptions: [lines] }] }]
            """));
    }

    @Test
    void theBuiltInConnectorsAreAProviderOnTheClassPath()
    {
        final ProcessorTypes.Builder builder = ProcessorTypes.builder();
        java.util.ServiceLoader.load(ProcessorTypeProvider.class).forEach(provider -> provider.addTypes(builder));
        final ProcessorTypes found = builder.build();

        assertTrue(found.names().containsAll(List.of("file-sink", "memory-sink")), found::toString);
        assertTrue(found.serviceNames().containsAll(List.of("file-source", "memory-source")), found::toString);
    }
}
