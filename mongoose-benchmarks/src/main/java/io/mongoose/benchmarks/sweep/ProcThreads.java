package io.mongoose.benchmarks.sweep;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Per-thread figures from Linux's {@code /proc}: a thread's own kernel thread id, and any thread of this process's
 * context-switch counts. Java exposes neither, and the thread id is only knowable from inside the thread, through the
 * {@code /proc/thread-self} link ({@code <pid>/task/<tid>}).
 *
 * <p>Where there is no {@code /proc} (macOS, Windows) or it reads differently, every answer is "unknown" rather than
 * an error: a benchmark run must not fail for want of a diagnostic.
 */
public final class ProcThreads
{
    /** The thread id answered when it cannot be learned. */
    public static final long UNKNOWN_THREAD_ID = -1;

    private static final ProcThreads SYSTEM = new ProcThreads(Path.of("/proc"));
    private static final String VOLUNTARY = "voluntary_ctxt_switches:";
    private static final String INVOLUNTARY = "nonvoluntary_ctxt_switches:";

    private final Path proc;

    /**
     * @param proc where procfs is mounted; tests pass a directory laid out like it.
     */
    ProcThreads(final Path proc)
    {
        this.proc = proc;
    }

    /**
     * @return the reader of this machine's {@code /proc}.
     */
    public static ProcThreads system()
    {
        return SYSTEM;
    }

    /**
     * The calling thread's kernel thread id. Reads a symbolic link, so it allocates: call it outside any measured
     * window.
     *
     * @return the id, or {@link #UNKNOWN_THREAD_ID} if {@code /proc/thread-self} is missing or not of the expected
     * form.
     */
    public long currentThreadId()
    {
        try
        {
            final Path target = Files.readSymbolicLink(proc.resolve("thread-self"));
            final int names = target.getNameCount();
            if (names < 3 || !"task".equals(target.getName(names - 2).toString()))
            {
                return UNKNOWN_THREAD_ID;
            }
            return Long.parseLong(target.getName(names - 1).toString());
        }
        catch (final IOException | UnsupportedOperationException | NumberFormatException ex)
        {
            return UNKNOWN_THREAD_ID;
        }
    }

    /**
     * @param threadId a kernel thread id of this process, from {@link #currentThreadId()}.
     * @return the thread's context switches since it started; empty if the id is unknown, the thread has ended, or
     * the status file lacks the counts.
     */
    public Optional<ContextSwitches> contextSwitches(final long threadId)
    {
        if (threadId == UNKNOWN_THREAD_ID)
        {
            return Optional.empty();
        }
        try
        {
            return parse(Files.readAllLines(proc.resolve("self/task/" + threadId + "/status"),
                StandardCharsets.UTF_8));
        }
        catch (final IOException | UnsupportedOperationException ex)
        {
            return Optional.empty();
        }
    }

    /**
     * @param status the lines of a {@code /proc/.../status} file.
     * @return its {@code voluntary_ctxt_switches} and {@code nonvoluntary_ctxt_switches}; empty if either is missing
     * or not a number.
     */
    static Optional<ContextSwitches> parse(final List<String> status)
    {
        long voluntary = -1;
        long involuntary = -1;
        for (final String line : status)
        {
            try
            {
                if (line.startsWith(VOLUNTARY))
                {
                    voluntary = Long.parseLong(line.substring(VOLUNTARY.length()).trim());
                }
                else if (line.startsWith(INVOLUNTARY))
                {
                    involuntary = Long.parseLong(line.substring(INVOLUNTARY.length()).trim());
                }
            }
            catch (final NumberFormatException ex)
            {
                return Optional.empty();
            }
        }
        return voluntary < 0 || involuntary < 0 ? Optional.empty() :
            Optional.of(new ContextSwitches(voluntary, involuntary));
    }
}
