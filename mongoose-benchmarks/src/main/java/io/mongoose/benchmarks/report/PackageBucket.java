package io.mongoose.benchmarks.report;

/**
 * The packages a hot-path profile splits self time into: the benchmark harness, HdrHistogram (the harness's
 * recording, kept apart so the cost of measuring shows on its own), Mongoose's own packages, each peer library, and
 * everything else (the JDK, mostly).
 */
public enum PackageBucket
{
    /** The benchmark harness: publisher loop, hops, recorder. */
    HARNESS("io.mongoose.benchmarks"),
    /** The harness's latency histograms. */
    HDR_HISTOGRAM("org.HdrHistogram"),
    /** Mongoose's object pools. */
    POOL("io.mongoose.pool"),
    /** Mongoose's server: feeds, publishers, agents. */
    SERVER("io.mongoose.server"),
    /** Mongoose's typed dispatch. */
    DISPATCH("io.mongoose.dispatch"),
    /** JCTools queues. */
    JCTOOLS("org.jctools"),
    /** Agrona queues, agent runners and idle strategies. */
    AGRONA("org.agrona"),
    /** The LMAX Disruptor. */
    DISRUPTOR("com.lmax"),
    /** Any other class: the JDK, mostly. */
    OTHER("other");

    private final String label;

    PackageBucket(final String label)
    {
        this.label = label;
    }

    /**
     * @return the package the bucket stands for, or {@code other}: how the report names it.
     */
    public String label()
    {
        return label;
    }

    /**
     * @param className a class's binary name.
     * @return the bucket of the class's package; a subpackage falls in its parent's bucket unless it has its own
     * ({@code io.mongoose.benchmarks.sweep} is the harness).
     */
    public static PackageBucket of(final String className)
    {
        for (final PackageBucket bucket : values())
        {
            if (bucket != OTHER && className.startsWith(bucket.label + "."))
            {
                return bucket;
            }
        }
        return OTHER;
    }
}
