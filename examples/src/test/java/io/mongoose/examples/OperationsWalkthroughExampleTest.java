package io.mongoose.examples;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OperationsWalkthroughExampleTest
{
    private static final Path MODULE_DIR = Paths.get(System.getProperty("basedir", System.getProperty("user.dir")));
    private static final Path OPERATIONS_YAML = MODULE_DIR.resolve("config/operations.yaml");

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(final String... args)
    {
        return OperationsWalkthroughExample.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private static void assertContains(final String printed, final String expected)
    {
        assertTrue(printed.contains(expected), () -> "expected to find:\n" + expected + "\nin:\n" + printed);
    }

    @Test
    void everyStepAnswersFromTheRunningServer(@TempDir final Path dir) throws IOException
    {
        assertEquals(OperationsWalkthroughExample.EXIT_OK,
            run("--config=" + OPERATIONS_YAML, "--out=" + dir), () -> err.toString(StandardCharsets.UTF_8));
        final String printed = out.toString(StandardCharsets.UTF_8);

        assertContains(printed, "## 1. what runs where\nmongoose> topology\nserver 'operations' RUNNING\n");
        assertContains(printed, "    processors: price-sum, session-clock\n");
        // mongoose-stat read the file the server maps: the counts of the first 50,000 quotes.
        assertTrue(Pattern.compile("50,000 - feed quotes: published").matcher(printed).find(), printed);
        assertTrue(Pattern.compile("50,000 - processor price-sum: handled").matcher(printed).find(), printed);
        assertContains(printed, "## 3. is it healthy\nmongoose> health\nstatus UP\n");
        assertContains(printed, "mongoose> feed-stats quotes\nquotes: published=51000 dropped=0 rejected=0 " +
            "timeouts=0 queueDepth=1000 undeliveredAtStop=0 paused=true\n");
        assertContains(printed, "mongoose> resume-feed quotes\nfeed 'quotes' resumed\n");
        assertContains(printed, "(every one of the 51000 quotes handled)");
        assertTrue(Pattern.compile("mongoose> clock\nticks=[1-9][0-9]* quotesSeen=51000 busiestBucket=[1-9][0-9]* " +
            "thread=pricing\n").matcher(printed).find(), printed);
        assertContains(printed, "mongoose> latency price-sum\nprice-sum: count=51000 p50=");
        final Path hgrm = dir.resolve("price-sum.hgrm");
        assertContains(printed, "wrote 51000 samples of 'price-sum' to " + hgrm);
        assertTrue(Files.readString(hgrm).contains("Total count    =        51000]"), Files.readString(hgrm));
        assertContains(printed, "## 7. stop\nmongoose> stop\nserver 'operations' stopped: ShutdownReport[clean]");
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void theDefaultFileIsTheExampleFileFromTheRepositoryRoot()
    {
        assertEquals(OPERATIONS_YAML.toAbsolutePath().normalize(),
            MODULE_DIR.toAbsolutePath().getParent().resolve(OperationsWalkthroughExample.DEFAULT_FILE).normalize());
    }

    @Test
    void badArgumentsAndABadFileStartNothing(@TempDir final Path dir) throws IOException
    {
        assertEquals(OperationsWalkthroughExample.EXIT_USAGE, run("--verbose"));
        assertContains(err.toString(StandardCharsets.UTF_8),
            "error: unknown argument '--verbose'; expected --config=FILE or --out=DIR");

        err.reset();
        final Path bad = Files.writeString(dir.resolve("bad.yaml"),
            Files.readString(OPERATIONS_YAML).replace("periodMillis: 5", "periodMillis: soon"));
        assertEquals(OperationsWalkthroughExample.EXIT_USAGE, run("--config=" + bad));
        assertContains(err.toString(StandardCharsets.UTF_8),
            "agents[0].processors[1].properties.periodMillis: 'soon'; expected an integer");
        assertFalse(out.toString(StandardCharsets.UTF_8).contains("##"));
    }
}
