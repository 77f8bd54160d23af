package io.mongoose.benchmarks.sweep;

/**
 * Creates the hop for a transport.
 */
final class Hops
{
    private Hops()
    {
    }

    static Hop create(final SweepOptions options)
    {
        switch (options.transport())
        {
            case MONGOOSE:
                return new MongooseHop(options, true);
            case MONGOOSE_QUEUE:
                return new MongooseHop(options, false);
            case DISRUPTOR:
            case DISRUPTOR_TWIN:
                return new DisruptorHop(options);
            case AGRONA:
                return new AgronaHop(options);
            case JCTOOLS:
                return new JctoolsHop(options);
            default:
                return new AbqHop(options);
        }
    }
}
