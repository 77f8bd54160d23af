package io.mongoose.benchmarks.jmh;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * JmhSmoke's pieces that need no JMH run, and the wiring that makes CI run it.
 */
class JmhSmokeTest
{
    private static final Path MODULE_DIR = Paths.get(System.getProperty("basedir", System.getProperty("user.dir")));
    private static final Path REPO_ROOT = MODULE_DIR.toAbsolutePath().getParent();

    @Test
    void recognisesTheAgronaOpensInBothSpellings()
    {
        assertTrue(JmhSmoke.hasAgronaOpens(List.of("-Xmx1g", "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED")));
        assertTrue(JmhSmoke.hasAgronaOpens(List.of("--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED")));
        assertFalse(JmhSmoke.hasAgronaOpens(List.of("--add-opens=java.base/java.lang=ALL-UNNAMED")));
        assertFalse(JmhSmoke.hasAgronaOpens(List.of("--add-opens")));
        assertFalse(JmhSmoke.hasAgronaOpens(List.of()));
    }

    @Test
    void tableMarksGatedRowsAndLeavesBaselinesUnjudged()
    {
        final List<JmhSmoke.Row> rows = List.of(
            new JmhSmoke.Row(measurement("PoolBenchmark.acquireRelease", true, 0.0003), 11.0, "ns/op"),
            new JmhSmoke.Row(measurement("HopBenchmark.mongooseHop", true, 24.0), 1.5e6, "ops/s"),
            new JmhSmoke.Row(measurement("PoolBenchmark.allocate", false, 40.0), 3.3, "ns/op"));

        final List<String> lines = List.of(JmhSmoke.table(rows, AllocationGate.standard()).split("\\R"));

        assertEquals(4, lines.size(), lines.toString());
        assertTrue(lines.get(0).startsWith("Benchmark"), lines.get(0));
        final String ops = " +1000000 +";
        assertTrue(lines.get(1).matches("PoolBenchmark\\.acquireRelease +11\\.0 +ns/op +0\\.000" + ops + "ok"),
            lines.get(1));
        assertTrue(lines.get(2).matches("HopBenchmark\\.mongooseHop +1500000 +ops/s +24\\.0" + ops + "FAIL"),
            lines.get(2));
        assertTrue(lines.get(3).matches("PoolBenchmark\\.allocate +3\\.3 +ns/op +40\\.0" + ops + "-"), lines.get(3));
    }

    @Test
    void tableShowsAnUnmeasuredBenchmarkAsNotAvailable()
    {
        final List<JmhSmoke.Row> rows = List.of(new JmhSmoke.Row(new AllocationGate.Measurement(
            "PathCostBenchmark.mongooseInvokerPath", true, List.of(new AllocationGate.Iteration(Double.NaN, 10))), 500,
            "ns/op"));

        final String row = JmhSmoke.table(rows, AllocationGate.standard()).split("\\R")[1];

        assertTrue(row.matches("PathCostBenchmark\\.mongooseInvokerPath +500 +ns/op +n/a +n/a +FAIL"), row);
    }

    @Test
    void helpAndBadFlagsEndBeforeAnyBenchmarkRuns()
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(0, JmhSmoke.run(new String[] {"--help"}, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8)));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("[REGEX...]"), out::toString);

        out.reset();
        assertEquals(2, JmhSmoke.run(new String[] {"--forks=3"}, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8)));
        final String text = err.toString(StandardCharsets.UTF_8);
        assertTrue(text.startsWith("JmhSmoke: Unknown option: '--forks=3'"), text);
        assertTrue(text.contains("Usage: JmhSmoke"), text);
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void ciRunsTheSmokeAfterTheBuildAndTests() throws IOException
    {
        final List<String> ci = Files.readAllLines(REPO_ROOT.resolve(".ci/run"), StandardCharsets.UTF_8);
        final int verify = ci.indexOf("mvn -B verify");
        final int smoke = ci.indexOf("scripts/jmh.sh --smoke");

        assertTrue(verify >= 0, ".ci/run must run 'mvn -B verify': " + ci);
        assertTrue(smoke > verify, ".ci/run must run 'scripts/jmh.sh --smoke' after 'mvn -B verify': " + ci);
        assertTrue(Files.isExecutable(REPO_ROOT.resolve("scripts/jmh.sh")), "scripts/jmh.sh must be executable");
    }

    private static AllocationGate.Measurement measurement(
        final String name, final boolean gated, final double bytesPerOp)
    {
        final AllocationGate.Iteration iteration = new AllocationGate.Iteration(bytesPerOp, 1_000_000);
        return new AllocationGate.Measurement(name, gated, List.of(iteration));
    }
}
