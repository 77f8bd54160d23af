package io.mongoose.benchmarks.sweep;

/** One transport's hop, lossless and in order, from the publisher thread to the consumer's {@link Receiver}. */
@SuppressWarnings("try") // close() may throw InterruptedException: it joins or waits for a thread
interface Hop extends AutoCloseable
{
    static Hop create(final SweepOptions options)
    {
        return switch (options.transport())
        {
            case MONGOOSE -> new MongooseHop(options, true);
            case MONGOOSE_QUEUE -> new MongooseHop(options, false);
            case DISRUPTOR, DISRUPTOR_TWIN -> new DisruptorHop(options);
            case AGRONA -> new AgronaHop(options);
            case JCTOOLS -> new JctoolsHop(options);
            case ABQ -> new AbqHop(options);
        };
    }

    /** Start the consumer thread, feeding {@code receiver}; returns once it runs. */
    void start(Receiver receiver) throws Exception;

    /** Hand one message to the consumer, waiting while the hop is full; publisher thread only. */
    void send(long intendedNanos, long sentNanos);

    Thread consumerThread();

    /** @return what pinning achieved for the consumer thread. */
    String consumerPinning();

    /** Stop the consumer once everything sent was received; throws if the transport did not stop cleanly. */
    @Override
    void close() throws Exception;
}
