package io.mongoose.benchmarks.sweep;

/**
 * The event the peers carry: pre-allocated and recycled, never created per message. {@link PaddedBenchEvent} pads it to
 * the size of Mongoose's message, for {@code PairedRunMain --peerEvent=padded} alone (see {@link PeerEvent}).
 */
class BenchEvent
{
    long intendedNanos;
    long sentNanos;
}
