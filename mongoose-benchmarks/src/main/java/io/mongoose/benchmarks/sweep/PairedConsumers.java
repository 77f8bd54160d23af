package io.mongoose.benchmarks.sweep;

/**
 * The consumer side of a paired run ({@link PairedRunMain}): which thread takes each transport's messages, how a
 * transport's slice begins and ends. Two kinds, chosen by
 * {@code --consumers}: {@link OwnThreadConsumers} and {@link PolledConsumers}.
 *
 * <p>Threading: every method on the publisher thread, the thread that created it.
 */
@SuppressWarnings("try") // close() may throw InterruptedException: it joins or waits for a thread
interface PairedConsumers extends AutoCloseable
{
    /**
     * @return one lane per transport, in the options' order.
     */
    PairedLane[] lanes();

    /** Round trips through the consumer before a slice: when they are back, the consumer is spinning on the lane. */
    int HANDSHAKES = 33;

    /**
     * Make the lane's consumer ready for its slice: {@link #HANDSHAKES} round trips through it.
     *
     * @param lane index into {@link #lanes()}.
     * @throws IllegalStateException if a consumer thread failed or did not answer in time.
     */
    void beginSlice(int lane);

    /**
     * The lane's slice is over and every message of it was received.
     *
     * @param lane index into {@link #lanes()}.
     * @throws IllegalStateException if a consumer thread failed or did not answer in time.
     */
    void endSlice(int lane);

    /**
     * @throws IllegalStateException if a consumer thread has failed or ended, with its failure as the cause.
     */
    void check();

    /**
     * @return the run's consumer arrangement, one or two Markdown sentences for the report's method paragraph.
     */
    String describe();

    /**
     * Stop every consumer after everything sent was received, and check each hop ended cleanly.
     *
     * @throws Exception the first hop's failure to stop cleanly, any others suppressed in it.
     */
    @Override
    void close() throws Exception;
}
