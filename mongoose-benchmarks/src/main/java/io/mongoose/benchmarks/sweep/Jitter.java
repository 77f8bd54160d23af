package io.mongoose.benchmarks.sweep;

import org.HdrHistogram.Histogram;

import java.util.Optional;

/**
 * What the platform did to a run during its measurement window, so a report can tell a tail caused by the transport
 * from one caused by the OS or hypervisor: the context switches of the publisher and consumer threads, and the
 * {@link HiccupMeter}'s distribution.
 *
 * @param publisherSwitches    the publisher thread's context switches in the window; empty where {@code /proc} could
 *                             not tell (not Linux, or the thread id was not known by the window's start).
 * @param consumerSwitches     the same for the consumer thread.
 * @param hiccupIntervalMicros the hiccup meter's park interval; 0 when the meter was off.
 * @param hiccups              how late each of the meter's wake-ups in the window was, nanoseconds; empty when the
 *                             meter was off.
 */
public record Jitter(
    Optional<ContextSwitches> publisherSwitches, Optional<ContextSwitches> consumerSwitches,
    long hiccupIntervalMicros, Optional<Histogram> hiccups)
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
}
