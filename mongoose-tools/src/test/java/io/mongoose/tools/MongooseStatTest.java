package io.mongoose.tools;

import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.server.MongooseServer;
import io.mongoose.testing.Await;
import io.mongoose.testing.CountersTestServer;
import io.mongoose.testing.SeqMessage;
import io.mongoose.testing.SequenceChecker;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link MongooseStat} run in this JVM against servers of this JVM (the child-JVM case is
 * {@link MongooseStatChildJvmTest}): selection, printing, the server going away, and bad arguments.
 */
class MongooseStatTest
{
    private final PoolRegistry registry = new PoolRegistry("stat");
    private final ObjectPool<SeqMessage> pool = registry.register(SeqMessage.class, SeqMessage::new,
        PoolConfig.of(256).waitOnExhaustion(Await.GENEROUS));
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int stat(final String... args)
    {
        return MongooseStat.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String out()
    {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err()
    {
        return err.toString(StandardCharsets.UTF_8);
    }

    private MongooseServer server(final String name, final Path dir, final SequenceChecker checker)
    {
        return server(name, dir, checker, registry);
    }

    private MongooseServer server(
        final String name, final Path dir, final SequenceChecker checker, final PoolRegistry pools)
    {
        return CountersTestServer.builder(name, dir, checker, pools).build();
    }

    /**
     * @return the value printed on the last line labelled {@code label} ({@code "  12:     1,000 - label"}).
     */
    static long printed(final String output, final String label)
    {
        long value = -1;
        for (final String line : output.split("\n"))
        {
            if (line.endsWith(" - " + label))
            {
                final String number = line.substring(line.indexOf(':') + 1, line.lastIndexOf(" - ")).trim();
                value = Long.parseLong(number.replace(",", "").replace("\u00a0", "").replace(".", ""));
            }
        }
        assertTrue(value >= 0, () -> "no line for '" + label + "' in:\n" + output);
        return value;
    }

    @Test
    void printsEveryCounterOfTheOneRunningServer(@TempDir final Path dir)
    {
        final SequenceChecker checker = new SequenceChecker(1);
        final MongooseServer server = server("stat-one", dir, checker);
        server.start();
        try
        {
            SeqMessage.publishSequence(pool, server.publisher("prices"), 1234);
            Await.until("dispatched", () -> server.agentStats("stat-one-agent").dispatched() == 1234);
            assertEquals(MongooseStat.EXIT_OK, stat("--dir=" + dir, "--count=2", "--interval=1"), this::err);
            final String text = out();
            assertEquals(2, text.split("\n--\n", -1).length - 1, text);
            assertTrue(text.contains("server 'stat-one' pid " + ProcessHandle.current().pid()), text);
            assertEquals(1234, printed(text, "feed prices: published"));
            assertEquals(1234, printed(text, "agent stat-one-agent: dispatched"));
            assertEquals(1234, printed(text, "processor stat-one-checker: handled"));
            assertEquals(0, printed(text, "feed prices: dropped"));
            for (final String label : List.of("feed prices: rejected", "feed prices: publish timeouts",
                "feed prices: queue depth", "agent stat-one-agent: duty cycles", "agent stat-one-agent: errors",
                "agent stat-one-agent: idle cycles", "pool SeqMessage: created", "pool SeqMessage: free",
                "pool SeqMessage: in flight", "pool SeqMessage: exhausted", "server stat-one: samples"))
            {
                printed(text, label);
            }
            assertTrue(text.contains(" - server stat-one: state (RUNNING)"), text);
            assertTrue(text.contains(" - server stat-one: heartbeat (epoch ms) (20"), text);
        }
        finally
        {
            server.stop();
        }
    }

    @Test
    void severalServersAreListedAndOneIsChosenByName(@TempDir final Path dir)
    {
        final MongooseServer a = server("stat-a", dir, new SequenceChecker(1));
        // Started together, so each has a registry of its own.
        final MongooseServer b = server("stat-b", dir, new SequenceChecker(1), new PoolRegistry("stat-b"));
        a.start();
        b.start();
        try
        {
            assertEquals(MongooseStat.EXIT_USAGE, stat("--dir=" + dir, "--count=1"));
            assertTrue(err().contains("error: 2 running servers in " + dir + "; choose one with --server=NAME or " +
                "--pid=PID:"), this::err);
            assertTrue(err().contains("  server 'stat-a' pid ") && err().contains("  server 'stat-b' pid "), this::err);
            assertEquals(MongooseStat.EXIT_USAGE, stat("--dir=" + dir, "--pid=" + ProcessHandle.current().pid()));

            assertEquals(MongooseStat.EXIT_OK, stat("--dir=" + dir, "--list"));
            assertEquals(2, out().lines().count(), this::out);

            out.reset();
            assertEquals(MongooseStat.EXIT_OK, stat("--dir=" + dir, "--server=stat-b", "--count=1"), this::err);
            assertTrue(out().contains("server 'stat-b'") && !out().contains("stat-a"), this::out);

            out.reset();
            assertEquals(MongooseStat.EXIT_OK,
                stat("--file=" + a.countersFile().orElseThrow(), "--count=1"), this::err);
            assertTrue(out().contains("server 'stat-a'"), this::out);

            assertEquals(MongooseStat.EXIT_GONE, stat("--dir=" + dir, "--server=stat-c"));
            assertTrue(err().contains("error: no running Mongoose server named 'stat-c' in " + dir), this::err);
        }
        finally
        {
            b.stop();
            a.stop();
        }
    }

    @Test
    void exitsWithAClearMessageWhenTheServerGoesAway(@TempDir final Path dir) throws Exception
    {
        final MongooseServer server = server("stat-gone", dir, new SequenceChecker(1));
        server.start();
        final CompletableFuture<Integer> watching = CompletableFuture.supplyAsync(
            () -> stat("--dir=" + dir, "--interval=10"));
        try
        {
            Await.until("a first print", () -> out().contains("\n--\n"));
        }
        finally
        {
            server.stop();
        }
        assertEquals(MongooseStat.EXIT_GONE, watching.get(Await.GENEROUS.toSeconds(), TimeUnit.SECONDS));
        assertTrue(err().contains("server 'stat-gone' (pid " + ProcessHandle.current().pid() + ")"), this::err);
        assertTrue(err().contains("went away: its counters file") || err().contains("has stopped: state STOPPED"),
            this::err);
    }

    @Test
    void aFileOfADeadProcessIsSkippedAndSaidSo(@TempDir final Path dir) throws Exception
    {
        final Path leftover = CountersTestServer.deadProcessFile(dir, "stat-crashed");
        assertEquals(MongooseStat.EXIT_GONE, stat("--dir=" + dir, "--count=1"));
        assertTrue(err().contains("skipping " + leftover + ": server 'stat-crashed' (pid "), this::err);
        assertTrue(err().contains("is gone"), this::err);
        assertTrue(err().contains("error: no running Mongoose server in " + dir), this::err);
    }

    @Test
    void badArgumentsAreNamedWithWhatIsExpected()
    {
        assertEquals(MongooseStat.EXIT_USAGE, stat("--interval=abc", "--count=0", "--pid=", "--bogus", "--dir=/a",
            "--file=/b", "--count=1"));
        assertEquals(List.of(
                "error: --interval: 'abc' is not a number; expected milliseconds > 0",
                "error: --count: 0 is out of range; expected a number of prints > 0",
                "error: --pid: no value; expected --pid=<a process id>",
                "error: unknown argument '--bogus'; expected one of --dir, --file, --server, --pid, --interval, " +
                    "--count, --list, --help",
                "error: --count: given twice; expected it once",
                "error: --dir and --file: both given; expected one (a file names its directory)"),
            err().lines().filter(l -> l.startsWith("error: ")).toList());
        assertTrue(err().contains(MongooseStat.USAGE), this::err);
        assertEquals("", out());

        assertEquals(MongooseStat.EXIT_OK, stat("--help"));
        assertTrue(out().startsWith("usage: mongoose-stat "), this::out);
    }
}
