package io.mongoose.benchmarks.sweep;

import java.lang.management.ManagementFactory;

/**
 * A thread's allocated-bytes counter, read by the thread itself at the start of the measurement window, after
 * {@value #REHEARSALS} rehearsals spread over the warm-up.
 *
 * <p>Why the rehearsals: a branch first taken when the window opens is one the JIT compiled as "never taken" in
 * warm-up, so taking it deoptimises the compiled loop around it (for the consumer, the whole dispatch chain) right at
 * the window's start, and the recompilation competes for the CPUs the busy-spinning threads own: millisecond stalls in
 * the window's first 150 ms, for every transport ({@code -XX:+PrintCompilation} shows the methods "made not entrant").
 *
 * <p>Why so many: C2 clamps a branch's measured probability to a floor of one in a million and treats anything at the
 * floor as never taken, so one taken branch in a million or more calls (a second's warm-up at 1M msg/s and up) still
 * leaves an {@code unstable_if} trap in {@link #onTime}. {@value #REHEARSALS} readings over the warm-up's first nine
 * tenths make the branch about one in ten thousand calls even at 10M msg/s, so C2 compiles it as a branch. Each
 * reading costs well under a microsecond: a millisecond of warm-up at most, none of the window.
 *
 * <p>Threading: {@link #onTime} is called by the one thread it measures; {@link #atWindowStart()} is read after that
 * thread has published its work (joined, or through the hop's own release/acquire hand-off).
 */
final class AllocationMarks
{
    /** Readings taken during the warm-up before the one at the window's start. */
    static final int REHEARSALS = 1_024;

    private static final com.sun.management.ThreadMXBean THREADS =
        (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();

    private final long[] marks;
    private final long[] readings;
    private final int windowMark;
    private int next;

    /**
     * @param warmupStart the first intended time of the warm-up.
     * @param windowStart the first intended time of the window.
     */
    AllocationMarks(final long warmupStart, final long windowStart)
    {
        final long warmup = Math.max(0, windowStart - warmupStart);
        // Without a warm-up there is no compiled code to protect: the window's reading is the only one.
        final int rehearsals = 0 == warmup ? 0 : REHEARSALS;
        // Over the first nine tenths, so the last rehearsal is well clear of the window's first message.
        final long span = warmup - warmup / 10;
        marks = new long[rehearsals + 2];
        for (int i = 0; i < rehearsals; i++)
        {
            marks[i] = warmupStart + span * i / rehearsals;
        }
        windowMark = rehearsals;
        marks[windowMark] = windowStart;
        marks[windowMark + 1] = Long.MAX_VALUE;
        readings = new long[marks.length];
        readings[windowMark] = -1;
    }

    /**
     * Read the counter if {@code time} has reached the next mark; marks it has passed at once (sparse calls) share the
     * reading. Allocation-free after the first reading.
     *
     * @param time the caller's current schedule time (intended send time): a {@link System#nanoTime()} figure, so below
     *             {@link Long#MAX_VALUE}, the mark that is never reached.
     */
    void onTime(final long time)
    {
        if (time >= marks[next])
        {
            final long reading = THREADS.getCurrentThreadAllocatedBytes();
            // No bound check: the last mark is never reached, and a check that first fails at the window's mark would
            // be a branch first taken there, the trap the rehearsals avoid.
            do
            {
                readings[next++] = reading;
            }
            while (time >= marks[next]);
        }
    }

    /**
     * @return how many marks (rehearsals and the window's) have been read so far.
     */
    int marksRead()
    {
        return next;
    }

    /**
     * @return the thread's allocated bytes at the window's start, or -1 if the thread never reached it.
     */
    long atWindowStart()
    {
        return readings[windowMark];
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
