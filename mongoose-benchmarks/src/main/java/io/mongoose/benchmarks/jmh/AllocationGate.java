package io.mongoose.benchmarks.jmh;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * The allocation gate of the JMH smoke run: given what each benchmark allocated per operation in each measurement
 * iteration, it names the {@link AllocationGated} benchmarks that allocate. Pure: it reads no JMH results itself, so it
 * is tested without running JMH. {@link JmhSmoke} feeds it JMH's {@code gc.alloc.rate.norm} and operation counts.
 *
 * <p>The rule: an iteration's allocation beyond a fixed {@value #ALLOWANCE_BYTES_PER_ITERATION}-byte allowance, divided
 * by its operations, is its judged figure; a gated benchmark fails when even its best measurement iteration is above
 * {@value #THRESHOLD_BYTES_PER_OP} B/op, or when its allocation was not measured.
 *
 * <p>Why {@value #THRESHOLD_BYTES_PER_OP} B/op. The gated paths allocate nothing in steady state, so their true figure
 * is 0. The smallest object the JVM allocates is 16 bytes, and the message these paths move is 40
 * ({@code PoolBenchmark.allocate} measures exactly 40.0 B/op): a path that allocates one such message every ten
 * operations, or any object every four, measures 4 B/op or more.
 *
 * <p>Why an allowance. JMH's GC profiler sums what every thread of the benchmark JVM allocated during the iteration,
 * JMH's own bookkeeping included, and divides by the operations. That bookkeeping is a fixed 6 to 7 KB per iteration
 * here (JDK 17 and 25): 0.0003 B/op for the pool benchmark (17 million operations in 200 ms) and about 0.05 B/op for
 * the Mongoose round trip (over 100,000) on an idle machine. But when other processes keep both cores of a 2-core
 * machine busy, two busy-spinning threads can end up sharing one core and a round trip then waits for the scheduler:
 * one measured run made 25 round trips in an iteration, and the same 7 KB came to 277 B/op. The allowance absorbs that
 * fixed cost whatever the operation count, so CPU contention cannot fail the gate; on a normal run it moves the
 * threshold by under 0.2 B/op. The cost of the rule: an iteration with very few operations can hide a small per
 * operation allocation, which the next normal run catches.
 *
 * <p>Why the best iteration. Allocation made per operation appears in every iteration alike; a one-off appears in one.
 * JMH runs the trial tear-down inside the last iteration, and stopping a server allocates about 840 KB the first time
 * (class initialisation, the record {@code toString} bootstrap, the log line), far beyond any allowance.
 */
public final class AllocationGate
{
    /** The most bytes per operation a gated benchmark may allocate beyond the allowance. */
    public static final double THRESHOLD_BYTES_PER_OP = 4.0;
    /** Bytes per iteration that are not charged to the operations: over twice JMH's own bookkeeping. */
    public static final long ALLOWANCE_BYTES_PER_ITERATION = 16 * 1024;

    private final double thresholdBytesPerOp;
    private final long allowanceBytesPerIteration;

    /**
     * @param thresholdBytesPerOp        the most bytes per operation a gated benchmark may allocate beyond the
     *                                   allowance; not negative.
     * @param allowanceBytesPerIteration bytes per iteration not charged to the operations; not negative.
     */
    public AllocationGate(final double thresholdBytesPerOp, final long allowanceBytesPerIteration)
    {
        if (!(thresholdBytesPerOp >= 0))
        {
            throw new IllegalArgumentException("thresholdBytesPerOp: " + thresholdBytesPerOp + "; expected >= 0");
        }
        if (allowanceBytesPerIteration < 0)
        {
            throw new IllegalArgumentException(
                "allowanceBytesPerIteration: " + allowanceBytesPerIteration + "; expected >= 0");
        }
        this.thresholdBytesPerOp = thresholdBytesPerOp;
        this.allowanceBytesPerIteration = allowanceBytesPerIteration;
    }

    /**
     * @return the gate with {@link #THRESHOLD_BYTES_PER_OP} and {@link #ALLOWANCE_BYTES_PER_ITERATION}.
     */
    public static AllocationGate standard()
    {
        return new AllocationGate(THRESHOLD_BYTES_PER_OP, ALLOWANCE_BYTES_PER_ITERATION);
    }

    /**
     * @return the most bytes per operation a gated benchmark may allocate beyond the allowance.
     */
    public double thresholdBytesPerOp()
    {
        return thresholdBytesPerOp;
    }

    /**
     * @return bytes per iteration not charged to the operations.
     */
    public long allowanceBytesPerIteration()
    {
        return allowanceBytesPerIteration;
    }

    /**
     * @param iteration one measurement iteration.
     * @return its allocation beyond the allowance per operation, 0 when within the allowance; {@code NaN} when it has
     *         no allocation figure or no operations.
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
     * The iteration the gate judges a benchmark by: the one with the lowest judged figure, ties (usually all 0)
     * broken by the lowest raw figure, so reports show the cleanest measurement.
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
     * @return whether it fails the gate: gated, and its best iteration is above the threshold or its allocation was
     *         not measured (a gated path whose allocation is unknown has not been shown to allocate nothing).
     */
    public boolean fails(final Measurement measurement)
    {
        if (!measurement.gated())
        {
            return false;
        }
        final Iteration best = bestIteration(measurement);
        return null == best || judgedBytesPerOp(best) > thresholdBytesPerOp;
    }

    /**
     * @param measurements every benchmark's allocation.
     * @return those that fail the gate, in the given order; empty when the gate passes.
     */
    public List<Measurement> violations(final Collection<Measurement> measurements)
    {
        final List<Measurement> failed = new ArrayList<>();
        for (final Measurement measurement : measurements)
        {
            if (fails(measurement))
            {
                failed.add(measurement);
            }
        }
        return failed;
    }

    /**
     * Whether a benchmark is gated, from its JMH name: a benchmark method {@code package.Class.method} carrying
     * {@link AllocationGated}. Group benchmarks ({@code package.Class.group}) name no method and are never gated.
     *
     * @param benchmark the fully qualified name JMH reports.
     * @return whether the named method exists and is marked.
     */
    public static boolean isGated(final String benchmark)
    {
        Objects.requireNonNull(benchmark, "benchmark: null; expected package.Class.method");
        final int dot = benchmark.lastIndexOf('.');
        if (dot <= 0)
        {
            return false;
        }
        final Class<?> type;
        try
        {
            type = Class.forName(benchmark.substring(0, dot), false, AllocationGate.class.getClassLoader());
        }
        catch (final ClassNotFoundException ex)
        {
            return false;
        }
        final String methodName = benchmark.substring(dot + 1);
        for (final Method method : type.getMethods())
        {
            if (method.getName().equals(methodName) && method.isAnnotationPresent(AllocationGated.class))
            {
                return true;
            }
        }
        return false;
    }

    /**
     * One measurement iteration as the gate sees it.
     *
     * @param bytesPerOp bytes allocated per operation ({@code gc.alloc.rate.norm}); {@code NaN} if not measured.
     * @param operations operations the profiler divided by (JMH's all-ops count of the iteration).
     */
    public record Iteration(double bytesPerOp, long operations)
    {
    }

    /**
     * One benchmark's allocation as the gate sees it.
     *
     * @param benchmark  the benchmark's name.
     * @param gated      whether it is on the dispatch path and so held to the threshold.
     * @param iterations its measurement iterations.
     */
    public record Measurement(String benchmark, boolean gated, List<Iteration> iterations)
    {
        /**
         * Checks the name and copies the iterations.
         */
        public Measurement
        {
            Objects.requireNonNull(benchmark, "benchmark: null; expected a name");
            iterations = List.copyOf(iterations);
        }
    }
}
