package io.mongoose.benchmarks.sweep;

import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Measures the round trip of a cache line between two CPUs: one thread writes a number, a second thread spinning on it
 * echoes it into another line, the first spins until it sees the echo. Run on the CPUs a hop uses (pinned the way the
 * harness pins its threads, while the hop is not running), this is the {@link Placement} the run got.
 *
 * <p>The figure is the fastest of several batches of round trips, each batch timed as a whole (one clock read per
 * batch, not per trip: a clock read costs a fraction of a round trip here). The fastest, not the median: anything
 * else running (the JVM's own compiler threads, just after it starts) can only slow a batch down, and in the first
 * sweep with the probe the median read anything from 230 to 1,900 ns on a machine whose two placements are 120 and
 * 490 ns. A probe stops at its deadline with the batches it has, so a loaded machine makes it coarse, never long.
 *
 * <p>Threading: {@link #roundTripNanos} starts and joins its own two threads; it may be called from any thread.
 */
final class CoreToCoreProbe
{
    /** Round trips timed together: long enough that one clock read per batch is noise. */
    static final int TRIPS_PER_BATCH = 128;
    /** Batches wanted; the fastest of them is the result. */
    static final int BATCHES = 64;
    /** The probe gives up waiting at this point and reports what it measured, if anything. */
    static final long DEADLINE_NANOS = TimeUnit.SECONDS.toNanos(2);

    /** Ping at index 0 and echo at index {@value #ECHO}: 128 bytes apart, never on one line or one prefetched pair. */
    private static final int ECHO = 16;
    /** Written to the ping slot to end the echoing thread. */
    private static final long STOP = -1;

    private CoreToCoreProbe()
    {
    }

    /**
     * @param pin whether to pin the two threads (as the harness pins a publisher and a consumer).
     * @return the round trip of the fastest batch in nanoseconds, or empty if pinning was asked for and failed, or no
     *         batch finished by the deadline.
     * @throws InterruptedException if interrupted while waiting for the probe's threads.
     */
    static Optional<Long> roundTripNanos(final boolean pin) throws InterruptedException
    {
        final AtomicLongArray lines = new AtomicLongArray(2 * ECHO);
        final long deadline = System.nanoTime() + DEADLINE_NANOS;
        final AtomicBoolean unpinned = new AtomicBoolean();
        final long[] batches = new long[BATCHES];
        final int[] measured = new int[1];
        final Thread echo = new Thread(() -> pinned(pin, unpinned, () -> echo(lines, deadline)),
            "placement-probe-echo");
        final Thread ping = new Thread(() ->
        {
            try
            {
                pinned(pin, unpinned, () -> measured[0] = ping(lines, deadline, batches));
            }
            finally
            {
                lines.set(0, STOP);
            }
        }, "placement-probe-ping");
        echo.start();
        ping.start();
        ping.join();
        echo.join();
        if (unpinned.get() || 0 == measured[0])
        {
            return Optional.empty();
        }
        final long fastest = Arrays.stream(batches, 0, measured[0]).min().orElseThrow();
        return Optional.of(Math.max(1, fastest / TRIPS_PER_BATCH));
    }

    /** Run {@code side} on this thread, pinned if asked; a pin asked for and not got is noted in {@code unpinned}. */
    private static void pinned(final boolean pin, final AtomicBoolean unpinned, final Runnable side)
    {
        try (ThreadPinning pinning = ThreadPinning.pinCurrentThread(pin))
        {
            if (pin && !pinning.pinned())
            {
                unpinned.set(true);
            }
            side.run();
        }
    }

    /** Echo every new ping value until told to stop or the deadline passes. */
    private static void echo(final AtomicLongArray lines, final long deadline)
    {
        long last = 0;
        for (int spins = 0; ; spins++)
        {
            final long value = lines.get(0);
            if (STOP == value)
            {
                return;
            }
            if (value != last)
            {
                last = value;
                lines.set(ECHO, value);
            }
            else if ((spins & 0xFFFF) == 0 && System.nanoTime() - deadline > 0)
            {
                return;
            }
            Thread.onSpinWait();
        }
    }

    /** @return batches timed into {@code batches} before the deadline. */
    private static int ping(final AtomicLongArray lines, final long deadline, final long[] batches)
    {
        long value = 0;
        for (int b = 0; b < batches.length; b++)
        {
            final long start = System.nanoTime();
            for (int t = 0; t < TRIPS_PER_BATCH; t++)
            {
                lines.set(0, ++value);
                for (int spins = 0; lines.get(ECHO) != value; spins++)
                {
                    if ((spins & 0xFFFF) == 0 && System.nanoTime() - deadline > 0)
                    {
                        return b;
                    }
                    Thread.onSpinWait();
                }
            }
            batches[b] = System.nanoTime() - start;
        }
        return batches.length;
    }
}
