package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.RunResultFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import static io.mongoose.benchmarks.report.RunFixtures.latency;
import static io.mongoose.benchmarks.report.RunFixtures.throughput;
import static io.mongoose.benchmarks.report.RunFixtures.twoValues;
import static io.mongoose.benchmarks.report.RunFixtures.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * RepeatSelectMain on synthetic repeats written as the sweep writes them: the median run's three files copied to the
 * point's usual name, and every way the repeats can be incomplete or inconsistent refused with the file named and
 * nothing copied.
 */
class RepeatSelectMainTest
{
    private static final Instant FIRST = Instant.parse("2026-11-21T10:00:00Z");
    private static final List<String> SUFFIXES = List.of(RunResultFiles.HGRM_SUFFIX, RunResultFiles.SERVICE_SUFFIX,
        RunResultFiles.PROPERTIES_SUFFIX);

    @TempDir
    Path dir;

    @Test
    void copiesTheThreeFilesOfEachPointsMedianRunToItsUsualName() throws IOException
    {
        final Path repeats = dir.resolve(RepeatRuns.DIRECTORY);
        // Mongoose at 1M: p50 620 (slow mode), 150 and 180 ns: repeat 3 is the median.
        repeat(repeats, "latency_1m_mps", 1, "mongoose", 620, 700);
        repeat(repeats, "latency_1m_mps", 2, "mongoose", 150, 200);
        repeat(repeats, "latency_1m_mps", 3, "mongoose", 180, 900);
        // Disruptor at 1M: repeat 1 is the median.
        repeat(repeats, "disruptor_latency_1m_mps", 1, "disruptor", 130, 160);
        repeat(repeats, "disruptor_latency_1m_mps", 2, "disruptor", 450, 500);
        repeat(repeats, "disruptor_latency_1m_mps", 3, "disruptor", 120, 140);
        // A stale file at the usual name is replaced.
        Files.writeString(dir.resolve("latency_1m_mps.hgrm"), "stale");

        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = RepeatSelectMain.run(new String[] {"--input=" + dir, "--repeats=3"},
            new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(RepeatSelectMain.EXIT_OK, code, err.toString(StandardCharsets.UTF_8));

        for (final String suffix : SUFFIXES)
        {
            assertEquals(-1, Files.mismatch(repeats.resolve("latency_1m_mps_r3" + suffix),
                dir.resolve("latency_1m_mps" + suffix)), suffix);
            assertEquals(-1, Files.mismatch(repeats.resolve("disruptor_latency_1m_mps_r1" + suffix),
                dir.resolve("disruptor_latency_1m_mps" + suffix)), suffix);
        }
        // The copy is dated by when its run ran, not when it was copied.
        assertEquals(FIRST.plusSeconds(3), Files.getLastModifiedTime(dir.resolve("latency_1m_mps.run.properties"))
            .toInstant());
        assertEquals(String.join(System.lineSeparator(),
            "repeats: latency_1m_mps: r3 of 3, p50 180 ns (p50 by repeat: 620 ns, 150 ns, 180 ns)",
            "repeats: disruptor_latency_1m_mps: r1 of 3, p50 130 ns (p50 by repeat: 130 ns, 450 ns, 120 ns)",
            "repeats: copied the median of 3 runs for each of 2 points from " + repeats + " to " + dir, ""),
            out.toString(StandardCharsets.UTF_8));
        // And the report reads the copies as the points, and only them.
        final RunCatalog runs = assertLoads(dir);
        assertEquals(dir.resolve("latency_1m_mps.run.properties"),
            runs.latency("mongoose", 1_000_000).orElseThrow().properties());
        assertEquals(2, runs.all().size());
    }

    @Test
    void anEvenCountCopiesTheLowerMiddleRun() throws IOException
    {
        final Path repeats = dir.resolve(RepeatRuns.DIRECTORY);
        repeat(repeats, "latency_10k_mps", 1, "mongoose", 400, 500);
        repeat(repeats, "latency_10k_mps", 2, "mongoose", 300, 350);
        assertEquals(RepeatSelectMain.EXIT_OK, run("--input=" + dir).code());
        assertEquals(-1, Files.mismatch(repeats.resolve("latency_10k_mps_r2.run.properties"),
            dir.resolve("latency_10k_mps.run.properties")));
    }

    @Test
    void aMissingRepeatIsNamedAndNothingIsCopied() throws IOException
    {
        final Path repeats = dir.resolve(RepeatRuns.DIRECTORY);
        repeat(repeats, "latency_1m_mps", 1, "mongoose", 100, 200);
        repeat(repeats, "latency_1m_mps", 3, "mongoose", 100, 200);
        final Result result = run("--input=" + dir, "--repeats=3");
        assertEquals(RepeatSelectMain.EXIT_BAD_INPUT, result.code());
        assertEquals("repeats: --input: missing '" + repeats.resolve("latency_1m_mps_r2.run.properties") +
            "': repeat 2 of Mongoose at 1M msg/s; expected 3 repeats per point (--repeats=3)" +
            System.lineSeparator(), result.err());
        assertFalse(Files.exists(dir.resolve("latency_1m_mps.run.properties")));
    }

    @Test
    void aMissingCompanionFileIsNamed() throws IOException
    {
        final Path repeats = dir.resolve(RepeatRuns.DIRECTORY);
        repeat(repeats, "abq_latency_1m_mps", 1, "abq", 100, 200);
        repeat(repeats, "abq_latency_1m_mps", 2, "abq", 100, 200);
        Files.delete(repeats.resolve("abq_latency_1m_mps_r2.service.hgrm"));
        final Result result = run("--input=" + dir);
        assertEquals(RepeatSelectMain.EXIT_BAD_INPUT, result.code());
        assertEquals("repeats: --input: missing '" + repeats.resolve("abq_latency_1m_mps_r2.service.hgrm") +
            "' beside '" + repeats.resolve("abq_latency_1m_mps_r2.run.properties") + "'; expected all three files " +
            "of every repeat" + System.lineSeparator(), result.err());
        assertFalse(Files.exists(dir.resolve("abq_latency_1m_mps.run.properties")));
    }

    @Test
    void pointsWithDifferentCountsAreRefusedNamingEachGap() throws IOException
    {
        final Path repeats = dir.resolve(RepeatRuns.DIRECTORY);
        for (int r = 1; r <= 3; r++)
        {
            repeat(repeats, "latency_1m_mps", r, "mongoose", 100, 200);
        }
        repeat(repeats, "agrona_latency_1m_mps", 1, "agrona", 100, 200);
        repeat(repeats, "agrona_latency_1m_mps", 2, "agrona", 100, 200);

        // Without --repeats the point with the most sets the count.
        final Result inferred = run("--input=" + dir);
        assertEquals(RepeatSelectMain.EXIT_BAD_INPUT, inferred.code());
        assertEquals("repeats: --input: missing '" + repeats.resolve("agrona_latency_1m_mps_r3.run.properties") +
            "': repeat 3 of Agrona queue at 1M msg/s; expected 3 repeats per point (the most repeats any point " +
            "has)" + System.lineSeparator(), inferred.err());

        // With --repeats=2 the third Mongoose repeat is one too many.
        final Result given = run("--input=" + dir, "--repeats=2");
        assertEquals(RepeatSelectMain.EXIT_BAD_INPUT, given.code());
        assertEquals("repeats: --input: '" + repeats.resolve("latency_1m_mps_r3.run.properties") + "' is repeat 3 " +
            "of Mongoose at 1M msg/s; expected at most 2 (--repeats=2)" + System.lineSeparator(), given.err());
        assertFalse(Files.exists(dir.resolve("latency_1m_mps.run.properties")));
    }

    @Test
    void everyProblemIsListedOnItsOwnLine() throws IOException
    {
        final Path repeats = dir.resolve(RepeatRuns.DIRECTORY);
        repeat(repeats, "latency_1m_mps", 2, "mongoose", 100, 200);
        repeat(repeats, "jctools_latency_1m_mps", 1, "jctools", 100, 200);
        final List<String> lines = run("--input=" + dir, "--repeats=2").err().lines().toList();
        assertEquals(List.of(
            "repeats: --input: missing '" + repeats.resolve("latency_1m_mps_r1.run.properties") + "': repeat 1 of " +
                "Mongoose at 1M msg/s; expected 2 repeats per point (--repeats=2)",
            "repeats: --input: missing '" + repeats.resolve("jctools_latency_1m_mps_r2.run.properties") + "': repeat " +
                "2 of JCTools queue at 1M msg/s; expected 2 repeats per point (--repeats=2)"), lines);
    }

    @Test
    void aRunThatIsNotARepeatOrNotALatencyRunIsNamed() throws IOException
    {
        final Path repeats = dir.resolve(RepeatRuns.DIRECTORY);
        write(repeats, "latency_1m_mps", latency("mongoose", 1_000_000, 1_000_000, twoValues(1, 8, 2, 2), 0), FIRST);
        final Result unnamed = run("--input=" + dir);
        assertEquals(RepeatSelectMain.EXIT_BAD_INPUT, unnamed.code());
        assertTrue(unnamed.err().startsWith("repeats: --input: run file '" +
            repeats.resolve("latency_1m_mps.run.properties") + "' is not named <point>_r<N>.run.properties"),
            unnamed.err());

        Files.delete(repeats.resolve("latency_1m_mps.run.properties"));
        write(repeats, "mongoose_run1_r1", throughput("mongoose", 9_000_000), FIRST);
        final Result unpaced = run("--input=" + dir);
        assertTrue(unpaced.err().startsWith("repeats: --input: run file '" +
            repeats.resolve("mongoose_run1_r1.run.properties") + "' is a mongoose throughput run; expected only " +
            "latency runs in repeats/"), unpaced.err());
    }

    @Test
    void onePointUnderTwoNamesOrOneRepeatTwiceIsAmbiguous() throws IOException
    {
        final Path repeats = dir.resolve(RepeatRuns.DIRECTORY);
        repeat(repeats, "latency_1m_mps", 1, "mongoose", 100, 200);
        repeat(repeats, "other_1m_mps", 2, "mongoose", 100, 200);
        final Result names = run("--input=" + dir);
        assertEquals(RepeatSelectMain.EXIT_BAD_INPUT, names.code());
        assertTrue(names.err().contains("run file '" + repeats.resolve("other_1m_mps_r2.run.properties") + "' is a " +
            "repeat of Mongoose at 1M msg/s, but other repeats of that point are named latency_1m_mps_r<N>; " +
            "expected one name per point"), names.err());

        Files.delete(repeats.resolve("other_1m_mps_r2.run.properties"));
        repeat(repeats.resolve("nested"), "latency_1m_mps", 1, "mongoose", 100, 200);
        final Result twice = run("--input=" + dir);
        assertTrue(twice.err().contains("run files '" + repeats.resolve("latency_1m_mps_r1.run.properties") +
            "' and '" + repeats.resolve("nested/latency_1m_mps_r1.run.properties") + "' are both repeat 1 of " +
            "Mongoose at 1M msg/s; expected each repeat once"), twice.err());
    }

    @Test
    void noRepeatsDirectoryOrAnEmptyOneIsNamed() throws IOException
    {
        final Result none = run("--input=" + dir);
        assertEquals(RepeatSelectMain.EXIT_BAD_INPUT, none.code());
        assertEquals("repeats: --input: '" + dir.resolve(RepeatRuns.DIRECTORY) + "' is not a directory; expected the " +
            "repeated runs of scripts/sweep.sh --repeats=N (N > 1)" + System.lineSeparator(), none.err());

        Files.createDirectories(dir.resolve(RepeatRuns.DIRECTORY));
        final Result empty = run("--input=" + dir);
        assertTrue(empty.err().startsWith("repeats: --input: no run found under '" +
            dir.resolve(RepeatRuns.DIRECTORY) + "'"), empty.err());
    }

    @Test
    void badFlagsAreAllReportedWithTheUsage()
    {
        final Result result = run("--repeats=0", "--bogus=1");
        assertEquals(RepeatSelectMain.EXIT_BAD_INPUT, result.code());
        assertTrue(result.err().contains("repeats: --bogus: unknown flag; expected one of --input, --repeats"),
            result.err());
        assertTrue(result.err().contains("repeats: --input is missing; expected --input=DIR"), result.err());
        assertTrue(result.err().contains("repeats: --repeats: '0'; expected a whole number of at least 1"),
            result.err());
        assertTrue(result.err().contains("usage: RepeatSelectMain --input=DIR [--repeats=N]"), result.err());
        assertTrue(run("--input=" + dir.resolve("nowhere")).err().startsWith("repeats: --input: '" +
            dir.resolve("nowhere") + "' is not a directory"));

        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(RepeatSelectMain.EXIT_OK, RepeatSelectMain.run(new String[] {"--help"},
            new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream())));
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("usage: RepeatSelectMain"));
    }

    /**
     * Write repeat {@code r} of a point at 1M msg/s (10k for {@code latency_10k_mps}), modified {@code r} seconds
     * after {@link #FIRST}.
     */
    private static void repeat(final Path repeats, final String point, final int r, final String transport,
        final long p50, final long p90) throws IOException
    {
        final long rate = point.contains("10k") ? 10_000 : 1_000_000;
        write(repeats, point + "_r" + r, latency(transport, rate, rate, twoValues(p50, 800, p90, 200), 0),
            FIRST.plusSeconds(r));
    }

    private static RunCatalog assertLoads(final Path input)
    {
        try
        {
            return RunCatalog.load(input);
        }
        catch (final ReportInputException ex)
        {
            throw new AssertionError(ex);
        }
    }

    private static Result run(final String... args)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = RepeatSelectMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private record Result(int code, String out, String err)
    {
    }
}
