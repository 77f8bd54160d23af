package io.mongoose.benchmarks.sweep;

import java.nio.file.Path;

/**
 * What one harness run measures: {@link LatencySweepMain}'s flags, checked.
 *
 * @param rate                 messages per second for an open-loop latency run, or 0 for an unpaced throughput run.
 * @param warmupMillis         warm-up at rate before the measurement window.
 * @param runMillis            measurement window.
 * @param output               the latency {@code .hgrm} to write (its {@code .service.hgrm} and
 *                             {@code .run.properties} go next to it).
 * @param transport            the hop measured.
 * @param drainLimit           consumer batch limit per duty cycle.
 * @param idle                 consumer idle strategy.
 * @param pin                  {@code none}, or {@code auto}: pin consumer and publisher to distinct free CPUs, best
 *                             effort.
 * @param queueCapacity        capacity of the hop's queue or ring (a power of two), the same for every transport.
 */
public record SweepOptions(
    long rate, long warmupMillis, long runMillis, Path output, Transport transport, int drainLimit, String idle,
    String pin, int queueCapacity)
{
    /**
     * @return whether this is an unpaced throughput run.
     */
    public boolean throughputMode()
    {
        return rate == 0;
    }

    /**
     * @param rate messages per second.
     * @return the label used in file names: {@code 10k}, {@code 1m}, {@code 10m}, or the number.
     */
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
