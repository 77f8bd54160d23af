package io.mongoose.benchmarks.jmh;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * The allocation gate of the JMH smoke run: names the {@link AllocationGated} benchmarks that allocate, from what each
 * allocated per operation in each measurement iteration. Pure, so it is tested without running JMH.
 *
 * <p>An iteration's allocation beyond a fixed allowance per iteration, divided by its operations, is its judged
 * figure: the allowance absorbs JMH's own bookkeeping (6 to 7 KB per iteration), which CPU contention would otherwise
 * spread over a handful of operations. A gated benchmark fails when its best iteration is above the threshold (the
 * last iteration also runs the trial tear-down, and stopping a server allocates about 840 KB once), or when its
 * allocation was not measured. Allocating the smallest object (16 bytes) every fourth operation crosses 4 B/op.
 *
 * @param thresholdBytesPerOp        the most bytes per operation a gated benchmark may allocate beyond the allowance.
 * @param allowanceBytesPerIteration bytes per iteration not charged to the operations.
 */
public record AllocationGate(double thresholdBytesPerOp, long allowanceBytesPerIteration)
{
    /** The standard threshold, in bytes per operation. */
    public static final double THRESHOLD_BYTES_PER_OP = 4.0;
    /** The standard allowance: over twice JMH's own bookkeeping per iteration. */
    public static final long ALLOWANCE_BYTES_PER_ITERATION = 16 * 1024;

    /** Checks that neither figure is negative (or NaN). */
    public AllocationGate
    {
        if (!(thresholdBytesPerOp >= 0) || allowanceBytesPerIteration < 0)
        {
            throw new IllegalArgumentException("thresholdBytesPerOp: " + thresholdBytesPerOp +
                ", allowanceBytesPerIteration: " + allowanceBytesPerIteration + "; expected both >= 0");
        }
    }

    /** @return the gate with {@link #THRESHOLD_BYTES_PER_OP} and {@link #ALLOWANCE_BYTES_PER_ITERATION}. */
    public static AllocationGate standard()
    {
        return new AllocationGate(THRESHOLD_BYTES_PER_OP, ALLOWANCE_BYTES_PER_ITERATION);
    }

    /**
     * @param iteration one measurement iteration.
     * @return its allocation beyond the allowance per operation; {@code NaN} without a figure or operations.
     */
    public double judgedBytesPerOp(final Iteration iteration)
    {
        if (Double.isNaN(iteration.bytesPerOp()) || iteration.operations() <= 0)
        {
            return Double.NaN;
        }
        final double allocated = iteration.bytesPerOp() * iteration.operations();
        return Math.max(0, allocated - allowanceBytesPerIteration) / iteration.operations();
    }

    /**
     * The iteration a benchmark is judged by: the lowest judged figure, ties broken by the lowest raw figure.
     *
     * @param measurement one benchmark's iterations.
     * @return its best iteration, or {@code null} when it has none or one of them was not measured.
     */
    public Iteration bestIteration(final Measurement measurement)
    {
        Iteration best = null;
        for (final Iteration iteration : measurement.iterations())
        {
            final double judged = judgedBytesPerOp(iteration);
            if (Double.isNaN(judged))
            {
                return null;
            }
            if (null == best || judged < judgedBytesPerOp(best) ||
                (judged == judgedBytesPerOp(best) && iteration.bytesPerOp() < best.bytesPerOp()))
            {
                best = iteration;
            }
        }
        return best;
    }

    /**
     * @param measurement one benchmark's allocation.
     * @return whether it is gated and its best iteration is above the threshold or missing.
     */
    public boolean fails(final Measurement measurement)
    {
        final Iteration best = bestIteration(measurement);
        return measurement.gated() && (null == best || judgedBytesPerOp(best) > thresholdBytesPerOp);
    }

    /**
     * @param measurements every benchmark's allocation.
     * @return those that fail the gate, in the given order.
     */
    public List<Measurement> violations(final Collection<Measurement> measurements)
    {
        return measurements.stream().filter(this::fails).toList();
    }

    /**
     * @param benchmark the fully qualified {@code package.Class.method} name JMH reports.
     * @return whether that method exists and carries {@link AllocationGated}; group benchmarks never do.
     */
    public static boolean isGated(final String benchmark)
    {
        final int dot = Objects.requireNonNull(benchmark, "benchmark").lastIndexOf('.');
        try
        {
            final Class<?> type = Class.forName(benchmark.substring(0, Math.max(dot, 0)), false,
                AllocationGate.class.getClassLoader());
            final String name = benchmark.substring(dot + 1);
            return Arrays.stream(type.getMethods())
                .anyMatch(m -> m.getName().equals(name) && m.isAnnotationPresent(AllocationGated.class));
        }
        catch (final ClassNotFoundException ex)
        {
            return false;
        }
    }

    /**
     * One measurement iteration as the gate sees it.
     *
     * @param bytesPerOp bytes allocated per operation ({@code gc.alloc.rate.norm}); {@code NaN} if not measured.
     * @param operations operations the profiler divided by.
     */
    public record Iteration(double bytesPerOp, long operations)
    {
    }

    /**
     * One benchmark's allocation as the gate sees it.
     *
     * @param benchmark  the benchmark's name.
     * @param gated      whether it is held to the threshold.
     * @param iterations its measurement iterations.
     */
    public record Measurement(String benchmark, boolean gated, List<Iteration> iterations)
    {
        /** Checks the name and copies the iterations. */
        public Measurement
        {
            Objects.requireNonNull(benchmark, "benchmark");
            iterations = List.copyOf(iterations);
        }
    }
}
