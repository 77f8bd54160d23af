package io.mongoose.pool;

/**
 * Sixteen bytes laid out ahead of {@link PooledMessage}'s own fields, so that the bytes a publish writes into two
 * messages next to each other in memory are never on one cache line.
 *
 * <p>Why: a publish writes the tail of a message (the stamp, the announcement and the subclass's payload), and a
 * ring feed's producer fills message {@code k + 1} while the agent waits on, or reads, message {@code k}, its neighbour
 * in memory. What lies between the end of {@code k} and the first byte a publish writes into {@code k + 1} is the
 * object header, this padding, the framework's fields no publish writes and the announced queue: 64 bytes with this
 * padding, a cache line, whatever the payload's size. Sixteen bytes and not more, because the agent reads every byte of
 * a message on a ring feed: the 56 bytes used until session 21 made the sweep's message 136 bytes, 2.1 lines, and cost
 * unpaced throughput; none at all read worse at 10k msg/s (see {@code docs/architecture.md}, "Sixteen bytes of
 * padding"). The JVM lays a superclass's fields out before a subclass's, so this gap sits between the previous
 * object's last bytes and the framework's fields. Bytes, not longs, so the field layout has no gap for a subclass's
 * small fields to fill.
 */
abstract class PooledMessagePad
{
    byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015;
}
