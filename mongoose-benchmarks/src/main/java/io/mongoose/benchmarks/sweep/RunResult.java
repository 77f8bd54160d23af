package io.mongoose.benchmarks.sweep;

import org.HdrHistogram.Histogram;

import java.util.Map;

/**
 * Everything one measured run found: what was asked, what was achieved, both latency histograms (nanoseconds), what
 * and the environment. Written by {@link RunResultFiles} next
 * to the run's {@code .hgrm}; reports are generated from these files.
 *
 * @param transport               {@code mongoose}, {@code disruptor}, {@code agrona}, {@code jctools} or {@code abq}.
 * @param mode                    {@link Mode#LATENCY} (paced open loop) or {@link Mode#THROUGHPUT} (unpaced).
 * @param targetRate              messages per second asked for; 0 in throughput mode.
 * @param achievedRate            messages per second sent in the measurement window.
 * @param targetMet               whether the achieved rate reached {@link #TARGET_TOLERANCE} of the target (always true
 *                                in throughput mode, which has no target).
 * @param samples                 messages of the window: each recorded in a latency run; in a throughput run one in 64
 *                                carries a time and is recorded (see UnpacedTiming).
 * @param warmupMillis            warm-up at rate before the window.
 * @param runMillis               length of the window.
 * @param drainLimit              consumer batch limit (Mongoose's drain limit; the peers' consumers use the same).
 * @param idle                    consumer idle strategy name.
 * @param pinRequest              pinning asked for ({@code none} or {@code auto}).
 * @param publisherPinning        what pinning achieved for the publisher thread.
 * @param consumerPinning         what pinning achieved for the consumer thread.
 * @param gcCount                 collections during the window.
 * @param gcMillis                collection time during the window.
 * @param publisherAllocatedBytes bytes the publisher thread allocated during the window.
 * @param consumerAllocatedBytes  bytes the consumer thread allocated during the window.
 * @param latency                 receive time minus intended send time, ns (coordinated-omission free).
 * @param service                 receive time minus actual send time, ns.
 * @param environment             CPU, cores, JDK, flags, GC, clocksource: see {@code BenchmarkEnvironment}.
 */
public record RunResult(
    String transport, Mode mode, long targetRate, double achievedRate, boolean targetMet, long samples,
    long warmupMillis, long runMillis, int drainLimit, String idle, String pinRequest, String publisherPinning,
    String consumerPinning, long gcCount, long gcMillis, long publisherAllocatedBytes, long consumerAllocatedBytes,
    Histogram latency, Histogram service, Map<String, String> environment)
{
    /** A latency run whose achieved rate is below this fraction of its target is labelled as having missed it. */
    public static final double TARGET_TOLERANCE = 0.99;

    /** How the publisher sends. */
    public enum Mode
    {
        /** Open loop at a fixed rate; latency is measured from the intended send time. */
        LATENCY,
        /** As fast as the transport accepts; the figure of interest is the achieved rate. */
        THROUGHPUT
    }

    /**
     * Copies the environment.
     */
    public RunResult
    {
        environment = Map.copyOf(environment);
    }

    /**
     * @return bytes allocated per recorded message by publisher and consumer together.
     */
    public double allocatedBytesPerMessage()
    {
        return samples == 0 ? 0 : (publisherAllocatedBytes + consumerAllocatedBytes) / (double)samples;
    }
}
