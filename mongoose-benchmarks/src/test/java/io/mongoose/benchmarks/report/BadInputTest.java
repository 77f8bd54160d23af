package io.mongoose.benchmarks.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every way the caller can get the flags or the input wrong ends in exit code 2 and a message naming the flag or file
 * and what was expected, before anything is written.
 */
class BadInputTest
{
    @TempDir
    Path dir;

    @Test
    void unknownFlag() throws IOException
    {
        assertBadInput("Unknown option: '--bogus=1'", "--input=" + runs(), "--output=" + dir,
            "--bogus=1");
    }

    @Test
    void argumentThatIsNotAFlag() throws IOException
    {
        assertBadInput("Unmatched argument at index 2: 'summary'", "--input=" + runs(), "--output=" + dir,
            "summary");
    }

    @Test
    void flagGivenTwice() throws IOException
    {
        assertBadInput("option '--title' (TEXT) should be specified only once", "--input=" + runs(),
            "--output=" + dir, "--title=a", "--title=b");
    }

    @Test
    void emptyValue() throws IOException
    {
        assertBadInput("--title: empty; expected a value after '='", "--input=" + runs(), "--output=" + dir,
            "--title=");
    }

    @Test
    void unknownFlagWithARequiredOneMissingNamesBoth()
    {
        assertBadInput("report: Unknown option: '--inptu=runs'\nPossible solutions: --input\nreport: Missing required " +
            "option: '--input=DIR'\n", "--inptu=runs", "--output=" + dir);
    }

    @Test
    void missingInputFlag()
    {
        assertBadInput("Missing required option: '--input=DIR'", "--output=" + dir);
    }

    @Test
    void inputThatIsNotADirectory()
    {
        final Path missing = dir.resolve("nowhere");
        assertBadInput("--input: '" + missing + "' is not a directory", "--input=" + missing, "--output=" + dir);
    }

    @Test
    void missingOutputFlag() throws IOException
    {
        assertBadInput("Missing required option: '--output=DIR'", "--input=" + runs());
    }

    @Test
    void outputThatIsAFile() throws IOException
    {
        final Path file = Files.writeString(dir.resolve("file.txt"), "x");
        assertBadInput("--output: '" + file + "' is a file; expected a directory", "--input=" + runs(),
            "--output=" + file);
    }

    @Test
    void exampleOutputThatDoesNotExist() throws IOException
    {
        final Path missing = dir.resolve("example.txt");
        assertBadInput("--exampleOutput: '" + missing + "' is not a readable file", "--input=" + runs(),
            "--output=" + dir.resolve("out"), "--exampleOutput=" + missing);
    }

    @Test
    void noRuns() throws IOException
    {
        final Path empty = Files.createDirectories(dir.resolve("empty/nested"));
        assertBadInput("--input: no run found under", "--input=" + empty.getParent(), "--output=" + dir.resolve("o"));
    }

    @Test
    void malformedRunFile() throws IOException
    {
        final Path input = runs();
        final Path broken = Files.writeString(input.resolve("broken.run.properties"), "transport=mongoose\n");
        assertBadInput("run file '" + broken + "' cannot be read", "--input=" + input, "--output=" + dir.resolve("o"));
    }

    @Test
    void helpPrintsUsageAndSucceeds()
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final int code = ReportMain.run(new String[] {"--help"}, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        assertEquals(ReportMain.EXIT_OK, code);
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("--exampleOutput=FILE"));
    }

    private Path runs() throws IOException
    {
        final Path input = dir.resolve("runs");
        RunFixtures.write(input, "one", RunFixtures.latency("mongoose", 1_000, 1_000, RunFixtures.oneToThousand(), 0),
            Instant.parse("2025-01-01T00:00:00Z"));
        return input;
    }

    private static void assertBadInput(final String expected, final String... args)
    {
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = ReportMain.run(args, new PrintStream(new ByteArrayOutputStream(), true,
            StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        final String message = err.toString(StandardCharsets.UTF_8);
        assertEquals(ReportMain.EXIT_BAD_INPUT, code, message);
        assertTrue(message.startsWith("report: "), message);
        assertTrue(message.contains(expected), message);
        assertTrue(message.contains("Usage: report"), message);
    }
}
