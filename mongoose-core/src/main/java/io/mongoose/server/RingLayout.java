package io.mongoose.server;

/**
 * What {@link MongooseServer#start()} does to the heap layout of its ring feeds' messages before any thread touches
 * them ({@link ServerConfig#ringLayout()}). A ring feed moves each message's cache lines between the producer's core
 * and the consumer's; walking the messages in address order lets the hardware prefetch ahead of both, and a young
 * collection during start-up leaves the pool's messages out of that order. With the messages out of order, the ring
 * feed's unpaced throughput between far-apart cores fell by up to a third ({@code docs/architecture.md}, "Ring feeds",
 * session 18). A server without ring feeds does nothing, whatever this says.
 */
public enum RingLayout
{
    /**
     * The default: one {@link System#gc()} at start, then each ring's slots in the address order of their messages.
     * With the collectors that compact (G1's and Parallel's full collections), the messages then lie in the old
     * generation in the order they were made, as their pool's {@link io.mongoose.pool.MessageLayout} says (a packed
     * pool's next to each other, a spaced pool's each followed by its state), where young collections no longer move
     * them. Costs one full collection of the embedding application's heap at start; a JVM run with
     * {@code -XX:+DisableExplicitGC}, or a collector that does nothing on request (Epsilon), skips it, and the slots are
     * still ordered as the messages lie. Choose {@link #ORDERED} where a collection at start is not wanted.
     */
    COMPACTED,
    /**
     * Each ring's slots in the address order of their messages, without a collection: as good as {@link #COMPACTED}
     * until a collection moves the messages again, which a young collection does to messages that are still young.
     */
    ORDERED,
    /** Nothing: the slots hold the messages in the order the pool lent them. */
    UNCHANGED
}
