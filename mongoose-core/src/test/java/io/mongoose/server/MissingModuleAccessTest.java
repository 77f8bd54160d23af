package io.mongoose.server;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A JVM started without {@code --add-opens java.base/jdk.internal.misc=ALL-UNNAMED}: {@code build()} refuses with a
 * message that names the flag and where it goes, instead of an {@link IllegalAccessError} from inside Agrona. The
 * server is built in a child JVM ({@link MissingModuleAccessChild}) with this JVM's classpath and no JVM flags.
 */
class MissingModuleAccessTest
{
    private static final long CHILD_SECONDS = 120;

    @Test
    void buildWithoutTheFlagNamesTheFlagAndWhereItGoes(@TempDir final Path dir) throws Exception
    {
        final Path stdout = dir.resolve("child.out");
        final Path stderr = dir.resolve("child.err");
        final List<String> command = List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xmx128m",
            "-cp", System.getProperty("java.class.path"),
            MissingModuleAccessChild.class.getName());
        final Process child = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(stderr.toFile())
            .start();
        try
        {
            assertTrue(child.waitFor(CHILD_SECONDS, TimeUnit.SECONDS), "child still running after " + CHILD_SECONDS +
                " s");
            final String out = Files.readString(stdout).strip();
            final String err = Files.readString(stderr);
            assertEquals(0, child.exitValue(), () -> "child failed\nstdout:\n" + out + "\nstderr:\n" + err);
            assertTrue(out.startsWith(MissingModuleAccessChild.REFUSED), out);
            assertTrue(out.contains("Agrona (on the class path) needs java.base's package jdk.internal.misc"), out);
            assertTrue(out.contains("Start the JVM with --add-opens java.base/jdk.internal.misc=ALL-UNNAMED"), out);
            assertTrue(out.contains("<argLine>") && out.contains(".mvn/jvm.config") && out.contains("jvmArgs"), out);
            assertFalse(err.contains("IllegalAccessError"), err);
        }
        finally
        {
            child.destroyForcibly();
        }
    }

    @Test
    void withTheFlagThisJvmPassesTheCheck()
    {
        assertDoesNotThrow(io.mongoose.internal.AgronaAccess::require);
    }
}
