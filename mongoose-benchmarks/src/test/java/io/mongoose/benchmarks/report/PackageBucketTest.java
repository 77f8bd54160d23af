package io.mongoose.benchmarks.report;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Which bucket a class's self time goes to: the harness and HdrHistogram apart, each Mongoose package and peer
 * library by prefix, a look-alike package not mistaken for one.
 */
class PackageBucketTest
{
    @Test
    void eachPackageToItsBucket()
    {
        assertEquals(PackageBucket.HARNESS, PackageBucket.of("io.mongoose.benchmarks.sweep.SweepRun"));
        assertEquals(PackageBucket.HARNESS, PackageBucket.of("io.mongoose.benchmarks.sweep.LatencyRecorder"));
        assertEquals(PackageBucket.HDR_HISTOGRAM, PackageBucket.of("org.HdrHistogram.AbstractHistogram"));
        assertEquals(PackageBucket.POOL, PackageBucket.of("io.mongoose.pool.ObjectPool"));
        assertEquals(PackageBucket.SERVER, PackageBucket.of("io.mongoose.server.FeedPublisher"));
        assertEquals(PackageBucket.DISPATCH, PackageBucket.of("io.mongoose.dispatch.Dispatcher"));
        assertEquals(PackageBucket.JCTOOLS, PackageBucket.of("org.jctools.queues.SpscArrayQueue"));
        assertEquals(PackageBucket.AGRONA, PackageBucket.of("org.agrona.concurrent.AgentRunner"));
        assertEquals(PackageBucket.DISRUPTOR, PackageBucket.of("com.lmax.disruptor.BatchEventProcessor"));
        assertEquals(PackageBucket.OTHER, PackageBucket.of("java.lang.Thread"));
    }

    @Test
    void aPackageThatOnlyStartsAlikeIsOther()
    {
        assertEquals(PackageBucket.OTHER, PackageBucket.of("io.mongoose.poolside.Chair"));
        assertEquals(PackageBucket.OTHER, PackageBucket.of("com.lmaxx.Ring"));
        assertEquals(PackageBucket.OTHER, PackageBucket.of("io.mongoose.Mongoose"));
    }

    @Test
    void labelsAreThePackages()
    {
        assertEquals("io.mongoose.benchmarks", PackageBucket.HARNESS.label());
        assertEquals("org.HdrHistogram", PackageBucket.HDR_HISTOGRAM.label());
        assertEquals("other", PackageBucket.OTHER.label());
    }
}
