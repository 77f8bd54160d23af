package io.mongoose.benchmarks.sweep;

/**
 * {@link BenchEvent} at the size of the sweep's Mongoose message (see {@link PeerEvent#PADDED}): 32 bytes with
 * compressed class pointers, which the raw event already is.
 */
final class PaddedBenchEvent extends BenchEvent
{
}
