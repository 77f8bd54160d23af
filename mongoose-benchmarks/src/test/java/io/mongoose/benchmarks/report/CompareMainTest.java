package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.BenchmarkEnvironment;
import io.mongoose.benchmarks.sweep.RunResult;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.mongoose.benchmarks.report.RunFixtures.latency;
import static io.mongoose.benchmarks.report.RunFixtures.oneToThousand;
import static io.mongoose.benchmarks.report.RunFixtures.throughput;
import static io.mongoose.benchmarks.report.RunFixtures.values;
import static io.mongoose.benchmarks.report.RunFixtures.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * CompareMain on two synthetic sweeps written as the sweep writes them: the ratio, absolute and throughput cells
 * before and after, against histograms with known percentiles, and every way the flags or directories can be wrong.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CompareMainTest
{
    private static final Instant BEFORE = Instant.parse("2025-05-01T10:00:00Z");
    private static final Instant AFTER = Instant.parse("2025-06-01T12:00:00Z");

    private Path dir;
    private Path before;
    private Path after;
    private SummaryText comparison;

    @BeforeAll
    void writeSweepsAndCompare(@TempDir final Path tempDir) throws IOException
    {
        dir = tempDir;
        before = dir.resolve("before");
        after = dir.resolve("after");

        // Before: Mongoose 500/900/990 ns against Disruptor's 1,000/1,800/1,980 ns at 1M (ratios 0.50); at 10M
        // Mongoose missed its rate. JCTools ran only before.
        write(before, "latency_1m_mps", latency("mongoose", 1_000_000, 1_000_000, oneToThousand(), 0), BEFORE);
        write(before, "disruptor_latency_1m_mps", latency("disruptor", 1_000_000, 1_000_000, values(2, 1_000, 2), 0),
            BEFORE);
        write(before, "latency_10m_mps", latency("mongoose", 10_000_000, 6_100_000, values(900, 1_000, 1), 0),
            BEFORE);
        write(before, "disruptor_latency_10m_mps",
            latency("disruptor", 10_000_000, 10_000_000, values(300, 1_000, 1), 0), BEFORE);
        write(before, "jctools_latency_1m_mps", latency("jctools", 1_000_000, 1_000_000, oneToThousand(), 0), BEFORE);
        write(before.resolve("throughput"), "mongoose_run1", throughput("mongoose", 9_000_000), BEFORE);
        write(before.resolve("throughput"), "mongoose_run2", throughput("mongoose", 12_000_000), BEFORE);
        write(before.resolve("throughput"), "mongoose_run3", throughput("mongoose", 10_000_000), BEFORE);
        write(before.resolve("throughput"), "disruptor_run1", throughput("disruptor", 4_000_000), BEFORE);
        write(before.resolve("throughput"), "disruptor_run2", throughput("disruptor", 6_000_000), BEFORE);
        write(before.resolve("throughput"), "disruptor_run3", throughput("disruptor", 5_000_000), BEFORE);

        // After: Mongoose 250/450/495 ns, Disruptor the same (ratios 1.00); 10M held; a 10k point only after.
        write(after, "latency_1m_mps", latency("mongoose", 1_000_000, 1_000_000, values(1, 500, 1), 0), AFTER);
        write(after, "disruptor_latency_1m_mps", latency("disruptor", 1_000_000, 1_000_000, values(1, 500, 1), 0),
            AFTER);
        write(after, "latency_10m_mps", latency("mongoose", 10_000_000, 10_000_000, values(150, 1_000, 1), 0), AFTER);
        write(after, "disruptor_latency_10m_mps",
            latency("disruptor", 10_000_000, 10_000_000, values(300, 1_000, 1), 0), AFTER);
        write(after, "latency_10k_mps", latency("mongoose", 10_000, 10_000, values(100, 1_000, 0), 0), AFTER);
        write(after.resolve("throughput"), "mongoose_run1", throughput("mongoose", 15_000_000), AFTER);
        write(after.resolve("throughput"), "disruptor_run1", throughput("disruptor", 5_000_000), AFTER);

        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = CompareMain.run(new String[] {"--before=" + before, "--after=" + after},
            new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(CompareMain.EXIT_OK, code, err.toString(StandardCharsets.UTF_8));
        comparison = new SummaryText(out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void ratiosBeforeAndAfterPerPeerAndRate()
    {
        assertEquals(List.of("Disruptor", "1M msg/s", "0.50×", "1.00×", "0.50×", "1.00×", "0.50×", "1.00×",
            "both met", "both met"), comparison.row(SweepComparison.RATIO_HEADING, "Disruptor", "1M msg/s"));
        // 10M: 1,399 / 799 ns p50 before, 649 / 799 ns after; Mongoose missed its rate before.
        assertEquals(List.of("Disruptor", "10M msg/s", "1.75×", "0.81×"),
            comparison.row(SweepComparison.RATIO_HEADING, "Disruptor", "10M msg/s").subList(0, 4));
        assertEquals(List.of("**Mongoose MISSED: 6.1M of 10M**", "both met"),
            comparison.row(SweepComparison.RATIO_HEADING, "Disruptor", "10M msg/s").subList(8, 10));
        // JCTools ran in one sweep only: no row, and the document says so.
        assertEquals(2, comparison.rows(SweepComparison.RATIO_HEADING).size());
        assertTrue(comparison.section(SweepComparison.RATIO_HEADING)
            .contains("Left out, present in one sweep only: JCTools queue (before only)."));
    }

    @Test
    void mongooseAbsolutesAndAchievedRatesBeforeAndAfter()
    {
        assertEquals(List.of("1M msg/s", "500 ns", "250 ns", "0.50×", "900 ns", "450 ns", "0.50×", "1M of 1M",
            "1M of 1M"), comparison.row(SweepComparison.MONGOOSE_HEADING, "1M msg/s"));
        assertEquals(List.of("10M msg/s", "1.4 µs", "649 ns", "0.46×", "1.8 µs", "1.0 µs", "0.58×",
            "**MISSED: 6.1M of 10M**", "10M of 10M"), comparison.row(SweepComparison.MONGOOSE_HEADING, "10M msg/s"));
        assertEquals(List.of("10k msg/s", Formats.NO_RUN, "100 ns", Formats.NO_RUN, Formats.NO_RUN, "100 ns",
            Formats.NO_RUN, Formats.NO_RUN, "10k of 10k"), comparison.row(SweepComparison.MONGOOSE_HEADING,
            "10k msg/s"));
    }

    @Test
    void throughputMediansAndTheirRatioBeforeAndAfter()
    {
        assertEquals(List.of("Mongoose", "10M (3)", "15M (1)", "1.00×", "1.00×"),
            comparison.row(SweepComparison.THROUGHPUT_HEADING, "Mongoose"));
        assertEquals(List.of("Disruptor", "5M (3)", "5M (1)", "2.00×", "3.00×"),
            comparison.row(SweepComparison.THROUGHPUT_HEADING, "Disruptor"));
        assertEquals(2, comparison.rows(SweepComparison.THROUGHPUT_HEADING).size());
    }

    @Test
    void theHeaderNamesBothSweepsAndTheirEnvironment()
    {
        final String text = comparison.section("# Sweep comparison: before and after");
        assertTrue(text.contains("- Before: `" + before + "`, 11 run files (5 latency, 6 throughput), newest " +
            "2025-05-01 10:00:00 UTC; each latency point is one run.\n"), text);
        assertTrue(text.contains("- After: `" + after + "`, 7 run files (5 latency, 2 throughput), newest " +
            "2025-06-01 12:00:00 UTC; each latency point is one run.\n"), text);
        assertTrue(text.contains("Both sweeps recorded the same CPU, OS, JVM, JVM flags, GC and clocksource."), text);
    }

    @Test
    void aSweepWithRepeatsComparesByItsSelectedRunsAgainstOneWithout() throws IOException
    {
        // After, repeated: Mongoose and Disruptor at 1M, three runs each; the medians are r2 (500 ns) and r3
        // (1,000 ns), so the p50 ratio is 0.50x. The slow-mode runs and the repeats directory itself are not points.
        final Path repeated = dir.resolve("repeated");
        final Path repeats = repeated.resolve(RepeatRuns.DIRECTORY);
        final long[] mongoose = {2_000, 500, 400};
        final long[] disruptor = {900, 5_000, 1_000};
        for (int r = 1; r <= 3; r++)
        {
            write(repeats, "latency_1m_mps_r" + r, latency("mongoose", 1_000_000, 1_000_000,
                values(mongoose[r - 1], 1_000, 0), 0), AFTER.plusSeconds(r));
            write(repeats, "disruptor_latency_1m_mps_r" + r, latency("disruptor", 1_000_000, 1_000_000,
                values(disruptor[r - 1], 1_000, 0), 0), AFTER.plusSeconds(r));
        }
        assertEquals(RepeatSelectMain.EXIT_OK, RepeatSelectMain.run(new String[] {"--input=" + repeated},
            new PrintStream(new ByteArrayOutputStream()), new PrintStream(new ByteArrayOutputStream())));

        final SummaryText text = new SummaryText(compare("--before=" + before, "--after=" + repeated));
        assertEquals(List.of("Disruptor", "1M msg/s", "0.50×", "0.50×"),
            text.row(SweepComparison.RATIO_HEADING, "Disruptor", "1M msg/s").subList(0, 4));
        assertEquals(List.of("1M msg/s", "500 ns", "500 ns"),
            text.row(SweepComparison.MONGOOSE_HEADING, "1M msg/s").subList(0, 3));
        final String header = text.section("# Sweep comparison: before and after");
        assertTrue(header.contains("- Before: `" + before + "`, 11 run files (5 latency, 6 throughput), newest " +
            "2025-05-01 10:00:00 UTC; each latency point is one run.\n"), header);
        assertTrue(header.contains("- After: `" + repeated + "`, 2 run files (2 latency, 0 throughput), newest " +
            "2025-06-01 12:00:03 UTC; each latency point is the median of 3 runs (the run with the median p50).\n"),
            header);
    }

    @Test
    void aChangedEnvironmentIsCalledOut() throws IOException
    {
        final Path other = dir.resolve("other-jvm");
        final RunResult r = latency("mongoose", 1_000_000, 1_000_000, oneToThousand(), 0);
        final Map<String, String> environment = new HashMap<>(r.environment());
        environment.put(BenchmarkEnvironment.JVM_ARGS, "-Xmx2g");
        write(other, "latency_1m_mps", new RunResult(r.transport(), r.mode(), r.targetRate(), r.achievedRate(),
            r.targetMet(), r.samples(), r.warmupMillis(), r.runMillis(), r.drainLimit(), r.idle(), r.pinRequest(),
            r.publisherPinning(), r.consumerPinning(), r.gcCount(), r.gcMillis(), r.publisherAllocatedBytes(),
            r.consumerAllocatedBytes(), r.jitter(), r.latency(), r.service(), environment), AFTER);

        final String text = compare("--before=" + before, "--after=" + other);
        assertTrue(text.contains("No peer ran in both sweeps."), text);
        assertTrue(text.contains("The environment differs, so absolutes may move for reasons other than the code: " +
            "jvm.args was `" + RunFixtures.JVM_FLAGS + "`, is `-Xmx2g`."), text);
    }

    @Test
    void withOutputTheComparisonGoesToTheFile() throws IOException
    {
        final Path file = dir.resolve("nested/dir/comparison.md");
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final int code = CompareMain.run(new String[] {"--before=" + before, "--after=" + after, "--output=" + file},
            new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream()));
        assertEquals(CompareMain.EXIT_OK, code);
        assertEquals(compare("--before=" + before, "--after=" + after), Files.readString(file));
        assertEquals("compare: wrote " + file + System.lineSeparator(), out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aMissingDirectoryIsNamed()
    {
        final Path nowhere = dir.resolve("nowhere");
        final String err = failure(CompareMain.EXIT_BAD_INPUT, "--before=" + nowhere, "--after=" + after);
        assertTrue(err.startsWith("compare: --before: '" + nowhere + "' is not a directory; expected a sweep's " +
            "output directory"), err);
        assertTrue(err.contains("usage: scripts/compare-sweeps.sh"), err);
    }

    @Test
    void aDirectoryWithoutRunsIsNamed() throws IOException
    {
        final Path empty = Files.createDirectories(dir.resolve("empty"));
        final String err = failure(CompareMain.EXIT_BAD_INPUT, "--before=" + before, "--after=" + empty);
        assertTrue(err.startsWith("compare: --after: no run found under '" + empty + "'"), err);
    }

    @Test
    void anUnreadableRunFileIsNamed() throws IOException
    {
        final Path broken = Files.createDirectories(dir.resolve("broken"));
        Files.writeString(broken.resolve("x.run.properties"), "transport=mongoose\n");
        final String err = failure(CompareMain.EXIT_BAD_INPUT, "--before=" + broken, "--after=" + after);
        assertTrue(err.startsWith("compare: --before: run file '" + broken.resolve("x.run.properties") +
            "' cannot be read"), err);
    }

    @Test
    void missingAndUnknownFlagsAreAllReported()
    {
        final String err = failure(CompareMain.EXIT_BAD_INPUT, "--bogus=1");
        assertTrue(err.contains("compare: --bogus: unknown flag; expected one of --before, --after, --output"), err);
        assertTrue(err.contains("compare: --before is missing; expected --before=DIR"), err);
        assertTrue(err.contains("compare: --after is missing; expected --after=DIR"), err);
    }

    @Test
    void anOutputThatIsADirectoryIsRefused()
    {
        final String err = failure(CompareMain.EXIT_BAD_INPUT, "--before=" + before, "--after=" + after,
            "--output=" + dir);
        assertTrue(err.startsWith("compare: --output: '" + dir + "' is a directory"), err);
    }

    @Test
    void helpPrintsTheUsage()
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(CompareMain.EXIT_OK, CompareMain.run(new String[] {"--help"},
            new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream())));
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith(
            "usage: scripts/compare-sweeps.sh --before=DIR --after=DIR [--output=FILE]"));
    }

    private static String compare(final String... args)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = CompareMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(CompareMain.EXIT_OK, code, err.toString(StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }

    private static String failure(final int expectedCode, final String... args)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = CompareMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(expectedCode, code, err.toString(StandardCharsets.UTF_8));
        assertEquals("", out.toString(StandardCharsets.UTF_8));
        return err.toString(StandardCharsets.UTF_8);
    }
}
