package io.mongoose.benchmarks.sweep;

/**
 * {@link BenchEvent} padded to the size of the sweep's Mongoose message (see {@link PeerEvent#PADDED}): 40 bytes with
 * compressed class pointers. Bytes, so the field layout can fill every gap: four go into the header's, ahead of the
 * payload (offsets 16 to 31), and four follow it, so the object ends where Mongoose's message of the same two longs
 * does.
 */
final class PaddedBenchEvent extends BenchEvent
{
    byte p00, p01, p02, p03, p04, p05, p06, p07;
}
