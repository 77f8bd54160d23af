package io.mongoose.benchmarks.sweep;

import org.HdrHistogram.Histogram;

import java.util.Map;

/**
 * Everything one measured run found, as {@link RunResultFiles} writes it for the reports. Rates in messages per second
 * (target 0 when unpaced), histograms in nanoseconds; GC, allocation and the achieved rate cover the window.
 *
 * @param targetMet whether the achieved rate reached {@link #TARGET_TOLERANCE} of the target (always when unpaced).
 * @param samples   messages of the window (a throughput run records one in 64 of them: see UnpacedTiming).
 * @param latency   receive time minus intended send time (free of coordinated omission).
 * @param service   receive time minus actual send time.
 */
public record RunResult(
    String transport, Mode mode, long targetRate, double achievedRate, boolean targetMet, long samples,
    long warmupMillis, long runMillis, int drainLimit, String idle, String pinRequest, String publisherPinning,
    String consumerPinning, long gcCount, long gcMillis, long publisherAllocatedBytes, long consumerAllocatedBytes,
    Histogram latency, Histogram service, Map<String, String> environment)
{
    /** A latency run whose achieved rate is below this fraction of its target is labelled as having missed it. */
    public static final double TARGET_TOLERANCE = 0.99;

    /** How the publisher sends: open loop at a fixed rate, or as fast as the transport accepts. */
    public enum Mode
    {
        LATENCY,
        THROUGHPUT
    }

    /** Copies the environment. */
    public RunResult
    {
        environment = Map.copyOf(environment);
    }

    /** @return bytes allocated per message of the window, by publisher and consumer together. */
    public double allocatedBytesPerMessage()
    {
        return samples == 0 ? 0 : (publisherAllocatedBytes + consumerAllocatedBytes) / (double)samples;
    }
}
