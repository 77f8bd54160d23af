package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.PairedRunData;
import io.mongoose.benchmarks.sweep.RunResult;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static io.mongoose.benchmarks.report.RunFixtures.latency;
import static io.mongoose.benchmarks.report.RunFixtures.oneToThousand;
import static io.mongoose.benchmarks.report.RunFixtures.throughput;
import static io.mongoose.benchmarks.report.RunFixtures.values;
import static io.mongoose.benchmarks.report.RunFixtures.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README's results block is regenerated from the runs and nothing else in the file changes.
 */
class ReadmeResultsTest
{
    private static final Instant WHEN = Instant.parse("2026-11-21T10:00:00Z");

    @TempDir
    Path dir;

    @Test
    void replacesOnlyTheMarkedBlockWithFiguresFromTheRuns() throws Exception
    {
        final Path runs = dir.resolve("docs/reports");
        write(runs, "m", latency("mongoose", 1_000_000, 1_000_000, oneToThousand(), 0), WHEN);
        write(runs, "d", latency("disruptor", 1_000_000, 1_000_000, values(2, 1_000, 2), 0), WHEN);
        write(runs, "t1", throughput("mongoose", 20_000_000), WHEN);
        final Path readme = dir.resolve("README.md");
        final String before = "# Title\n\nintro\n\n" + ReadmeResults.BEGIN + "\nstale numbers\n" + ReadmeResults.END +
            "\n\n## After\n";
        Files.writeString(readme, before);

        final int code = ReportMain.run(new String[]{"--input=" + runs, "--output=" + runs, "--readme=" + readme,
            "--command=scripts/sweep.sh"}, new PrintStream(new ByteArrayOutputStream()),
            new PrintStream(new ByteArrayOutputStream()));
        assertEquals(ReportMain.EXIT_OK, code);

        final String after = Files.readString(readme);
        assertTrue(after.startsWith("# Title\n\nintro\n\n" + ReadmeResults.BEGIN + "\n"), after);
        assertTrue(after.endsWith(ReadmeResults.END + "\n\n## After\n"), after);
        assertTrue(!after.contains("stale numbers"), after);
        assertTrue(after.contains("the run files of `scripts/sweep.sh`, newest run 2026-11-21"), after);
        assertTrue(after.contains("[summary](docs/reports/summary.md)"), after);
        assertTrue(after.contains("| Mongoose | 500 ns | 900 ns | 990 ns | 999 ns | 1.0 µs | 1.0 µs | 1.0 µs | 1M of 1M |"),
            after);
        assertTrue(after.contains("| Disruptor | 1.0 µs | 1.8 µs | 2.0 µs | 2.0 µs | 2.0 µs | 2.0 µs | 2.0 µs |"), after);
        assertTrue(after.contains("Maximum throughput, median of unpaced runs: Mongoose 20M msg/s."), after);

        // Idempotent: a second run leaves the same text.
        ReportMain.run(new String[]{"--input=" + runs, "--output=" + runs, "--readme=" + readme,
            "--command=scripts/sweep.sh"}, new PrintStream(new ByteArrayOutputStream()),
            new PrintStream(new ByteArrayOutputStream()));
        assertEquals(after, Files.readString(readme));
    }

    @Test
    void anUnpacedPairedRunAddsMongoosesThroughputOverEachPeer() throws Exception
    {
        final Path runs = dir.resolve("docs/reports");
        write(runs, "m", latency("mongoose", 1_000_000, 1_000_000, oneToThousand(), 0), WHEN);
        write(runs, "t1", throughput("mongoose", 20_000_000), WHEN);
        // Two JVMs of two cycles; times per message: Mongoose 30 ps, the Disruptor 33, 33 | 31, 31, so Mongoose's
        // throughput over it is 1.1 in the first JVM and 1.033 in the second, and the JVMs' median is 1.07.
        final long[][] picos = {{30, 30, 30, 30}, {33, 33, 31, 31}};
        final Histogram any = new Histogram(3);
        any.recordValue(150);
        new PairedRunData(0, "2026-11-21T10:00:00Z", "17.0.15", "own", 50, List.of("mongoose", "disruptor"), 2,
            "pinned to CPU 1", "Own threads.", new Histogram[] {any, any}, picos, picos, new int[] {2, 2}, picos,
            picos, PairedRunData.DEFAULT_QUEUE_CAPACITY)
            .write(Files.createDirectories(runs.resolve(PairedSection.DIRECTORY)).resolve("paired_max_mps.properties"));
        final Path readme = dir.resolve("README.md");
        Files.writeString(readme, ReadmeResults.BEGIN + "\n" + ReadmeResults.END + "\n");

        assertEquals(ReportMain.EXIT_OK, ReportMain.run(new String[]{"--input=" + runs, "--output=" + runs,
            "--readme=" + readme, "--command=scripts/sweep.sh"}, new PrintStream(new ByteArrayOutputStream()),
            new PrintStream(new ByteArrayOutputStream())));

        final String after = Files.readString(readme);
        assertTrue(after.contains("Mongoose's throughput over each peer's in paired unpaced slices (median of the " +
            "JVMs' per-cycle ratios, 4 cycles in 2 JVMs; above 1.00× Mongoose moved more): Disruptor 1.07×.\n"),
            after);

        // One JVM (the quick sweep's): its two cycles 1.1 and 1.1, and the count in the singular.
        final long[][] oneJvm = {{30, 30}, {33, 33}};
        new PairedRunData(0, "2026-11-21T10:00:00Z", "17.0.15", "own", 50, List.of("mongoose", "disruptor"), 2,
            "pinned to CPU 1", "Own threads.", new Histogram[] {any, any}, oneJvm, oneJvm, new int[] {2}, oneJvm,
            oneJvm, PairedRunData.DEFAULT_QUEUE_CAPACITY)
            .write(runs.resolve(PairedSection.DIRECTORY).resolve("paired_max_mps.properties"));
        ReportMain.run(new String[]{"--input=" + runs, "--output=" + runs, "--readme=" + readme,
            "--command=scripts/sweep.sh"}, new PrintStream(new ByteArrayOutputStream()),
            new PrintStream(new ByteArrayOutputStream()));
        final String single = Files.readString(readme);
        assertTrue(single.contains("ratios, 2 cycles in 1 JVM; above 1.00× Mongoose moved more): Disruptor 1.10×.\n"),
            single);
    }

    @Test
    void aReadmeWithoutMarkersIsABadInputAndIsLeftAlone() throws Exception
    {
        final Path runs = dir.resolve("runs");
        write(runs, "m", latency("mongoose", 1_000_000, 1_000_000, oneToThousand(), 0), WHEN);
        final Path readme = dir.resolve("README.md");
        Files.writeString(readme, "# no markers\n");
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = ReportMain.run(new String[]{"--input=" + runs, "--output=" + runs, "--readme=" + readme},
            new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(ReportMain.EXIT_BAD_INPUT, code);
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("has no " + ReadmeResults.BEGIN), err.toString());
        assertEquals("# no markers\n", Files.readString(readme));
    }
}
