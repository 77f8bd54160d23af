package io.mongoose.benchmarks.sweep;

/** The event the peers carry: pre-allocated and recycled. */
class BenchEvent
{
    long intendedNanos;
    long sentNanos;
}
