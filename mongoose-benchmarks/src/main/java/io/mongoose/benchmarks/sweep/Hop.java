package io.mongoose.benchmarks.sweep;

/**
 * One transport's hop from the publisher thread to a consumer thread. The harness calls {@link #send} from its single
 * publisher thread; the hop delivers every message, losslessly and in order, to its {@link Receiver} on its single
 * consumer thread. Implementations use their transport's idiomatic zero-allocation form.
 */
@SuppressWarnings("try") // close() may throw InterruptedException: it joins or waits for a thread
interface Hop extends AutoCloseable
{
    /**
     * Start the consumer thread, feeding {@code receiver}. Returns once the consumer is running.
     *
     * @param receiver where received messages go.
     * @throws Exception if the transport cannot start.
     */
    void start(Receiver receiver) throws Exception;

    /**
     * Hand one message to the consumer, waiting while the hop is full. Publisher thread only.
     *
     * @param intendedNanos scheduled send time.
     * @param sentNanos     actual send time.
     */
    void send(long intendedNanos, long sentNanos);

    /**
     * @return the consumer thread, once started.
     */
    Thread consumerThread();

    /**
     * @return what pinning achieved for the consumer thread.
     */
    String consumerPinning();

    /**
     * Stop the consumer after everything sent has been received, and join it.
     *
     * @throws Exception if the transport did not stop cleanly (for Mongoose: a shutdown report that is not clean).
     */
    @Override
    void close() throws Exception;
}
