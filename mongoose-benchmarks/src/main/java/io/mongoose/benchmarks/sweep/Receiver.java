package io.mongoose.benchmarks.sweep;

/** Where a {@link Hop} delivers each message, on its consumer thread. */
interface Receiver
{
    void onReceive(long intendedNanos, long sentNanos);
}
