package io.mongoose.benchmarks.sweep;

/**
 * {@link BenchEvent} padded to the size of the sweep's Mongoose message (see {@link PeerEvent#PADDED}): 96 bytes with
 * compressed class pointers. Bytes, so the field layout can fill every gap: four go into the header's, ahead of the
 * payload (offsets 16 to 31), and the rest follow it, so the bytes a publish writes in one event lie 80 bytes from the
 * next event's, as far apart as in Mongoose's message.
 */
final class PaddedBenchEvent extends BenchEvent
{
    byte p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
    byte p16, p17, p18, p19, p20, p21, p22, p23, p24, p25, p26, p27, p28, p29, p30, p31;
    byte p32, p33, p34, p35, p36, p37, p38, p39, p40, p41, p42, p43, p44, p45, p46, p47;
    byte p48, p49, p50, p51, p52, p53, p54, p55, p56, p57, p58, p59, p60, p61, p62, p63;
}
