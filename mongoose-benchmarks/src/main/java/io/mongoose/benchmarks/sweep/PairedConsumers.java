package io.mongoose.benchmarks.sweep;

/** The consumer side of a paired run, as {@code --consumers} chooses it; every method on the publisher thread. */
@SuppressWarnings("try") // close() may throw InterruptedException: it joins or waits for a thread
interface PairedConsumers extends AutoCloseable
{
    /** Round trips through the consumer before a slice: when they are back, the consumer is spinning on the lane. */
    int HANDSHAKES = 33;

    /** @return one lane per transport, in the options' order. */
    PairedLane[] lanes();

    /** Make the lane's consumer ready for its slice; throws if a consumer failed or did not answer in time. */
    void beginSlice(int lane);

    void endSlice(int lane);

    /** @throws IllegalStateException if a consumer thread has failed or ended, with its failure as the cause. */
    void check();

    /** @return the consumer arrangement, in a sentence or two for the report's method paragraph. */
    String describe();

    /** Stop every consumer once everything sent was received; throws the first hop's failure to stop cleanly. */
    @Override
    void close() throws Exception;
}
