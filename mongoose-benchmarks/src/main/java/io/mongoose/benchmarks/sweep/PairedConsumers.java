package io.mongoose.benchmarks.sweep;

/**
 * The consumer side of a paired run ({@link PairedRunMain}): which thread takes each transport's messages, how a
 * transport's slice begins and ends, and how the placement is read before it. Two kinds, chosen by
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

    /**
     * Make the lane's consumer ready for its slice, then read where the host has the two CPUs now.
     *
     * @param lane  index into {@link #lanes()}.
     * @param trips scratch for the round trips; the reading is their median.
     * @return the placement reading, nanoseconds.
     * @throws IllegalStateException if a consumer thread failed or did not answer in time.
     */
    long beginSlice(int lane, long[] trips);

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
     * @return how {@link #beginSlice} reads the placement, a clause for the report's placement paragraph.
     */
    String placementMethod();

    /**
     * Stop every consumer after everything sent was received, and check each hop ended cleanly.
     *
     * @throws Exception the first hop's failure to stop cleanly, any others suppressed in it.
     */
    @Override
    void close() throws Exception;
}
