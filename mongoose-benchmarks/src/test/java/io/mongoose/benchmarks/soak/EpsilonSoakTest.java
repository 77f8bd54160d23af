package io.mongoose.benchmarks.soak;

import org.junit.jupiter.api.Test;

import java.io.IOException;
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
        final SoakOptions options = SoakOptions.parse();
        assertEquals(100_000_000L, options.messages());
        assertEquals("backoff", options.idle());
        assertEquals(new SoakOptions(250_000, "yield"), SoakOptions.parse("--messages=250k", "--idle=yield"));
        assertEquals(3_000_000_000L, SoakOptions.parse("--messages=3G").messages());
        assertEquals(7, SoakOptions.parse("--messages=7").messages());
    }

    @Test
    void everyBadFlagIsReportedAtOnceNamingTheFlag()
    {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
            () -> SoakOptions.parse("--messages=lots", "--idle=spinn", "--rate=1M", "plain"));
        assertEquals(String.join("\n",
            "--rate: unknown flag; expected one of --messages, --idle",
            "'plain': expected --name=value",
            "--messages: 'lots'; expected a whole number of messages, at least 1 (e.g. 100000, 100k, 100M)",
            "--idle: unknown 'spinn'; expected one of busy-spin, yield, backoff, sleep"), e.getMessage());
        for (final String bad : List.of("0", "-5", "", "M", "1.5M", "99999999999G"))
        {
            assertThrows(IllegalArgumentException.class, () -> SoakOptions.parse("--messages=" + bad), bad);
        }
    }

    @Test
    void aSmallRunDeliversEveryMessageInOrderAndStopsClean()
    {
        final EpsilonSoak.Result result = EpsilonSoak.run(SoakOptions.parse("--messages=100001"));
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
}
