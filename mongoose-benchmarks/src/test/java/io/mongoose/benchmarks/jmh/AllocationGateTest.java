package io.mongoose.benchmarks.jmh;

import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AllocationGateTest
{
    private static final String PACKAGE = "io.mongoose.benchmarks.jmh.";

    private static final long ALLOWANCE = 16 * 1024;
    private static final long MANY_OPS = 1_000_000;

    @Test
    void flagsOnlyGatedBenchmarksAboveTheThreshold()
    {
        final AllocationGate gate = new AllocationGate(4.0, ALLOWANCE);
        final AllocationGate.Measurement gatedClean = measurement("pool", true, 0.0004);
        final AllocationGate.Measurement gatedAllocating = measurement("hop", true, 24.0);
        final AllocationGate.Measurement baselineAllocating = measurement("new", false, 40.0);
        final AllocationGate.Measurement baselineClean = measurement("raw", false, 0.02);

        assertEquals(List.of(gatedAllocating),
            gate.violations(List.of(gatedClean, gatedAllocating, baselineAllocating, baselineClean)));
    }

    @Test
    void theThresholdItselfPassesAndAnythingAboveFails()
    {
        final AllocationGate gate = new AllocationGate(4.0, 0);

        assertFalse(gate.fails(measurement("at", true, 4.0)));
        assertTrue(gate.fails(measurement("above", true, 4.001)));
        assertFalse(gate.fails(measurement("zero", true, 0.0)));
    }

    @Test
    void theAllowanceAbsorbsAFixedCostPerIterationWhateverTheOperationCount()
    {
        final AllocationGate gate = new AllocationGate(4.0, ALLOWANCE);
        // JMH's ~7 KB of bookkeeping over 25 operations, as measured under CPU contention: 277 B/op, all of it fixed.
        final AllocationGate.Measurement contended =
            new AllocationGate.Measurement("contended", true, List.of(new AllocationGate.Iteration(277.12, 25)));
        // The same bookkeeping plus 5 B for each of 100,000 operations.
        final AllocationGate.Measurement allocating = new AllocationGate.Measurement("contended", true,
            List.of(new AllocationGate.Iteration((7_000 + 5.0 * 100_000) / 100_000, 100_000)));

        assertFalse(gate.fails(contended));
        assertEquals(0.0, gate.judgedBytesPerOp(contended.iterations().get(0)));
        assertTrue(gate.fails(allocating));
        assertEquals((7_000 + 5.0 * 100_000 - ALLOWANCE) / 100_000,
            gate.judgedBytesPerOp(allocating.iterations().get(0)), 1e-9);
    }

    @Test
    void judgesByTheBestIterationSoAOneOffInTheLastOneDoesNotCount()
    {
        final AllocationGate gate = new AllocationGate(4.0, ALLOWANCE);
        // The second iteration also carries the server's stop: 840 KB once, 7.8 B/op over its 108,000 operations.
        final AllocationGate.Iteration clean = new AllocationGate.Iteration(0.042, 140_000);
        final AllocationGate.Iteration tearDown = new AllocationGate.Iteration(7.82, 108_000);
        final AllocationGate.Measurement contended =
            new AllocationGate.Measurement("contended", true, List.of(clean, tearDown));
        final AllocationGate.Measurement steady = new AllocationGate.Measurement("hop", true,
            List.of(new AllocationGate.Iteration(16.0, MANY_OPS), new AllocationGate.Iteration(16.1, MANY_OPS)));

        assertSame(clean, gate.bestIteration(contended));
        assertFalse(gate.fails(contended));
        assertTrue(gate.fails(steady));
    }

    @Test
    void aGatedBenchmarkWithoutAMeasurementFailsAndABaselineWithoutOneDoesNot()
    {
        final AllocationGate gate = AllocationGate.standard();

        assertTrue(gate.fails(measurement("gated", true, Double.NaN)));
        assertTrue(gate.fails(new AllocationGate.Measurement("no iterations", true, List.of())));
        assertTrue(gate.fails(new AllocationGate.Measurement("no operations", true,
            List.of(new AllocationGate.Iteration(0.0, 0)))));
        assertTrue(gate.fails(new AllocationGate.Measurement("one unmeasured", true,
            List.of(new AllocationGate.Iteration(0.0, MANY_OPS), new AllocationGate.Iteration(Double.NaN, MANY_OPS)))));
        assertFalse(gate.fails(measurement("baseline", false, Double.NaN)));
    }

    @Test
    void passesWhenNothingIsGatedOrNothingWasMeasured()
    {
        final AllocationGate gate = AllocationGate.standard();

        assertTrue(gate.violations(List.of()).isEmpty());
        assertTrue(gate.violations(List.of(measurement("new", false, 1e6))).isEmpty());
    }

    @Test
    void standardGateIsFourBytesPerOperationBeyondSixteenKilobytesPerIteration()
    {
        assertEquals(4.0, AllocationGate.standard().thresholdBytesPerOp());
        assertEquals(16 * 1024, AllocationGate.standard().allowanceBytesPerIteration());
    }

    @Test
    void rejectsANegativeOrUndefinedThresholdOrAllowance()
    {
        assertThrows(IllegalArgumentException.class, () -> new AllocationGate(-1, ALLOWANCE));
        assertThrows(IllegalArgumentException.class, () -> new AllocationGate(Double.NaN, ALLOWANCE));
        assertThrows(IllegalArgumentException.class, () -> new AllocationGate(4.0, -1));
    }

    @Test
    void gatedBenchmarksAreExactlyTheDispatchPath()
    {
        final Set<String> gated = new TreeSet<>();
        for (final String benchmark : benchmarkNames())
        {
            if (AllocationGate.isGated(benchmark))
            {
                gated.add(benchmark.substring(PACKAGE.length()));
            }
        }

        assertEquals(new TreeSet<>(List.of(
            "PoolBenchmark.acquireRelease",
            "PoolBenchmark.threadCacheAcquireRelease",
            "PoolBenchmark.batchedRelease",
            "DispatchBenchmark.dispatchMonomorphic",
            "DispatchBenchmark.dispatchMegamorphic",
            "HopBenchmark.mongooseHop",
            "PathCostBenchmark.mongooseInvokerPath",
            "PathCostBenchmark.mongooseInvokerRingFeedPath",
            "PathCostBenchmark.mongooseInvokerPoolPath",
            "PathCostBenchmark.mongooseInvokerBatchPath")), gated);
    }

    @Test
    void baselinesGroupsAndUnknownNamesAreNotGated()
    {
        assertFalse(AllocationGate.isGated(PACKAGE + "PoolBenchmark.allocate"));
        assertFalse(AllocationGate.isGated(PACKAGE + "DispatchBenchmark.interfaceCallMegamorphic"));
        assertFalse(AllocationGate.isGated(PACKAGE + "HopBenchmark.rawSpscHop"));
        assertFalse(AllocationGate.isGated(PACKAGE + "PathCostBenchmark.disruptorPollerPath"));
        assertFalse(AllocationGate.isGated(PACKAGE + "PathCostBenchmark.rawSpscPath"));
        assertFalse(AllocationGate.isGated(PACKAGE + "NoSuchBenchmark.method"));
        assertFalse(AllocationGate.isGated("noDots"));
        assertTrue(AllocationGate.isGated(PACKAGE + "PoolBenchmark.acquireRelease"));
    }

    /** Two measurement iterations with the same figure and plenty of operations, as on an idle machine. */
    private static AllocationGate.Measurement measurement(
        final String name, final boolean gated, final double bytesPerOp)
    {
        final AllocationGate.Iteration iteration = new AllocationGate.Iteration(bytesPerOp, MANY_OPS);
        return new AllocationGate.Measurement(name, gated, List.of(iteration, iteration));
    }

    /** The benchmarks the JMH annotation processor listed at build time: the ones JmhSmoke runs. */
    private static Set<String> benchmarkNames()
    {
        final Set<String> names = new TreeSet<>();
        for (final BenchmarkListEntry entry : BenchmarkList.defaultList().getAll(
            OutputFormatFactory.createFormatInstance(System.out, VerboseMode.SILENT), List.of()))
        {
            names.add(entry.getUsername());
        }
        assertTrue(names.size() >= 10, "BenchmarkList has only " + names);
        return names;
    }
}
