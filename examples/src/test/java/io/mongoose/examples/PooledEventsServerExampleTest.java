package io.mongoose.examples;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PooledEventsServerExampleTest
{
    private static final Pattern PROGRESS =
        Pattern.compile("Processed (\\d+) messages in (\\d+) ms, heap used: (\\d+) MB, GC count: (\\d+)");
    private static final Pattern ALLOCATED =
        Pattern.compile("Allocated in the publish loop: producer thread (\\d+) bytes .*agent thread (\\d+) bytes.*");
    private static final Pattern PUBLISHED = Pattern.compile("Published (\\d+) messages in (\\d+) ms: .*");

    @Test
    void printsOneProgressLinePerMillionAndHandlesEveryTick()
    {
        final Result result = run("--messages=2000000", "--periodNanos=0", "--idle=backoff");

        assertEquals(PooledEventsServerExample.EXIT_OK, result.exitCode, result.toString());
        final List<Matcher> progress = result.matching(PROGRESS);
        assertEquals(2, progress.size(), result.toString());
        assertEquals(1_000_000, Long.parseLong(progress.get(0).group(1)));
        assertEquals(2_000_000, Long.parseLong(progress.get(1).group(1)));
        // Every line is exactly the documented format, nothing before or after it.
        for (final String line : result.outLines())
        {
            if (line.startsWith("Processed "))
            {
                assertTrue(PROGRESS.matcher(line).matches(), line);
            }
        }
        // Each window is that million's wall time: never zero, and together no longer than the whole publish.
        long windowsMs = 0;
        for (final Matcher line : progress)
        {
            assertTrue(Long.parseLong(line.group(2)) >= 1, line.group());
            windowsMs += Long.parseLong(line.group(2));
        }
        final List<Matcher> published = result.matching(PUBLISHED);
        assertEquals(1, published.size(), result.toString());
        assertTrue(windowsMs <= Long.parseLong(published.get(0).group(2)), result.toString());
        assertTrue(result.out.contains("Handled 2000000 ticks, checksum matches"), result.toString());
        assertTrue(result.out.contains("Shutdown: ShutdownReport[clean]"), result.toString());
        assertEquals("", result.err);
    }

    @Test
    void publishLoopAllocatesNothingPerMessage()
    {
        final Result result = run("--messages=2000000", "--periodNanos=0", "--idle=backoff");

        assertEquals(PooledEventsServerExample.EXIT_OK, result.exitCode, result.toString());
        final List<Matcher> allocated = result.matching(ALLOCATED);
        assertEquals(1, allocated.size(), result.toString());
        // One allocated byte per message would already be 2 MB; two progress lines cost a few hundred bytes.
        final long producerBytes = Long.parseLong(allocated.get(0).group(1));
        final long agentBytes = Long.parseLong(allocated.get(0).group(2));
        assertTrue(producerBytes < 64 * 1024, "producer allocated " + producerBytes + " bytes for 2M messages");
        assertTrue(agentBytes < 64 * 1024, "agent allocated " + agentBytes + " bytes for 2M messages");
    }

    @Test
    void pacedRunKeepsToItsSchedule()
    {
        final Result result = run("--messages=200000", "--periodNanos=1000", "--idle=backoff");

        assertEquals(PooledEventsServerExample.EXIT_OK, result.exitCode, result.toString());
        final List<Matcher> published = result.matching(PUBLISHED);
        assertEquals(1, published.size(), result.toString());
        // Open loop: the last message is not sent before t0 + 199,999 us, so the run cannot be shorter than that.
        assertTrue(Long.parseLong(published.get(0).group(2)) >= 199, result.toString());
        assertTrue(result.out.contains("target 1000000 msg/s"), result.toString());
        assertTrue(result.matching(PROGRESS).isEmpty(), "no million reached, so no progress line: " + result);
    }

    @Test
    void countsNotAMultipleOfAMillionStillFinishCleanly()
    {
        final Result result = run("--messages=1500001", "--periodNanos=0", "--idle=yield");

        assertEquals(PooledEventsServerExample.EXIT_OK, result.exitCode, result.toString());
        assertEquals(1, result.matching(PROGRESS).size(), result.toString());
        assertTrue(result.out.contains("Handled 1500001 ticks, checksum matches"), result.toString());
    }

    @Test
    void reportsWhatPinningAchieved()
    {
        final Result result = run("--messages=1000", "--periodNanos=0", "--idle=backoff", "--pin=any");

        assertEquals(PooledEventsServerExample.EXIT_OK, result.exitCode, result.toString());
        // Best effort: on a small or restricted machine "not pinned: ..." is a correct answer too.
        assertTrue(result.out.contains("Agent 'tick-agent': pinned to CPU ") ||
            result.out.contains("Agent 'tick-agent': not pinned: "), result.toString());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--messages=abc          | --messages: 'abc' is not valid; expected a whole number of at least 1",
        "--messages=0            | --messages: 0 is out of range; expected a whole number of at least 1",
        "--periodNanos=-5        | --periodNanos: -5 is out of range; expected a whole number of nanoseconds",
        "--periodNanos=1.5       | --periodNanos: '1.5' is not valid; expected a whole number of nanoseconds",
        "--pin=cpu1              | --pin: 'cpu1' is not valid; expected none, any, or a CPU id",
        "--pin=-1                | --pin: -1 is out of range; expected none, any, or a CPU id",
        "--idle=spin             | --idle: 'spin' is not valid; expected one of busy-spin, yield, backoff, sleep",
        "--speed=fast            | --speed is not a known flag; expected one of --messages, --periodNanos",
        "messages=5              | argument 'messages=5' is not a flag; expected --name=value",
        "--messages              | argument '--messages' is not a flag; expected --name=value",
    })
    void badFlagsAreRejectedWithTheFlagAndWhatItExpects(final String arg, final String expected)
    {
        final Result result = run(arg);

        assertEquals(PooledEventsServerExample.EXIT_USAGE, result.exitCode, result.toString());
        assertTrue(result.err.startsWith("error: " + expected), result.toString());
        assertTrue(result.err.contains("usage: scripts/example.sh"), result.toString());
        assertEquals("", result.out, "nothing runs on bad flags");
    }

    @Test
    void aFlagGivenTwiceIsRejected()
    {
        final Result result = run("--messages=5", "--messages=6");

        assertEquals(PooledEventsServerExample.EXIT_USAGE, result.exitCode, result.toString());
        assertTrue(result.err.startsWith("error: --messages is given twice"), result.toString());
    }

    @Test
    void runLongerThanTheClockCanCountIsRejected()
    {
        final Result result = run("--messages=9000000000000000", "--periodNanos=1000000000");

        assertEquals(PooledEventsServerExample.EXIT_USAGE, result.exitCode, result.toString());
        assertTrue(result.err.startsWith("error: --messages: 9000000000000000 at --periodNanos=1000000000"),
            result.toString());
    }

    @Test
    void helpPrintsUsageAndRunsNothing()
    {
        final Result result = run("--help");

        assertEquals(PooledEventsServerExample.EXIT_OK, result.exitCode, result.toString());
        assertTrue(result.out.startsWith("usage: scripts/example.sh"), result.toString());
        assertTrue(result.matching(PROGRESS).isEmpty());
    }

    private static Result run(final String... args)
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int exitCode;
        try (PrintStream outStream = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8))
        {
            exitCode = PooledEventsServerExample.run(args, outStream, errStream);
        }
        return new Result(exitCode, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static final class Result
    {
        final int exitCode;
        final String out;
        final String err;

        Result(final int exitCode, final String out, final String err)
        {
            this.exitCode = exitCode;
            this.out = out;
            this.err = err;
        }

        List<String> outLines()
        {
            return out.lines().collect(java.util.stream.Collectors.toList());
        }

        List<Matcher> matching(final Pattern pattern)
        {
            final List<Matcher> matches = new ArrayList<>();
            for (final String line : outLines())
            {
                final Matcher matcher = pattern.matcher(line);
                if (matcher.matches())
                {
                    matches.add(matcher);
                }
            }
            return matches;
        }

        @Override
        public String toString()
        {
            return "exit " + exitCode + "\n--- out ---\n" + out + "--- err ---\n" + err;
        }
    }
}
