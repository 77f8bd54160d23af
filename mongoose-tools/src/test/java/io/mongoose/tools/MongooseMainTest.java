package io.mongoose.tools;

import io.mongoose.dispatch.EventProcessor;
import io.mongoose.yaml.ProcessorTypeProvider;
import io.mongoose.yaml.ProcessorTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The one-command server: arguments and configuration errors in this JVM; serving, stopping on SIGTERM and start
 * failures in a child JVM, which finds {@link MainTestProcessorTypes} through {@code META-INF/services}.
 */
class MongooseMainTest
{
    private static final EventProcessor NOOP = handlers ->
    {
    };
    private static final long CHILD_SECONDS = 120;

    private static final String ONE_PROCESSOR = """
        server: { name: main-test }
        feeds: [{ name: ticks, kind: broadcast }]
        agents:
          - { name: main-test-agent, idleStrategy: sleep, processors: [{ name: p, type: lifecycle-printer }] }
        """;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int runHere(final Iterable<ProcessorTypeProvider> providers, final String... args)
    {
        return MongooseMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8), providers);
    }

    private String out()
    {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err()
    {
        return err.toString(StandardCharsets.UTF_8);
    }

    // ---------------------------------------------------------------------------------------------- in this JVM

    @Test
    void argumentProblemsAreListedAtOnceWithTheUsage()
    {
        assertEquals(MongooseMain.EXIT_USAGE, runHere(List.of(), "--conifg=a.yaml", "--config=", "--config=b.yaml",
            "--config=c.yaml"));

        assertEquals(String.join("\n",
            "error: unknown argument '--conifg=a.yaml'; expected --config=FILE, --check, --admin or --help",
            "error: --config: empty; expected the path of a YAML file",
            "error: --config: given twice; expected one file",
            MongooseMain.USAGE, ""), err());
        assertEquals("", out());
    }

    @Test
    void noArgumentsAndHelp()
    {
        assertEquals(MongooseMain.EXIT_USAGE, runHere(List.of()));
        assertEquals("error: --config: missing; expected --config=FILE\n" + MongooseMain.USAGE + "\n", err());

        assertEquals(MongooseMain.EXIT_OK, runHere(List.of(), "--help"));
        assertEquals(MongooseMain.USAGE + "\n", out());
    }

    @Test
    void checkValidatesTheFileWithTheProvidersTypesAndStartsNothing(@TempDir final Path dir) throws IOException
    {
        final Path file = Files.writeString(dir.resolve("main.yaml"), ONE_PROCESSOR);

        assertEquals(MongooseMain.EXIT_OK, runHere(List.of(new MainTestProcessorTypes()), "--check",
            "--config=" + file), this::err);

        assertEquals(file + ": valid; 1 feed, 1 agent group, 1 processor\n", out());
    }

    @Test
    void aBadFileListsEveryProblem(@TempDir final Path dir) throws IOException
    {
        final Path file = Files.writeString(dir.resolve("bad.yaml"),
            ONE_PROCESSOR.replace("sleep", "spinn").replace("lifecycle-printer", "lifecycle-printr"));

        assertEquals(MongooseMain.EXIT_USAGE, runHere(List.of(new MainTestProcessorTypes()), "--config=" + file));

        assertEquals("invalid Mongoose configuration (2 errors):\n" +
            "  agents[0].idleStrategy: unknown 'spinn'; expected one of busy-spin, yield, backoff, sleep\n" +
            "  agents[0].processors[0].type: unknown 'lifecycle-printr'; expected one of lifecycle-printer, " +
            "failing-start\n", err());
        assertEquals("", out());
    }

    /** Registers "lifecycle-printer" again, as a second jar on the class path might. */
    public static final class Clashing implements ProcessorTypeProvider
    {
        @Override
        public void addTypes(final ProcessorTypes.Builder types)
        {
            types.add("lifecycle-printer", () -> NOOP);
        }
    }

    @Test
    void twoProvidersRegisteringOneNameAreRefusedNamingTheSecond(@TempDir final Path dir) throws IOException
    {
        final Path file = Files.writeString(dir.resolve("main.yaml"), ONE_PROCESSOR);

        assertEquals(MongooseMain.EXIT_USAGE, runHere(List.of(new MainTestProcessorTypes(), new Clashing()),
            "--check", "--config=" + file));

        assertEquals("error: processor type providers: " + Clashing.class.getName() + ": type: duplicate " +
            "'lifecycle-printer'; expected each type registered once (registered: lifecycle-printer, failing-start)\n",
            err());
    }

    @Test
    void aBrokenProviderIsAUsageErrorNamingIt(@TempDir final Path dir) throws IOException
    {
        final Path file = Files.writeString(dir.resolve("main.yaml"), ONE_PROCESSOR);
        final ProcessorTypeProvider throwing = types ->
        {
            throw new IllegalStateException("no licence");
        };
        final Iterable<ProcessorTypeProvider> unloadable = () ->
        {
            throw new java.util.ServiceConfigurationError("com.example.Missing: Provider not found");
        };

        assertEquals(MongooseMain.EXIT_USAGE, runHere(List.of(throwing), "--config=" + file));
        assertEquals(MongooseMain.EXIT_USAGE, runHere(unloadable, "--config=" + file));

        assertEquals("error: processor type providers: " + throwing.getClass().getName() + ": " +
            "java.lang.IllegalStateException: no licence\n" +
            "error: processor type providers: com.example.Missing: Provider not found\n", err());
    }

    @Test
    void providersAddTypesInTheirOrder()
    {
        final ProcessorTypeProvider more = types -> types.add("extra", () -> NOOP);

        assertEquals(List.of("lifecycle-printer", "failing-start", "extra"),
            MongooseMain.types(List.of(new MainTestProcessorTypes(), more)).names());
    }

    @Test
    void theClassPathsProvidersAreFound(@TempDir final Path dir) throws IOException
    {
        final Path file = Files.writeString(dir.resolve("main.yaml"), ONE_PROCESSOR);

        // The public entry uses ServiceLoader; this module's test resources declare MainTestProcessorTypes.
        assertEquals(MongooseMain.EXIT_OK, MongooseMain.run(new String[] {"--check", "--config=" + file},
            new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)),
            this::err);
    }

    @Test
    void theBuiltInConnectorsAreRegisteredForMongooseMain()
    {
        final ProcessorTypes main = MongooseMain.types(java.util.ServiceLoader.load(ProcessorTypeProvider.class));

        assertTrue(main.names().containsAll(List.of("file-sink", "memory-sink")), main::toString);
        assertTrue(main.serviceNames().containsAll(List.of("file-source", "memory-source")), main::toString);
    }

    // ------------------------------------------------------------------------------------- admin console

    private int serveHere(final String stdin, final String... args)
    {
        return MongooseMain.run(args, new java.io.ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
            new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
            List.of(new MainTestProcessorTypes()));
    }

    @Test
    void withAdminTheConsoleAnswersOnStdoutAndStopStopsTheServer(@TempDir final Path dir) throws IOException
    {
        final Path file = Files.writeString(dir.resolve("admin.yaml"), ONE_PROCESSOR);

        assertEquals(MongooseMain.EXIT_OK, serveHere("topology\n\npause-feed ticks\nbogus\nresume-feed ticks\nstop\n" +
            "counters\n", "--admin", "--config=" + file), this::err);

        assertEquals(String.join("\n",
            "server 'main-test' running from " + file + "; 1 feed, 1 agent group, 1 processor; stop it with SIGTERM " +
                "or Ctrl-C",
            "admin console on stdin: 'help' lists the commands; 'stop', 'quit' or the end of input stops the server",
            "server 'main-test' RUNNING",
            "agents (1):",
            "  main-test-agent: thread=dedicated idle=sleep drainLimit=256 pinning=none " +
                "(not pinned: none requested)",
            "    processors: p",
            "feeds (1):",
            "  ticks: broadcast capacity=4096 policy=backoff publishTimeout=10000ms",
            "    subscribers: main-test-agent (p)",
            "feed 'ticks' paused: agents main-test-agent no longer drain it; its messages wait and its producer meets " +
                "its policy backoff once a queue is full",
            "error: unknown command 'bogus'; expected one of help, commands, topology, pools, counters, feed-stats, " +
                "agent-stats, processor-stats, pause-feed, resume-feed, health, latency, latency-dump, stop",
            "feed 'ticks' resumed",
            "server 'main-test' stopped: ShutdownReport[clean]",
            "server 'main-test' stopped",
            ""), out(), "the session ends with the server: counters after stop is not read");
        assertEquals("", err());
    }

    @Test
    void withAdminTheEndOfStdinOrQuitStopsTheServer(@TempDir final Path dir) throws IOException
    {
        final Path file = Files.writeString(dir.resolve("admin.yaml"), ONE_PROCESSOR);

        assertEquals(MongooseMain.EXIT_OK, serveHere("feed-stats ticks\n", "--admin", "--config=" + file),
            this::err);
        assertEquals(MongooseMain.EXIT_OK, serveHere("quit\nfeed-stats ticks\n", "--admin", "--config=" + file),
            this::err);

        final List<String> lines = out().lines().filter(l -> !l.startsWith("server 'main-test' running") &&
            !l.startsWith("admin console on stdin")).toList();
        assertEquals(List.of(
            "ticks: published=0 dropped=0 rejected=0 timeouts=0 queueDepth=0 undeliveredAtStop=0 paused=false",
            "admin console closed (end of input): stopping server 'main-test'",
            "server 'main-test' stopped: ShutdownReport[clean]",
            "admin console closed (quit): stopping server 'main-test'",
            "server 'main-test' stopped: ShutdownReport[clean]"), lines);
    }

    // ---------------------------------------------------------------------------------------------- child JVMs

    /** A child JVM running MongooseMain, its output going to files (read while it runs, and after). */
    private static final class Child
    {
        final Process process;
        private final Path out;
        private final Path err;

        Child(final Path config, final String... extraArgs) throws IOException
        {
            final List<String> command = new ArrayList<>();
            command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
            command.add("--add-opens");
            command.add("java.base/jdk.internal.misc=ALL-UNNAMED");
            command.add("-cp");
            command.add(System.getProperty("java.class.path"));
            command.add(MongooseMain.class.getName());
            command.add("--config=" + config);
            command.addAll(List.of(extraArgs));
            out = config.resolveSibling(config.getFileName() + ".out");
            err = config.resolveSibling(config.getFileName() + ".err");
            process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        }

        List<String> out()
        {
            return lines(out);
        }

        List<String> err()
        {
            return lines(err);
        }

        private static List<String> lines(final Path file)
        {
            try
            {
                return Files.readAllLines(file, StandardCharsets.UTF_8);
            }
            catch (final IOException ex)
            {
                throw new UncheckedIOException(ex);
            }
        }

        void awaitLine(final String line) throws InterruptedException
        {
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CHILD_SECONDS);
            while (!out().contains(line))
            {
                assertTrue(process.isAlive() || out().contains(line),
                    () -> "child exited without printing '" + line + "': " + this);
                assertTrue(System.nanoTime() < deadline, () -> "no line '" + line + "' within " + CHILD_SECONDS +
                    " s: " + this);
                Thread.sleep(20);
            }
        }

        int awaitExit() throws InterruptedException
        {
            if (!process.waitFor(CHILD_SECONDS, TimeUnit.SECONDS))
            {
                process.destroyForcibly();
                throw new AssertionError("child still running after " + CHILD_SECONDS + " s: " + this);
            }
            return process.exitValue();
        }

        @Override
        public String toString()
        {
            return "\nstdout:\n  " + String.join("\n  ", out()) + "\nstderr:\n  " + String.join("\n  ", err());
        }
    }

    @Test
    void servesUntilSigtermThenStopsGracefullyAndPrintsTheReport(@TempDir final Path dir) throws Exception
    {
        final Path file = Files.writeString(dir.resolve("serve.yaml"), """
            server: { name: main-serve, shutdownTimeout: 5s }
            feeds: [{ name: ticks, kind: broadcast }]
            agents:
              - { name: main-dedicated, idleStrategy: sleep, processors: [{ name: d, type: lifecycle-printer }] }
              - { name: main-invoker, threadMode: invoker, processors: [{ name: i, type: lifecycle-printer }] }
            """);
        final Child child = new Child(file);

        child.awaitLine("server 'main-serve' running from " + file + "; 1 feed, 2 agent groups, 2 processors; stop " +
            "it with SIGTERM or Ctrl-C");
        child.process.destroy(); // SIGTERM
        final int exit = child.awaitExit();

        assertEquals(143, exit, "128 + SIGTERM: the JVM exits through its shutdown hooks" + child);
        assertEquals(List.of(
            "lifecycle d onInit on main-dedicated",
            "lifecycle d onStart on main-dedicated",
            "lifecycle d onStop on main-dedicated",
            "lifecycle d onTearDown on main-dedicated"),
            child.out().stream().filter(l -> l.startsWith("lifecycle d ")).toList(), child::toString);
        assertEquals(List.of(
            "lifecycle i onInit on main",
            "lifecycle i onStart on main",
            "lifecycle i onStop on main",
            "lifecycle i onTearDown on main"),
            child.out().stream().filter(l -> l.startsWith("lifecycle i ")).toList(),
            "the main thread drives the invoker group" + child);
        assertTrue(child.out().contains("server 'main-serve' stopped: ShutdownReport[clean]"), child::toString);
    }

    @Test
    void theAdminConsoleReadsTheChildsStdinAndStopDrivesInvokerGroupsToo(@TempDir final Path dir) throws Exception
    {
        final Path file = Files.writeString(dir.resolve("admin.yaml"), """
            server: { name: main-admin, shutdownTimeout: 5s }
            feeds: [{ name: ticks, kind: broadcast }]
            agents:
              - { name: main-dedicated, idleStrategy: sleep, processors: [{ name: d, type: lifecycle-printer }] }
              - { name: main-invoker, threadMode: invoker, processors: [{ name: i, type: lifecycle-printer }] }
            """);
        final Child child = new Child(file, "--admin");
        try (java.io.Writer stdin = new java.io.OutputStreamWriter(child.process.getOutputStream(),
            StandardCharsets.UTF_8))
        {
            stdin.write("agent-stats main-invoker\nstop\n");
        }

        assertEquals(MongooseMain.EXIT_OK, child.awaitExit(), child::toString);
        assertTrue(child.out().contains("main-invoker: dispatched=0 errors=0"), child::toString);
        assertTrue(child.out().contains("lifecycle i onTearDown on main"), "the main thread stopped its invoker group" +
            child);
        assertTrue(child.out().contains("server 'main-admin' stopped"), child::toString);
    }

    @Test
    void aStartFailureExitsWithOne(@TempDir final Path dir) throws Exception
    {
        final Path file = Files.writeString(dir.resolve("fail.yaml"),
            ONE_PROCESSOR.replace("lifecycle-printer", "failing-start"));
        final Child child = new Child(file);

        assertEquals(MongooseMain.EXIT_FAILED, child.awaitExit(), child::toString);
        assertTrue(child.err().stream().anyMatch(l -> l.startsWith("error: server 'main-test' failed to start: ") &&
            l.contains("no market data today")), child::toString);
        assertTrue(child.out().stream().noneMatch(l -> l.contains("running from")), child::toString);
    }
}
