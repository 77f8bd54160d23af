package io.mongoose.pool;

/**
 * Where a pool's up-front messages lie in the heap relative to each other, once a collection that keeps the heap's
 * order has compacted them (G1's and Parallel's full collections do; the server's start-up ring layout runs one for
 * ring feeds, see {@code io.mongoose.server.RingLayout}). It matters to a ring feed, whose producer writes every
 * message and whose agent reads it, so each message's cache lines cross between the two cores: how many lines a
 * message costs, and whether the producer fills the next message on a line the agent reads the last one from, set
 * how soon a message reaches its handler and how many a second the feed moves unpaced. Set per pool in
 * {@link PoolConfig}.
 *
 * <p>Measured on two hosts ({@code docs/architecture.md}, "Messages a state apart" and "Packed, as an option"):
 * {@link #SPACED} gave the lower p50 and p90 from 10k to 1M msg/s on both, near and far placements alike, and the
 * higher unpaced throughput where the two cores shared a cache. {@link #PACKED} held the lower p50 at 10M msg/s where
 * the two cores had no cache in common (an AMD EPYC host's vCPUs on different core complexes), and moved about twice
 * as many messages a second unpaced there until the agent gave a streaming producer a head start, with which both
 * layouts moved about as many in the far JVMs measured ({@code docs/architecture.md}, "A head start for a streaming
 * producer"). Hence the default, and the choice.
 */
public enum MessageLayout
{
    /**
     * The default: each message a state apart (112 bytes from one to the next for a message of two {@code long}s).
     * Each message keeps the state its constructor made right after it, so neighbouring messages share no cache line
     * (except where an allocation buffer ended between a message and its state), and the producer never fills a line
     * the agent is reading; at the cost of about one and a half lines per message.
     */
    SPACED,
    /**
     * Messages next to each other, two 40-byte messages to a cache line as a Disruptor's events are, so a ring feed
     * moves the fewest lines per message: for a feed near 10M msg/s between cores that share no cache, where it held
     * the lower p50, at the cost of a higher one at lower rates. The pool gives each up-front message a state made
     * after all of them, so the states the constructors made die and a compacting collection closes their gaps.
     */
    PACKED
}
