package io.mongoose.benchmarks.soak;

import io.mongoose.benchmarks.Cli;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.ParameterException;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The soak's flags and its run logic, in-process and without Epsilon: this checks that a good run passes and reports
 * what it did, not that the path allocates nothing (scripts/soak.sh proves that under Epsilon).
 */
class EpsilonSoakTest
{
    private static final Path REPO_ROOT =
        Path.of(System.getProperty("basedir", System.getProperty("user.dir"))).toAbsolutePath().getParent();

    @Test
    void defaultsAreAHundredMillionMessagesWithBackoff()
    {
        final SoakOptions options = parse();
        assertEquals(100_000_000L, options.messages());
        assertEquals("backoff", options.idle());
        assertEquals(new SoakOptions(250_000, "yield"), parse("--messages=250k", "--idle=yield"));
        assertEquals(3_000_000_000L, parse("--messages=3G").messages());
        assertEquals(7, parse("--messages=7").messages());
    }

    @Test
    void eachBadFlagIsRefusedNamingTheFlag()
    {
        assertEquals("Invalid value for option '--messages': 'lots'; expected a whole number of messages, at least 1 " +
            "(e.g. 100000, 100k, 100M)", assertThrows(ParameterException.class, () -> parse("--messages=lots"))
            .getMessage());
        assertEquals("--idle: unknown 'spinn'; expected one of busy-spin, yield, backoff, sleep",
            assertThrows(ParameterException.class, () -> parse("--idle=spinn")).getMessage());
        assertEquals("Unknown option: '--rate=1M'",
            assertThrows(ParameterException.class, () -> parse("--rate=1M")).getMessage());
        assertEquals("Unmatched argument at index 0: 'plain'",
            assertThrows(ParameterException.class, () -> parse("plain")).getMessage());
        for (final String bad : List.of("0", "-5", "", "M", "1.5M", "99999999999G"))
        {
            assertThrows(ParameterException.class, () -> parse("--messages=" + bad), bad);
        }
    }

    @Test
    void badFlagsExitWithTwoAndTheUsageBeforeAnythingRuns()
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = EpsilonSoak.run(new String[] {"--idle=spinn"}, new PrintStream(out, true,
            StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(2, code);
        assertEquals("", out.toString(StandardCharsets.UTF_8));
        final String text = err.toString(StandardCharsets.UTF_8);
        assertTrue(text.startsWith("EpsilonSoak: --idle: unknown 'spinn'"), text);
        assertTrue(text.contains("Usage: EpsilonSoak"), text);

        final ByteArrayOutputStream help = new ByteArrayOutputStream();
        assertEquals(0, EpsilonSoak.run(new String[] {"--help"}, new PrintStream(help, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8)));
        assertTrue(help.toString(StandardCharsets.UTF_8).contains("--messages=N"), help::toString);
        assertTrue(help.toString(StandardCharsets.UTF_8).contains("busy-spin, yield, backoff, sleep (default " +
            "backoff)"), help::toString);
    }

    @Test
    void aSmallRunDeliversEveryMessageInOrderAndStopsClean()
    {
        final EpsilonSoak.Result result = EpsilonSoak.run(parse("--messages=100001"));
        assertTrue(result.ok(), result::toString);
        assertEquals(100_001, result.messages());
        assertEquals(List.of(), result.problems());
        assertTrue(result.report().clean(), result.report()::toString);
        assertTrue(result.elapsedNanos() > 0);
        assertTrue(result.messagesPerSecond() > 0);
        assertTrue(result.heapUsedBefore() > 0 && result.heapUsedAfter() > 0, result::toString);
    }

    @Test
    void ciRunsTheSoakScriptUnderEpsilonWithASmallHeap() throws IOException
    {
        final List<String> ci = Files.readAllLines(REPO_ROOT.resolve(".ci/run"), StandardCharsets.UTF_8);
        assertTrue(ci.indexOf("scripts/soak.sh") > ci.indexOf("mvn -B verify"), ".ci/run must run scripts/soak.sh " +
            "after the build: " + ci);
        final Path script = REPO_ROOT.resolve("scripts/soak.sh");
        assertTrue(Files.isExecutable(script), "scripts/soak.sh must be executable");
        final String text = Files.readString(script, StandardCharsets.UTF_8);
        assertTrue(text.contains("-XX:+UseEpsilonGC \"-Xms${heap}\" \"-Xmx${heap}\""), text);
        assertTrue(text.contains("\nheap=32m\n"), "the heap the README documents: " + text);
    }

    private static SoakOptions parse(final String... args)
    {
        final EpsilonSoak command = new EpsilonSoak(System.out);
        Cli.commandLine(command, System.out, System.err).parseArgs(args);
        return command.options();
    }
}
