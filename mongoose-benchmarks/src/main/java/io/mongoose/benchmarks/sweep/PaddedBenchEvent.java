package io.mongoose.benchmarks.sweep;

/**
 * {@link BenchEvent} padded to the size of the sweep's Mongoose message (see {@link PeerEvent#PADDED}): 64 bytes with
 * compressed class pointers. Bytes, so the field layout can fill every gap: four go into the header's, ahead of the
 * payload (offsets 16 to 31), and 28 follow it, so the object ends where Mongoose's message of the same two longs
 * does.
 */
final class PaddedBenchEvent extends BenchEvent
{
    byte p00, p01, p02, p03, p04, p05, p06, p07;
    byte p08, p09, p10, p11, p12, p13, p14, p15;
    byte p16, p17, p18, p19, p20, p21, p22, p23;
    byte p24, p25, p26, p27, p28, p29, p30, p31;
}
