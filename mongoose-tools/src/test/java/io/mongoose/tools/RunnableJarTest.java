package io.mongoose.tools;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shaded jar runs on its own: {@code java -jar mongoose-tools-VERSION-all.jar --config=FILE}, with no JVM flags
 * and nothing else on the class path, serves a YAML pipeline of the built-in connectors (a file source, a file sink)
 * until SIGTERM, then stops clean. Runs after {@code package} (its own Surefire execution), which passes the jar's path
 * in {@code mongoose.tools.jar}.
 */
class RunnableJarTest
{
    private static final long CHILD_SECONDS = 120;
    private static final List<String> LINES = List.of("alpha", "beta", "gamma", "delta");

    @Test
    void theJarServesAYamlFileUntilSigtermAndStopsClean(@TempDir final Path dir) throws IOException,
        InterruptedException
    {
        final Path jar = Path.of(System.getProperty("mongoose.tools.jar", "target/mongoose-tools-all.jar"));
        assertTrue(Files.isRegularFile(jar), () -> "no runnable jar at " + jar + "; run after package");
        final Path input = Files.write(dir.resolve("in.txt"), LINES, StandardCharsets.UTF_8);
        final Path output = dir.resolve("out.txt");
        final Path config = Files.writeString(dir.resolve("copy.yaml"), String.join("\n",
            "server: { name: jar-copy, shutdownTimeout: 5s }",
            "feeds: [{ name: lines, kind: named }]",
            "services:",
            "  - { name: reader, type: file-source, publishes: [lines], properties: { path: '" + input + "' } }",
            "agents:",
            "  - name: write",
            "    idleStrategy: backoff",
            "    processors:",
            "      - { name: out, type: file-sink, subscriptions: [lines],",
            "          properties: { path: '" + output + "', flushEveryLines: 1 } }",
            ""));
        final Path out = dir.resolve("jar.out");
        final Path err = dir.resolve("jar.err");
        final List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-jar");
        command.add(jar.toString());
        command.add("--config=" + config);
        final Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile())
            .start();
        try
        {
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CHILD_SECONDS);
            while (!Files.exists(output) || Files.readAllLines(output).size() < LINES.size())
            {
                assertTrue(process.isAlive(), () -> "the server exited: " + read(out) + read(err));
                assertTrue(System.nanoTime() < deadline, () -> "no copied file within " + CHILD_SECONDS + " s: " +
                    read(out) + read(err));
                Thread.sleep(20);
            }
            process.destroy(); // SIGTERM
            assertTrue(process.waitFor(CHILD_SECONDS, TimeUnit.SECONDS), () -> "still running: " + read(out));
        }
        finally
        {
            process.destroyForcibly();
        }

        assertEquals(143, process.exitValue(), () -> "128 + SIGTERM" + read(out) + read(err));
        assertEquals(LINES, Files.readAllLines(output, StandardCharsets.UTF_8));
        final List<String> printed = Files.readAllLines(out, StandardCharsets.UTF_8);
        assertEquals("server 'jar-copy' running from " + config + "; 1 feed, 1 agent group, 1 processor, 1 service; " +
            "stop it with SIGTERM or Ctrl-C", printed.get(0), () -> read(out) + read(err));
        assertEquals("server 'jar-copy' stopped: ShutdownReport[clean]", printed.get(printed.size() - 1),
            () -> read(out) + read(err));
        final String log = read(err);
        assertTrue(!log.contains("WARNING: A restricted method") && !log.contains("InaccessibleObjectException") &&
            !log.contains("SEVERE"), () -> "the jar needs no JVM flags:" + log);
    }

    private static String read(final Path file)
    {
        try
        {
            return "\n" + Files.readString(file, StandardCharsets.UTF_8);
        }
        catch (final IOException ex)
        {
            return "\n(unreadable: " + ex + ")";
        }
    }
}
