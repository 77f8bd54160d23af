package io.mongoose.benchmarks.sweep;

/**
 * How an unpaced run times its messages: one in {@link #TIMED_EVERY} carries the publisher's clock reading, the rest
 * {@link #UNTIMED}, which a consumer only counts.
 *
 * <p>Why not time every message: on this harness's VMs a clock read costs some 25-30 ns, and an unpaced run that read
 * it for every message on both threads (to stamp it, to record it) measured the clock, not the hop. In paired unpaced
 * rounds Mongoose and the Disruptor both read 34-38M msg/s so; timed one in 64, they read 169-171M and 117-136M msg/s
 * (docs/benchmark-method.md, "Unpaced runs time one message in 64").
 * Paced runs still time every message: there the schedule spaces the sends, and each message's latency is the point.
 */
final class UnpacedTiming
{
    /** One message in this many carries a time. */
    static final int TIMED_EVERY = 64;
    /**
     * The intended and sent times of an untimed message: no clock gives it, and it lies above the paired runs' control
     * codes ({@link SliceGate#PARK}, {@link SliceGate#PROBE}), so a gate passes it on to be counted.
     */
    static final long UNTIMED = Long.MIN_VALUE + 2;

    private UnpacedTiming()
    {
    }
}
