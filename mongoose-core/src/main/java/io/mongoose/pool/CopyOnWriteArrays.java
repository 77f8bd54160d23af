package io.mongoose.pool;

import java.util.Arrays;

/**
 * Copies of the copy-on-write arrays this package keeps of sets that change rarely and are read where no lock or
 * allocation may be: a pool's caches and rings, the release batches bound to threads. A change builds a new array and
 * swaps it in whole (with {@code AtomicReference.updateAndGet}); a reader scans whatever array it got.
 */
final class CopyOnWriteArrays
{
    private CopyOnWriteArrays()
    {
    }

    /**
     * @param current the array now.
     * @param added   the element to add.
     * @param <E>     the element type.
     * @return a copy of {@code current} with {@code added} at the end.
     */
    static <E> E[] with(final E[] current, final E added)
    {
        final E[] more = Arrays.copyOf(current, current.length + 1);
        more[current.length] = added;
        return more;
    }

    /**
     * @param current the array now.
     * @param removed the element to remove, by identity.
     * @param <E>     the element type.
     * @return a copy of {@code current} without {@code removed}, or {@code current} itself if it does not hold it.
     */
    static <E> E[] without(final E[] current, final E removed)
    {
        int at = -1;
        for (int i = 0; i < current.length && at < 0; i++)
        {
            if (current[i] == removed)
            {
                at = i;
            }
        }
        // Absent already: two reclaimers that both saw a closed ring in their snapshot both let go of it.
        if (at < 0)
        {
            return current;
        }
        final E[] fewer = Arrays.copyOf(current, current.length - 1);
        System.arraycopy(current, at + 1, fewer, at, current.length - at - 1);
        return fewer;
    }
}
