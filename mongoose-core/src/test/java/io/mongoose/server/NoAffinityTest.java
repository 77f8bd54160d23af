package io.mongoose.server;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * OpenHFT Affinity is an optional dependency of core: without it on the classpath, a server whose agent group asks to
 * be pinned starts, runs, says in its agent stats why it is not pinned, and stops clean. The server runs in a child
 * JVM ({@link NoAffinityChild}) with this JVM's classpath minus Affinity and what only Affinity brings (JNA, SLF4J).
 */
class NoAffinityTest
{
    private static final int MESSAGES = 10_000;
    private static final long CHILD_SECONDS = 120;
    private static final String NOT_PINNED =
        "not pinned: pinning requested but net.openhft.affinity is not on the classpath";

    @Test
    void aServerThatAsksForPinningRunsWithoutAffinityAndSaysWhyItIsNotPinned(@TempDir final Path dir) throws Exception
    {
        final List<String> removed = new ArrayList<>();
        final String classpath = withoutAffinity(System.getProperty("java.class.path"), removed);
        assertTrue(removed.stream().anyMatch(e -> e.contains("affinity")),
            () -> "expected Affinity on this JVM's classpath, to leave it out of the child's: " + removed);

        final Path stdout = dir.resolve("child.out");
        final Path stderr = dir.resolve("child.err");
        final List<String> command = List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED",
            "-Xmx256m",
            "-Dmongoose.checks=true",
            "-cp", classpath,
            NoAffinityChild.class.getName(), String.valueOf(MESSAGES));
        final Process child = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile())
            .start();
        try
        {
            assertTrue(child.waitFor(CHILD_SECONDS, TimeUnit.SECONDS), "child still running after " + CHILD_SECONDS +
                " s");
            final String out = Files.readString(stdout);
            final String err = Files.readString(stderr);
            assertEquals(0, child.exitValue(), () -> "child failed\nstdout:\n" + out + "\nstderr:\n" + err);
            assertEquals("false", line(out, NoAffinityChild.AFFINITY), "the child must not find Affinity");
            assertEquals(String.valueOf(MESSAGES), line(out, NoAffinityChild.HANDLED), out);
            assertEquals("null", line(out, NoAffinityChild.PROBLEM), out);
            assertEquals(NOT_PINNED, line(out, NoAffinityChild.PINNING), out);
            assertTrue(line(out, NoAffinityChild.REPORT).startsWith("true "), out);
            assertTrue(err.contains("agent 'pinned' " + NOT_PINNED), () -> "no log line:\n" + err);
            assertFalse(err.contains("Exception") || err.contains("Error"), () -> "the child logged a failure:\n" + err);
        }
        finally
        {
            child.destroyForcibly();
        }
    }

    private static String withoutAffinity(final String classpath, final List<String> removed)
    {
        final List<String> kept = new ArrayList<>();
        for (final String entry : classpath.split(File.pathSeparator))
        {
            final String unified = entry.replace(File.separatorChar, '/');
            if (unified.contains("/net/openhft/") || unified.contains("/net/java/dev/jna/") ||
                unified.contains("/org/slf4j/"))
            {
                removed.add(entry);
            }
            else
            {
                kept.add(entry);
            }
        }
        return String.join(File.pathSeparator, kept);
    }

    private static String line(final String out, final String prefix)
    {
        for (final String line : out.split("\n"))
        {
            if (line.startsWith(prefix))
            {
                return line.substring(prefix.length()).trim();
            }
        }
        throw new AssertionError("no '" + prefix + "' line in the child's output:\n" + out);
    }
}
