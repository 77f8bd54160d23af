package io.mongoose.pool;

/**
 * Sixteen bytes laid out ahead of {@link PooledMessageState}'s fields. In a {@link MessageLayout#PACKED} pool the states
 * lie next to each other, and the bytes keep the counts a queue feed's producer and agent write into the states of two
 * messages made one after another less often on one cache line; in a {@link MessageLayout#SPACED} pool each state lies
 * right after its own message, and the bytes sit between that message's payload and the state's count.
 *
 * <p>Sixteen bytes and no more: they sat ahead of the framework's fields when those were in the message itself, where
 * the 56 bytes used until session 21 cost unpaced throughput and none at all read worse at 10k msg/s (see
 * {@code docs/architecture.md}, "Sixteen bytes of padding"), and the state kept them when it moved out of the message
 * (session 27, measured with them). The JVM lays a superclass's fields out before a subclass's, so this gap sits
 * between the previous object's last bytes and the state's fields. Bytes, not longs, so the field layout has no gap
 * for other small fields to fill.
 */
abstract class PooledMessagePad
{
    byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015;
}
