package io.mongoose.examples;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Keeps the README honest: its commands are the ones CI and the example script run, and its embedding example is the
 * quick-start source that {@link QuickStartExampleTest} compiles and runs.
 */
class ReadmeTest
{
    private static final Path MODULE_DIR = Paths.get(System.getProperty("basedir", System.getProperty("user.dir")));
    private static final Path REPO_ROOT = MODULE_DIR.toAbsolutePath().getParent();

    @Test
    void startsWithTitleDescriptionAndExactlyTheTwoCommands() throws IOException
    {
        final List<String> lines = readLines(REPO_ROOT.resolve("README.md"));

        assertTrue(lines.get(0).startsWith("# "), lines.get(0));
        assertEquals("", lines.get(1));
        assertTrue(!lines.get(2).isBlank() && !lines.get(2).startsWith("```"), "one-line description: " + lines.get(2));
        assertEquals("", lines.get(3));
        assertTrue(lines.get(4).startsWith("```"), lines.get(4));
        assertEquals("scripts/sweep.sh", lines.get(5));
        assertEquals("mvn -B verify", lines.get(6));
        assertEquals("```", lines.get(7));
    }

    @Test
    void ciRunsTheReadmeTestCommand() throws IOException
    {
        final String testCommand = readLines(REPO_ROOT.resolve("README.md")).get(6);
        final List<String> ci = readLines(REPO_ROOT.resolve(".ci/run"));

        assertTrue(ci.contains(testCommand), ".ci/run must run '" + testCommand + "': " + ci);
        assertTrue(ci.contains("set -euo pipefail"), ci.toString());
        assertTrue(Files.isExecutable(REPO_ROOT.resolve(".ci/run")), ".ci/run must be executable");
        assertTrue(Files.isExecutable(REPO_ROOT.resolve("scripts/example.sh")), "scripts/example.sh must be executable");
        assertTrue(Files.isExecutable(REPO_ROOT.resolve("scripts/sweep.sh")), "scripts/sweep.sh must be executable");
    }

    @Test
    void embeddingExampleIsTheQuickStartSource() throws IOException
    {
        final String readme = new String(Files.readAllBytes(REPO_ROOT.resolve("README.md")), StandardCharsets.UTF_8);
        final int start = readme.indexOf("```java\n");
        assertTrue(start >= 0, "README has no ```java block");
        final int end = readme.indexOf("\n```\n", start);
        final String block = readme.substring(start + "```java\n".length(), end + 1);

        final String source = new String(Files.readAllBytes(
            MODULE_DIR.resolve("src/main/java/io/mongoose/examples/QuickStartExample.java")), StandardCharsets.UTF_8);
        // The README leaves out only the package declaration, so the code pastes into any file.
        final String withoutPackage = source.substring(source.indexOf("import "));

        assertEquals(withoutPackage, block);
    }

    private static List<String> readLines(final Path file) throws IOException
    {
        return Files.readAllLines(file, StandardCharsets.UTF_8);
    }
}
