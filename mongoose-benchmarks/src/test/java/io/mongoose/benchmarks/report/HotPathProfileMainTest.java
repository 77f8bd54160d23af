package io.mongoose.benchmarks.report;

import jdk.jfr.Recording;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.LongUnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * HotPathProfileMain on a real JFR recording made here: a thread named like a hop's consumer busy-loops for about
 * 300 ms, called through a lambda at the bottom of a recursion deeper than JFR's default stack depth (64 frames),
 * while jdk.ExecutionSample records every millisecond. The machine may be loaded, so the assertions are on presence and on shares well below
 * what an idle machine gives (about 100%), never on exact counts. Then every way the flags or the file can be wrong.
 */
class HotPathProfileMainTest
{
    private static final String THREAD = "profiled-consumer";
    private static final String SPIN = ProfiledSpin.class.getName();
    private static final String HEADING = "## Consumer: `" + THREAD + "`";
    private static final long SPIN_NANOS = 300_000_000L;
    private static final int DEPTH = 80;

    @TempDir
    static Path dir;
    private static Path recording;
    private static String profile;

    @BeforeAll
    static void recordASpinningThreadAndProfileIt() throws IOException, InterruptedException
    {
        recording = dir.resolve("spin.jfr");
        try (Recording r = new Recording())
        {
            r.enable(HotPathProfile.EXECUTION_SAMPLE).withPeriod(Duration.ofMillis(1));
            r.start();
            final Thread spinner = new Thread(() -> ProfiledSpin.spin(System.nanoTime() + SPIN_NANOS), THREAD);
            spinner.start();
            spinner.join();
            r.stop();
            r.dump(recording);
        }
        profile = success("--input=" + recording);
    }

    @Test
    void theSpinningThreadHasItsSectionAndItsMethodsTheirShare()
    {
        final ProfileMarkdown md = new ProfileMarkdown(profile);
        assertTrue(md.threadHeadings().contains(HEADING), profile);
        assertTrue(profile.startsWith("# Hot-path profile: spin.jfr\n\nFrom `" + recording + "`: "), profile);

        // Every sample of the thread is inside descend; 80 frames of it deep, yet counted once per sample.
        final List<String> descend = row(md.table("### `" + THREAD + "`: inclusive"), SPIN + ".descend");
        final int descendShare = ProfileMarkdown.tenths(descend.get(2));
        assertTrue(descendShare >= 500 && descendShare <= 1_000, descend.toString());

        // The lambda's hidden class without its run-specific number and address.
        final List<String> lambda = row(md.table("### `" + THREAD + "`: inclusive"), SPIN + "$$Lambda.applyAsLong");
        assertTrue(ProfileMarkdown.tenths(lambda.get(2)) >= 500, lambda.toString());

        // The time is spent in busy's loop: its line is on top.
        final List<String> busy = md.table("### `" + THREAD + "`: self").get(0);
        assertTrue(busy.get(0).startsWith("`" + SPIN + ".busy:"), busy.toString());
        assertTrue(ProfileMarkdown.tenths(busy.get(2)) >= 500, busy.toString());
    }

    @Test
    void packageSharesOfTheRecordedThreadAddUpToOneHundredPercent()
    {
        final List<String> buckets = new ProfileMarkdown(profile).buckets(HEADING);
        int sum = 0;
        for (final String bucket : buckets)
        {
            sum += Integer.parseInt(bucket.substring(bucket.indexOf('=') + 1));
        }
        assertEquals(RoundedShares.WHOLE, sum, buckets.toString());
        // This test class is in io.mongoose.benchmarks, the harness's bucket.
        assertTrue(buckets.get(0).startsWith("io.mongoose.benchmarks="), buckets.toString());
    }

    @Test
    void stacksDeeperThanTheRecordingKeepsAreCalledOut()
    {
        assertTrue(profile.contains("Stacks cut at the recording's stack depth: "), profile);
    }

    @Test
    void withOutputTopAndTitleTheProfileGoesToTheFile() throws IOException
    {
        final Path file = dir.resolve("nested/dir/spin.md");
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final int code = HotPathProfileMain.run(new String[] {"--input=" + recording, "--output=" + file, "--top=1",
            "--title=Spinning"}, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(new ByteArrayOutputStream()));
        assertEquals(HotPathProfileMain.EXIT_OK, code);
        assertEquals("profile: wrote " + file + System.lineSeparator(), out.toString(StandardCharsets.UTF_8));
        final String text = Files.readString(file);
        assertTrue(text.startsWith("# Spinning\n\n"), text);
        // The recording has at least two methods (descend, busy) and at least one frame: one row each.
        final ProfileMarkdown md = new ProfileMarkdown(text);
        assertEquals(1, md.table("### `" + THREAD + "`: inclusive, top 1 of ").size(), text);
        assertEquals(1, md.table("### `" + THREAD + "`: self, top 1 of ").size(), text);
    }

