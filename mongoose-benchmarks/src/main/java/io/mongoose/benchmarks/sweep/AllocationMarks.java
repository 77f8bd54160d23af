package io.mongoose.benchmarks.sweep;

import java.lang.management.ManagementFactory;

/**
 * A thread's allocated-bytes counter, read by the thread itself at the window's start after {@value #REHEARSALS}
 * rehearsals over the warm-up. A branch first taken when the window opens was compiled as never taken, and taking it
 * deoptimises the loop around it: millisecond stalls. C2 treats a branch taken under once in a million calls as never
 * taken; the rehearsals make it one in ten thousand even at 10M msg/s, for well under a microsecond each. Only the
 * thread measured calls {@link #onTime}; {@link #atWindowStart()} is read once that thread's work is published.
 */
final class AllocationMarks
{
    static final int REHEARSALS = 1_024;

    private static final com.sun.management.ThreadMXBean THREADS =
        (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();

    private final long[] marks;
    private final long[] readings;
    private final int windowMark;
    private int next;

    AllocationMarks(final long warmupStart, final long windowStart)
    {
        final long warmup = Math.max(0, windowStart - warmupStart);
        // Without a warm-up there is no compiled code to protect.
        final int rehearsals = 0 == warmup ? 0 : REHEARSALS;
        // Over the warm-up's first nine tenths, well clear of the window's first message.
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
     * Read the counter if {@code time}, the caller's current intended send time, has reached the next mark; marks
     * passed at once share the reading. Allocation-free after the first reading.
     */
    void onTime(final long time)
    {
        if (time >= marks[next])
        {
            final long reading = THREADS.getCurrentThreadAllocatedBytes();
            // No bound check: the last mark is never reached, and a check first failing at the window's mark would be
            // a branch first taken there.
            do
            {
                readings[next++] = reading;
            }
            while (time >= marks[next]);
        }
    }

    int marksRead()
    {
        return next;
    }

    /** @return the thread's allocated bytes at the window's start, or -1 if the thread never reached it. */
    long atWindowStart()
    {
        return readings[windowMark];
    }

    /** 1 if {@code time} is in {@code [start, end)}, else 0, without a branch first taken when the window opens. */
    static int inWindow(final long time, final long start, final long end)
    {
        return (int)((~(time - start) & (time - end)) >>> 63);
    }
}
