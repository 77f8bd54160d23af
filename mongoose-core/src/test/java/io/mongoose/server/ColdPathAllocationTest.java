package io.mongoose.server;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The paths of normal operation that a warm-up on the steady path never takes allocate nothing the first time a
 * running publisher or agent takes them: on the publisher's thread over the episode, on the agent's until it has
 * caught up. The paths: the waits of a lossless feed behind a slow consumer (the first full ring, full queue, empty
 * pool under WAIT); the drops and refusals of a full ring or queue under DROP and FAIL; a handler that keeps messages
 * (on a ring feed and on a queue feed); a handler that throws (on each); a processor's first timer. All but a queue
 * feed's refusal and the throws used to cost their first time:
 * <ul>
 *     <li>classes loaded on the publisher's thread: 7.7 KB in all for a wait, 4,200 bytes for a drop or a ring's
 *     refusal (6 KB was seen once in a benchmark window of a publisher that fell behind its rate);</li>
 *     <li>a thread-local entry for the empty pool;</li>
 *     <li>call sites linked at the first keep: 2,224 bytes on a queue feed's agent, 5,952 on a ring feed's agent and
 *     1,952 on its publisher;</li>
 *     <li>a class loaded on the agent's thread at the first timer: 9,536 bytes.</li>
 * </ul>
 * Each path runs in a child JVM ({@link ColdPathChild}), since it is the first time in a JVM that is measured.
 */
class ColdPathAllocationTest
{
    private static final long CHILD_SECONDS = 120;

    @ParameterizedTest(name = "first {0}")
    @EnumSource(ColdPathChild.ColdPath.class)
    void allocatesNothingOnThePublishersOrTheAgentsThread(final ColdPathChild.ColdPath path, @TempDir final Path dir)
        throws Exception
    {
        final Path stdout = dir.resolve("child.out");
        final Path stderr = dir.resolve("child.err");
        final List<String> command = List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED",
            "-Xmx256m",
            // C1 alone. A request for a C2 compile resolves every string constant of the compiled method's class on
            // the thread whose call count asked for it (a String and its bytes each, once per class and JVM), and a
            // new path recompiles what it deoptimised: the JVM's own one-off, whatever the code does. What this test is
            // about, the classes, entries and links the code itself makes the first time, shows under C1 as under C2.
            "-XX:TieredStopAtLevel=1",
            "-cp", System.getProperty("java.class.path"),
            ColdPathChild.class.getName(), path.name());
        final Process child = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile())
            .start();
        try
        {
            assertTrue(child.waitFor(CHILD_SECONDS, TimeUnit.SECONDS), "child still running after " + CHILD_SECONDS +
                " s");
            final String out = Files.readString(stdout);
            assertEquals(0, child.exitValue(), () -> "child failed\nstdout:\n" + out + "\nstderr:\n" + read(stderr));
            final long publisher = result(out, ColdPathChild.RESULT);
            final long agent = result(out, ColdPathChild.AGENT_RESULT);
            assertEquals(0, publisher, () -> "the publisher allocated " + publisher + " bytes on its thread the first " +
                "time it took path " + path + "; expected none");
            assertEquals(0, agent, () -> "the agent allocated " + agent + " bytes on its thread the first time the " +
                "server took path " + path + ", until it caught up; expected none");
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