    @Test
    void aMissingFileIsNamed()
    {
        final Path nowhere = dir.resolve("nowhere.jfr");
        final String err = failure(HotPathProfileMain.EXIT_BAD_INPUT, "--input=" + nowhere);
        assertTrue(err.startsWith("profile: --input: '" + nowhere + "' is not a file; expected a JFR recording"), err);
        assertTrue(err.contains("usage: HotPathProfileMain --input=FILE.jfr"), err);
    }

    @Test
    void aFileThatIsNotARecordingIsNamed() throws IOException
    {
        final Path text = Files.writeString(dir.resolve("notes.jfr"), "not a recording\n");
        final String err = failure(HotPathProfileMain.EXIT_BAD_INPUT, "--input=" + text);
        assertTrue(err.startsWith("profile: --input: '" + text + "' cannot be read as a JFR recording: "), err);
    }

    @Test
    void aRecordingWithoutExecutionSamplesIsNamed() throws IOException
    {
        final Path empty = dir.resolve("no-samples.jfr");
        try (Recording r = new Recording())
        {
            r.start();
            r.stop();
            r.dump(empty);
        }
        final String err = failure(HotPathProfileMain.EXIT_BAD_INPUT, "--input=" + empty);
        assertEquals("profile: --input: '" + empty + "' holds no jdk.ExecutionSample events; record with that event " +
            "enabled (scripts/profile-hotpath.jfc does)" + System.lineSeparator(), err);
    }

    @Test
    void badAndUnknownFlagsAreAllReported()
    {
        final String err = failure(HotPathProfileMain.EXIT_BAD_INPUT, "--top=0", "--bogus=1", "spin.jfr");
        assertTrue(err.contains("profile: --input is missing; expected --input=FILE.jfr"), err);
        assertTrue(err.contains("profile: --top: '0' is not a whole number of at least 1"), err);
        assertTrue(err.contains("profile: --bogus: unknown flag; expected one of --input, --output, --top, --title"),
            err);
        assertTrue(err.contains("profile: 'spin.jfr': expected --name=value"), err);
        assertTrue(failure(HotPathProfileMain.EXIT_BAD_INPUT, "--input=" + recording, "--top=ten")
            .startsWith("profile: --top: 'ten' is not a whole number of at least 1"));
    }

    @Test
    void anOutputThatIsADirectoryIsRefused()
    {
        final String err = failure(HotPathProfileMain.EXIT_BAD_INPUT, "--input=" + recording, "--output=" + dir);
        assertTrue(err.startsWith("profile: --output: '" + dir + "' is a directory"), err);
    }

    @Test
    void anOutputThatCannotBeWrittenFails() throws IOException
    {
        // A regular file where the output's parent directory should be.
        final Path blocker = Files.writeString(dir.resolve("blocker"), "");
        final String err = failure(HotPathProfileMain.EXIT_FAILED, "--input=" + recording,
            "--output=" + blocker.resolve("profile.md"));
        assertTrue(err.startsWith("profile: cannot write the profile to '" + blocker.resolve("profile.md") + "'"), err);
    }

    @Test
    void helpPrintsTheUsage()
    {
        assertTrue(success("--help").startsWith("usage: HotPathProfileMain --input=FILE.jfr"));
    }

    private static List<String> row(final List<List<String>> rows, final String method)
    {
        for (final List<String> row : rows)
        {
            if (row.get(0).equals("`" + method + "`"))
            {
                return row;
            }
        }
        throw new AssertionError("no row for " + method + " in " + rows + "\n" + profile);
    }

    private static String success(final String... args)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = HotPathProfileMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(HotPathProfileMain.EXIT_OK, code, err.toString(StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }

    private static String failure(final int expectedCode, final String... args)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int code = HotPathProfileMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(expectedCode, code, err.toString(StandardCharsets.UTF_8));
        assertFalse(out.size() > 0, out.toString(StandardCharsets.UTF_8));
        return err.toString(StandardCharsets.UTF_8);
    }

    /**
     * The profiled work: a recursion {@value #DEPTH} frames deep, then a lambda, then a busy loop until a deadline.
     */
    static final class ProfiledSpin
    {
        // Through a lambda, so the stack holds a hidden class: its frame must be named the same in every run.
        static final LongUnaryOperator BUSY = ProfiledSpin::busy;
        // Published so the JIT cannot drop the loop as dead code.
        static volatile long sink;

        private ProfiledSpin()
        {
        }

        static void spin(final long deadline)
        {
            sink = descend(DEPTH, deadline);
        }

        static long descend(final int depth, final long deadline)
        {
            return depth == 0 ? BUSY.applyAsLong(deadline) : descend(depth - 1, deadline) + depth;
        }

        static long busy(final long deadline)
        {
            long x = 1;
            while (System.nanoTime() < deadline)
            {
                // Mostly arithmetic between clock reads: an interpreted nanoTime is a native call, and a thread in
                // native code is not sampled.
                for (int i = 0; i < 10_000; i++)
                {
                    x = x * 6_364_136_223_846_793_005L + 1_442_695_040_888_963_407L;
                }
            }
            return x;
        }
    }
}
