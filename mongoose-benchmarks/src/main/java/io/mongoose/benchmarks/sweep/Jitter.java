package io.mongoose.benchmarks.sweep;

import org.HdrHistogram.Histogram;

import java.util.Optional;

/**
 * What the platform did to a run during its measurement window, so a report can tell a tail caused by the transport
 * from one caused by the OS or hypervisor: the context switches of the publisher and consumer threads, and the
 * {@link HiccupMeter}'s distribution, and the {@link Placement} the host gave the run's two CPUs.
 *
 * @param publisherSwitches    the publisher thread's context switches in the window; empty where {@code /proc} could
 *                             not tell (not Linux, or the thread id was not known by the window's start).
 * @param consumerSwitches     the same for the consumer thread.
 * @param hiccupIntervalMicros the hiccup meter's park interval; 0 when the meter was off.
 * @param hiccups              how late each of the meter's wake-ups in the window was, nanoseconds; empty when the
 *                             meter was off.
 * @param placement            the core-to-core round trip around the run; empty when threads were not pinned (so the
 *                             CPUs are not known), the probe failed, or the run was written before the sweep probed.
 */
public record Jitter(
    Optional<ContextSwitches> publisherSwitches, Optional<ContextSwitches> consumerSwitches,
    long hiccupIntervalMicros, Optional<Histogram> hiccups, Optional<Placement> placement)
{
    /**
     * @throws IllegalArgumentException if the interval is negative, or a histogram is given for a meter that was off
     *                                  (or none for one that was on).
     */
    public Jitter
    {
        if (hiccupIntervalMicros < 0 || (hiccupIntervalMicros > 0) != hiccups.isPresent())
        {
            throw new IllegalArgumentException("hiccupIntervalMicros " + hiccupIntervalMicros + " with " +
                (hiccups.isPresent() ? "a" : "no") + " hiccup histogram; expected a histogram exactly when the " +
                "interval is above 0");
        }
    }

    /**
     * Jitter without a placement reading.
     *
     * @param publisherSwitches    as {@link #publisherSwitches()}.
     * @param consumerSwitches     as {@link #consumerSwitches()}.
     * @param hiccupIntervalMicros as {@link #hiccupIntervalMicros()}.
     * @param hiccups              as {@link #hiccups()}.
     */
    public Jitter(
        final Optional<ContextSwitches> publisherSwitches, final Optional<ContextSwitches> consumerSwitches,
        final long hiccupIntervalMicros, final Optional<Histogram> hiccups)
    {
        this(publisherSwitches, consumerSwitches, hiccupIntervalMicros, hiccups, Optional.empty());
    }
}
