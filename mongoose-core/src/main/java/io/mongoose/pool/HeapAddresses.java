package io.mongoose.pool;

import org.agrona.UnsafeApi;

/**
 * Where the objects an array refers to lie in the heap, for ordering them by address. It reads the references stored
 * in the array as raw bits: a compressed reference or a full pointer, both of which grow with the address (the
 * collectors that colour their pointers keep the colour in bits that are the same for every object after a
 * collection). It never follows them, so a reading that a collection makes stale is only a worse order, never unsafe.
 *
 * <p>Through Agrona's {@link UnsafeApi}, which needs {@code --add-opens java.base/jdk.internal.misc=ALL-UNNAMED}, as
 * the rest of Agrona does. Any thread; for start-up, not the hot path.
 */
final class HeapAddresses
{
    private HeapAddresses()
    {
    }

    /**
     * @param array the array; not modified.
     * @return for each element, a key that orders the elements by the address of the object each refers to: compare
     *         two keys with {@link Long#compareUnsigned(long, long)}. Equal keys, the same object.
     * @throws IllegalStateException if the references cannot be read (Agrona's access to the JDK's internal unsafe is
     *                               refused; the message says what to add to the JVM's flags).
     */
    static long[] keys(final Object[] array)
    {
        final long base;
        final int scale;
        try
        {
            base = UnsafeApi.arrayBaseOffset(Object[].class);
            scale = UnsafeApi.arrayIndexScale(Object[].class);
        }
        catch (final LinkageError | RuntimeException e)
        {
            throw new IllegalStateException("cannot read heap addresses: " + e + "; expected the JVM to run with " +
                "--add-opens java.base/jdk.internal.misc=ALL-UNNAMED, as Agrona needs", e);
        }
        final long[] keys = new long[array.length];
        for (int i = 0; i < array.length; i++)
        {
            final long offset = base + (long)i * scale;
            keys[i] = 4 == scale ? Integer.toUnsignedLong(UnsafeApi.getInt(array, offset)) : UnsafeApi.getLong(array,
                offset);
        }
        return keys;
    }
}
