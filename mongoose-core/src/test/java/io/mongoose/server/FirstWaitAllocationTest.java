package io.mongoose.server;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A publisher's first wait allocates nothing on its thread, nor on the agent's while it catches up: the first full
 * ring, the first full queue and the first empty pool (policy WAIT) of a warmed-up JVM. Those waits are normal
 * operation for a lossless feed behind a slow consumer. Each used to load classes on the publisher's thread when it
 * came (about 7.7 KB in all, measured; 6 KB was seen once in a benchmark window of a publisher that fell behind its
 * rate), and the pool's also inserted a thread-local entry. Each wait runs in a child JVM ({@link FirstWaitChild}),
 * since it is the first one in a JVM that is measured.
 */
class FirstWaitAllocationTest
{
    private static final long CHILD_SECONDS = 120;

    @ParameterizedTest(name = "first wait on a {0}")
    @ValueSource(strings = {"ring", "queue", "pool"})
    void allocatesNothingOnThePublishersOrTheAgentsThread(final String wait, @TempDir final Path dir) throws Exception
    {
        final Path stdout = dir.resolve("child.out");
        final Path stderr = dir.resolve("child.err");
        final List<String> command = List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED",
            "-Xmx256m",
            // C1 alone. A request for a C2 compile resolves every string constant of the compiled method's class on
            // the thread whose call count asked for it (a String and its bytes each, once per class and JVM), and a
            // wait recompiles what it deoptimised: the JVM's own one-off, whatever the code does. What this test is
            // about, the classes and entries the code itself makes on its first wait, shows under C1 as under C2.
            "-XX:TieredStopAtLevel=1",
            "-cp", System.getProperty("java.class.path"),
            FirstWaitChild.class.getName(), wait);
        final Process child = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile())
            .start();
        try
        {
            assertTrue(child.waitFor(CHILD_SECONDS, TimeUnit.SECONDS), "child still running after " + CHILD_SECONDS +
                " s");
            final String out = Files.readString(stdout);
            assertEquals(0, child.exitValue(), () -> "child failed\nstdout:\n" + out + "\nstderr:\n" + read(stderr));
            final long publisher = result(out, FirstWaitChild.RESULT);
            final long agent = result(out, FirstWaitChild.AGENT_RESULT);
            assertEquals(0, publisher, () -> "the publisher's first wait on a " + wait + " allocated " + publisher +
                " bytes on its thread; expected none");
            assertEquals(0, agent, () -> "the agent allocated " + agent + " bytes on its thread while the publisher " +
                "waited on a " + wait + " for the first time and until the agent caught up; expected none");
        }
        finally
        {
            child.destroyForcibly();
        }
    }

    private static long result(final String out, final String prefix)
    {
        for (final String line : out.split("\n"))
        {
            if (line.startsWith(prefix))
            {
                return Long.parseLong(line.substring(prefix.length()).trim());
            }
        }
        throw new AssertionError("no '" + prefix + "' line in the child's output:\n" + out);
    }

    private static String read(final Path file)
    {
        try
        {
            return Files.readString(file);
        }
        catch (final java.io.IOException e)
        {
            return "(unreadable: " + e + ")";
        }
    }
}
