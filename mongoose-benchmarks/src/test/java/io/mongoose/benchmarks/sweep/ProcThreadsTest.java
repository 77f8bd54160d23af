package io.mongoose.benchmarks.sweep;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The {@code /proc} reader: parsing a thread's status file, finding the calling thread's id through the
 * {@code thread-self} link, and answering "unknown" rather than failing where there is no {@code /proc}.
 */
class ProcThreadsTest
{
    /** The head of a real {@code /proc/<pid>/task/<tid>/status}, trimmed; the two counts are at the end. */
    private static final List<String> STATUS = List.of(
        "Name:\tpublisher",
        "Umask:\t0022",
        "State:\tR (running)",
        "Tgid:\t4242",
        "Pid:\t4243",
        "VmRSS:\t  123456 kB",
        "Cpus_allowed_list:\t0",
        "voluntary_ctxt_switches:\t17",
        "nonvoluntary_ctxt_switches:\t2051");

    @TempDir
    Path dir;

    @Test
    void parsesBothCountsFromAStatusFile()
    {
        assertEquals(Optional.of(new ContextSwitches(17, 2051)), ProcThreads.parse(STATUS));
    }

    @Test
    void aStatusFileWithoutBothCountsGivesNothing()
    {
        assertEquals(Optional.empty(), ProcThreads.parse(STATUS.subList(0, STATUS.size() - 1)));
        assertEquals(Optional.empty(), ProcThreads.parse(List.of("voluntary_ctxt_switches:\t17",
            "nonvoluntary_ctxt_switches:\tmany")));
        assertEquals(Optional.empty(), ProcThreads.parse(List.of()));
    }

    @Test
    void readsTheThreadIdAndItsSwitchesFromAProcLikeDirectory() throws IOException
    {
        final Path proc = dir.resolve("proc");
        final Path task = Files.createDirectories(proc.resolve("self/task/4243"));
        Files.write(task.resolve("status"), STATUS, StandardCharsets.UTF_8);
        // As on Linux: a relative link to <pid>/task/<tid>, which need not resolve for the id to be read.
        Files.createSymbolicLink(proc.resolve("thread-self"), Path.of("4242/task/4243"));
        final ProcThreads threads = new ProcThreads(proc);

        assertEquals(4243, threads.currentThreadId());
        assertEquals(Optional.of(new ContextSwitches(17, 2051)), threads.contextSwitches(4243));
        // A thread that has ended has no status file.
        assertEquals(Optional.empty(), threads.contextSwitches(4244));
    }

    @Test
    void withoutProcEverythingIsUnknownAndNothingFails() throws IOException
    {
        final ProcThreads nowhere = new ProcThreads(dir.resolve("no-proc-here"));
        assertEquals(ProcThreads.UNKNOWN_THREAD_ID, nowhere.currentThreadId());
        assertEquals(Optional.empty(), nowhere.contextSwitches(ProcThreads.UNKNOWN_THREAD_ID));
        assertEquals(Optional.empty(), nowhere.contextSwitches(1));

        // A thread-self that is not a link, or a link of another form, gives no id either.
        final Path flat = Files.createDirectories(dir.resolve("flat"));
        Files.writeString(flat.resolve("thread-self"), "4242/task/4243");
        assertEquals(ProcThreads.UNKNOWN_THREAD_ID, new ProcThreads(flat).currentThreadId());
        final Path odd = Files.createDirectories(dir.resolve("odd"));
        Files.createSymbolicLink(odd.resolve("thread-self"), Path.of("4242"));
        assertEquals(ProcThreads.UNKNOWN_THREAD_ID, new ProcThreads(odd).currentThreadId());
    }

    @Test
    void onLinuxEachThreadHasItsOwnIdAndSleepingCountsAsVoluntary() throws Exception
    {
        assumeTrue(Files.isSymbolicLink(Path.of("/proc/thread-self")), "needs Linux /proc");
        final ProcThreads threads = ProcThreads.system();
        final long mine = threads.currentThreadId();
        assertTrue(mine > 0, "thread id " + mine);
        final ContextSwitches before = threads.contextSwitches(mine).orElseThrow();
        Thread.sleep(5);
        Thread.sleep(5);
        final ContextSwitches slept = threads.contextSwitches(mine).orElseThrow().since(before);
        assertTrue(slept.voluntary() >= 2, slept::toString);

        final AtomicLong other = new AtomicLong();
        final Thread thread = new Thread(() -> other.set(threads.currentThreadId()));
        thread.start();
        thread.join();
        assertTrue(other.get() > 0, "thread id " + other.get());
        assertNotEquals(mine, other.get());
    }
}
