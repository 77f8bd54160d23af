package io.mongoose.server;

import java.time.Duration;

/** Errors per second over a sliding window of periodic samples of a growing total; allocation-free, one thread. */
final class ErrorRate
{
    private final long windowNanos;
    /** When each kept sample was taken and the total then: enough to span the window, the one before it, the newest. */
    private final long[] times;
    private final long[] totals;
    private int next;
    private int size;

    ErrorRate(final Duration window, final Duration sampleInterval, final long now)
    {
        windowNanos = window.toNanos();
        final int slots = (int)Math.min(1 << 16, windowNanos / sampleInterval.toNanos() + 3);
        times = new long[slots];
        totals = new long[slots];
        push(now, 0);
    }

    /** @return errors per second up to {@code total}, since the latest sample at or before the window's start. */
    double rate(final long now, final long total)
    {
        final int oldest = size < times.length ? 0 : next;
        long base = totals[oldest];
        for (int i = 0; i < size; i++)
        {
            final int slot = (oldest + i) % times.length;
            if (times[slot] - (now - windowNanos) > 0)
            {
                break;
            }
            base = totals[slot];
        }
        return (total - base) / (windowNanos / 1e9);
    }

    void push(final long now, final long total)
    {
        times[next] = now;
        totals[next] = total;
        next = (next + 1) % times.length;
        size = Math.min(size + 1, times.length);
    }
}
