package io.mongoose.benchmarks.sweep;

import java.nio.file.Path;

/** {@link LatencySweepMain}'s flags, checked; {@code rate} 0 is an unpaced throughput run. */
public record SweepOptions(
    long rate, long warmupMillis, long runMillis, Path output, Transport transport, int drainLimit, String idle,
    String pin, int queueCapacity)
{
    /** @return whether this is an unpaced throughput run. */
    public boolean throughputMode()
    {
        return rate == 0;
    }

    /** @return the rate's label in file names: {@code 10k}, {@code 1m}, {@code 10m}, or the number. */
    public static String rateLabel(final long rate)
    {
        if (rate >= 1_000_000 && rate % 1_000_000 == 0)
        {
            return rate / 1_000_000 + "m";
        }
        if (rate >= 1_000 && rate % 1_000 == 0)
        {
            return rate / 1_000 + "k";
        }
        return Long.toString(rate);
    }
}
