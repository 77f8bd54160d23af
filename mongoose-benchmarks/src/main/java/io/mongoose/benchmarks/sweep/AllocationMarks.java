package io.mongoose.benchmarks.sweep;

import java.lang.management.ManagementFactory;

/**
 * A thread's allocated-bytes counter, read by the thread itself at the start of the measurement window, with a
 * rehearsal halfway through the warm-up.
 *
 * <p>Why the rehearsal: a branch that is first taken when the window opens is one the JIT compiled as "never taken" in
 * warm-up, so taking it deoptimises the compiled loop around it (for the consumer, the whole dispatch chain) right at
 * the window's start, and the recompilation then competes for the CPUs that the busy-spinning threads own. Measured
 * with {@code -XX:+PrintCompilation}: the publisher's loop and every method from the consumer's drain to the recorder
 * were "made not entrant" at the window's first message, and the window's first 150 ms showed 4 ms stalls every 8 ms
 * for every transport. Here the same branch runs once during warm-up (which also primes the counter's one-time
 * linkage, the only allocation) and once at the window's start, so the code that records the window is the code that
 * was compiled.
 *
 * <p>Threading: {@link #onTime} is called by the one thread it measures; {@link #atWindowStart()} is read after that
 * thread has published its work (joined, or through the hop's own release/acquire hand-off).
 */
final class AllocationMarks
{
    private static final com.sun.management.ThreadMXBean THREADS =
        (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();

    private final long[] marks;
    private final long[] readings = {-1, -1};
    private int next;

    /**
     * @param warmupStart the first intended time of the warm-up.
     * @param windowStart the first intended time of the window.
     */
    AllocationMarks(final long warmupStart, final long windowStart)
    {
        final long rehearsal = warmupStart + Math.max(0, windowStart - warmupStart) / 2;
        marks = new long[]{rehearsal, windowStart, Long.MAX_VALUE};
    }

    /**
     * Read the counter if {@code time} has reached the next mark. Allocation-free after the first reading.
     *
     * @param time the caller's current schedule time (intended send time).
     */
    void onTime(final long time)
    {
        if (time >= marks[next])
        {
            readings[next] = THREADS.getCurrentThreadAllocatedBytes();
            next++;
        }
    }

    /**
     * @return the thread's allocated bytes at the window's start, or -1 if the thread never reached it.
     */
    long atWindowStart()
    {
        return readings[1];
    }

    /**
     * 1 if {@code time} is in {@code [start, end)}, else 0, without a branch: see the class comment for why the window's
     * edges must not be branches first taken when the window opens.
     */
    static int inWindow(final long time, final long start, final long end)
    {
        return (int)((~(time - start) & (time - end)) >>> 63);
    }
}
