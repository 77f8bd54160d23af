package io.mongoose.benchmarks.report;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * How frames are keyed: method without line for inclusive counts, with line where known for self counts, and hidden
 * class names stripped of what changes between JVMs.
 */
class ProfileFrameTest
{
    @Test
    void methodAndLocationKeys()
    {
        final ProfileFrame frame = new ProfileFrame("io.mongoose.pool.ObjectPool", "acquire", 61);
        assertEquals("io.mongoose.pool.ObjectPool.acquire", frame.method());
        assertEquals("io.mongoose.pool.ObjectPool.acquire:61", frame.location());
        assertEquals("java.lang.Thread.onSpinWait", new ProfileFrame("java.lang.Thread", "onSpinWait", -1).location());
        assertEquals("java.lang.Thread.onSpinWait", new ProfileFrame("java.lang.Thread", "onSpinWait", 0).location());
    }

    @Test
    void aLambdaClassLosesItsNumberAndAddress()
    {
        assertEquals("io.mongoose.benchmarks.sweep.MongooseHop$1$$Lambda", ProfileFrame.stableClassName(
            "io.mongoose.benchmarks.sweep.MongooseHop$1$$Lambda$109+0x00007f0394088c88.168366"));
        assertEquals("java.util.regex.Pattern$$Lambda",
            ProfileFrame.stableClassName("java.util.regex.Pattern$$Lambda$18+0x800000028.764372388"));
        // As Class.getName() writes a hidden class.
        assertEquals("io.mongoose.benchmarks.sweep.MongooseHop$$Lambda",
            ProfileFrame.stableClassName("io.mongoose.benchmarks.sweep.MongooseHop$$Lambda$14/0x0000000800c03000"));
        // JDK 21 and later: the address after a dot, no number.
        assertEquals("io.mongoose.benchmarks.sweep.MongooseHop$1$$Lambda",
            ProfileFrame.stableClassName("io.mongoose.benchmarks.sweep.MongooseHop$1$$Lambda.0x00000000351223f0"));
    }

    @Test
    void otherHiddenClassesLoseTheirAddress()
    {
        assertEquals("java.lang.invoke.LambdaForm$MH",
            ProfileFrame.stableClassName("java.lang.invoke.LambdaForm$MH+0x00007f0394012c00.1234"));
    }

    @Test
    void ordinaryNamesAreKept()
    {
        assertEquals("io.mongoose.benchmarks.sweep.SweepRun$Publisher",
            ProfileFrame.stableClassName("io.mongoose.benchmarks.sweep.SweepRun$Publisher"));
        assertEquals("java.lang.invoke.LambdaForm$Name", ProfileFrame.stableClassName("java.lang.invoke.LambdaForm$Name"));
    }
}
