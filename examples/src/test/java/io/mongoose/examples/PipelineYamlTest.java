package io.mongoose.examples;

import io.mongoose.tools.MongooseMain;
import org.junit.jupiter.api.Test;

import java.io.IOException;
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
 * Serves {@code examples/config/pipeline.yaml} the way {@code scripts/run-server.sh} does (MongooseMain in a JVM of its
 * own, from the repository root, types from the class path's providers), waits for the enriched file, stops the
 * server with SIGTERM and checks the file and the shutdown report.
 */
class PipelineYamlTest
{
    private static final Path MODULE_DIR = Paths.get(System.getProperty("basedir", System.getProperty("user.dir")));
    private static final Path REPO_ROOT = MODULE_DIR.toAbsolutePath().getParent();
    static final Path PIPELINE_YAML = MODULE_DIR.resolve("config/pipeline.yaml");
    private static final Path OUTPUT = REPO_ROOT.resolve("examples/target/enriched-quotes.csv");
    private static final long CHILD_SECONDS = 120;

    private static final List<String> ENRICHED = List.of(
        "ACME,10012,Acme Corp",
        "GLOBX,2250,Globex",
        "INIT,731,Initech",
        "ACME,10015,Acme Corp",
        "HOOLI,4200,?",
        "GLOBX,2248,Globex");

    @Test
    void thePipelineFileServesAndWritesTheEnrichedQuotes() throws IOException, InterruptedException
    {
        Files.deleteIfExists(OUTPUT);
        final Path out = Files.createTempFile("pipeline", ".out");
        final Path err = Files.createTempFile("pipeline", ".err");
        final List<String> command = new ArrayList<>();
        command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        command.add("--add-opens");
        command.add("java.base/jdk.internal.misc=ALL-UNNAMED");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(MongooseMain.class.getName());
        command.add("--config=examples/config/pipeline.yaml");
        final Process process = new ProcessBuilder(command).directory(REPO_ROOT.toFile())
            .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try
        {
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CHILD_SECONDS);
            while (!Files.exists(OUTPUT) || Files.readAllLines(OUTPUT).size() < ENRICHED.size())
            {
                assertTrue(process.isAlive(), () -> "the server exited: " + read(out) + read(err));
                assertTrue(System.nanoTime() < deadline, () -> "no enriched file within " + CHILD_SECONDS + " s: " +
                    read(out) + read(err));
                Thread.sleep(20);
            }
            process.destroy(); // SIGTERM, as Ctrl-C would
            assertTrue(process.waitFor(CHILD_SECONDS, TimeUnit.SECONDS), () -> "still running: " + read(out));
        }
        finally
        {
            process.destroyForcibly();
        }

        assertEquals(143, process.exitValue(), () -> read(out) + read(err));
        assertEquals(ENRICHED, Files.readAllLines(OUTPUT, StandardCharsets.UTF_8));
        final List<String> printed = Files.readAllLines(out, StandardCharsets.UTF_8);
        assertEquals("server 'pipeline' running from examples/config/pipeline.yaml; 2 feeds, 2 agent groups, 2 " +
            "processors, 2 services; stop it with SIGTERM or Ctrl-C", printed.get(0));
        assertEquals("server 'pipeline' stopped: ShutdownReport[clean]", printed.get(printed.size() - 1));
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
