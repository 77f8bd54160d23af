package io.mongoose.tools;

import io.mongoose.status.CountersFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The point of the counters file: a server in one process, {@code mongoose-stat} in another. The server runs in a child
 * JVM ({@link CountersChildServer}); {@link MongooseStat} runs here and must print exactly what the child published and
 * dispatched. Once the child is killed, its file is recognised as left by a dead process.
 */
class MongooseStatChildJvmTest
{
    private static final int MESSAGES = 5_000;
    private static final long CHILD_SECONDS = 120;

    @Test
    void statInThisJvmReadsTheCountersOfAServerInAChildJvm(@TempDir final Path dir) throws Exception
    {
        final Path stdout = dir.resolve("child.out");
        final Path stderr = dir.resolve("child.err");
        final Path countersDir = dir.resolve("counters");
        final List<String> command = List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED",
            "-cp", System.getProperty("java.class.path"),
            CountersChildServer.class.getName(), countersDir.toString(), String.valueOf(MESSAGES));
        final Process child = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile())
            .start();
        try
        {
            awaitReady(child, stdout, stderr);

            final ByteArrayOutputStream out = new ByteArrayOutputStream();
            final ByteArrayOutputStream err = new ByteArrayOutputStream();
            final int exit = MongooseStat.run(new String[] {"--dir=" + countersDir, "--count=1"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
            final String text = out.toString(StandardCharsets.UTF_8);
            assertEquals(MongooseStat.EXIT_OK, exit, () -> err.toString(StandardCharsets.UTF_8));
            assertTrue(text.contains("server '" + CountersChildServer.NAME + "' pid " + child.pid() + ","), text);
            assertEquals(MESSAGES, MongooseStatTest.printed(text, "feed ticks: published"));
            assertEquals(MESSAGES, MongooseStatTest.printed(text, "agent child-agent: dispatched"));
            assertEquals(MESSAGES, MongooseStatTest.printed(text, "processor child-checker: handled"));
            assertEquals(0, MongooseStatTest.printed(text, "feed ticks: dropped"));
            assertTrue(MongooseStatTest.printed(text, "agent child-agent: duty cycles") > 0, text);
            assertTrue(text.contains(" - server " + CountersChildServer.NAME + ": state (RUNNING)"), text);
        }
        finally
        {
            child.destroyForcibly();
            assertTrue(child.waitFor(CHILD_SECONDS, TimeUnit.SECONDS), "child did not die");
        }

        // Killed without stop(): the file stays, and is known for a dead process's.
        final List<CountersFile.Header> left = CountersFile.list(countersDir);
        assertEquals(1, left.size());
        assertEquals(child.pid(), left.get(0).pid());
        assertFalse(left.get(0).ownerAlive());
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(MongooseStat.EXIT_GONE, MongooseStat.run(new String[] {"--dir=" + countersDir, "--count=1"},
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8)));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("(pid " + child.pid() + ") is gone"),
            () -> err.toString(StandardCharsets.UTF_8));
    }

    private static void awaitReady(final Process child, final Path stdout, final Path stderr)
        throws IOException, InterruptedException
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CHILD_SECONDS);
        while (!Files.readString(stdout).contains("ready " + MESSAGES))
        {
            if (!child.isAlive() || System.nanoTime() > deadline)
            {
                throw new AssertionError("child " + (child.isAlive() ? "not ready within " + CHILD_SECONDS + " s" :
                    "exited with " + child.exitValue()) + "\nstdout:\n" + Files.readString(stdout) + "\nstderr:\n" +
                    Files.readString(stderr));
            }
            Thread.sleep(20);
        }
    }
}
