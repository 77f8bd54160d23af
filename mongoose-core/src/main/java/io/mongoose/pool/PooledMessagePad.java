package io.mongoose.pool;

/**
 * Padding laid out ahead of {@link PooledMessage}'s own fields, so that those fields of two messages next to each
 * other in memory are never on one cache line.
 *
 * <p>Why: a pool allocates its messages one after another, and a ring hands them out in that order. At a steady rate
 * the agent releases message {@code k} (writing its reference count and ring state) just before the producer takes
 * message {@code k + 1} (writing the same fields of that one). Messages smaller than a cache line put both sets of
 * fields on one line, so every acquire pulled back the line the agent had just written: about 12 ns more p50 at 1M
 * msg/s and 6% less unpaced throughput with the sweep's 16-byte payload (see {@code docs/architecture.md}). The
 * JVM lays a superclass's fields out before a subclass's, so this gap sits between the previous object's last bytes
 * and the framework's fields. Bytes, not longs, so the field layout has no gap for a subclass's small fields to fill.
 */
abstract class PooledMessagePad
{
    byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015;
    byte p016, p017, p018, p019, p020, p021, p022, p023, p024, p025, p026, p027, p028, p029, p030, p031;
    byte p032, p033, p034, p035, p036, p037, p038, p039, p040, p041, p042, p043, p044, p045, p046, p047;
    byte p048, p049, p050, p051, p052, p053, p054, p055;
}
