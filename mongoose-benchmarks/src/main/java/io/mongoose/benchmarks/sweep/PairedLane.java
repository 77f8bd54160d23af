package io.mongoose.benchmarks.sweep;

/** One transport in a paired run as its publisher thread sees it: where to send, and where its consumer records. */
interface PairedLane
{
    Transport transport();

    /** Send one message, spinning while the hop is full. */
    void send(long intendedNanos, long sentNanos);

    SliceRecorder recorder();
}
