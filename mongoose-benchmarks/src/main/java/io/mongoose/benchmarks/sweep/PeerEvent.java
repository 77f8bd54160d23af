package io.mongoose.benchmarks.sweep;

import java.util.Locale;

/**
 * Which event the peers' hops carry. Every target is judged with {@link #RAW}; {@link #PADDED} is for one question
 * only, asked with {@code PairedRunMain --peerEvent=padded}: how much of Mongoose's distance from a peer is the size of
 * what each hop moves per message rather than the code that moves it. The full sweep asks it at 1M and 10M msg/s and
 * unpaced, and its report shows the answer beside the paired runs, judging nothing on it. A far placement of the two
 * threads makes every cache line a publish writes cross between core complexes and back, so the bytes per message
 * count: Mongoose's message is 64 bytes, where two raw events share a line.
 */
public enum PeerEvent
{
    /** The peers' own event: a header and the two longs, 32 bytes, two to a cache line. */
    RAW,
    /**
     * The same two longs and 32 bytes of padding: 64 bytes, the size of the sweep's Mongoose message with compressed
     * class pointers, so each hop moves as many bytes per message as Mongoose's.
     */
    PADDED;

    /**
     * @return the name on the command line and in data files.
     */
    public String flagName()
    {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * @param name a {@link #flagName()}.
     * @return the event kind, or {@code null} if no kind has that name.
     */
    public static PeerEvent byName(final String name)
    {
        for (final PeerEvent e : values())
        {
            if (e.flagName().equals(name))
            {
                return e;
            }
        }
        return null;
    }

    /**
     * @return a new event of this kind; for the hops' pre-allocation, never per message.
     */
    BenchEvent create()
    {
        return RAW == this ? new BenchEvent() : new PaddedBenchEvent();
    }
}
