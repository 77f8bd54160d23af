package io.mongoose.benchmarks.sweep;

/**
 * The event the peers carry: pre-allocated and recycled, never created per message.
 */
class BenchEvent
{
    long intendedNanos;
    long sentNanos;
}
