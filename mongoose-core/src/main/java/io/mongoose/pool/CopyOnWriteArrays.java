package io.mongoose.pool;

import java.util.Arrays;

/**
 * Copy-on-write arrays for sets that change rarely and are read where no lock or allocation may be: a change builds a
 * new array and swaps it in whole with {@code AtomicReference.updateAndGet}.
 */
final class CopyOnWriteArrays
{
    private CopyOnWriteArrays()
    {
    }

    /** @return a copy of {@code current} with {@code added} at the end. */
    static <E> E[] with(final E[] current, final E added)
    {
        final E[] more = Arrays.copyOf(current, current.length + 1);
        more[current.length] = added;
        return more;
    }

    /** @return a copy of {@code current} without {@code removed} (by identity), or {@code current} if it lacks it. */
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
        if (at < 0)
        {
            return current;
        }
        final E[] fewer = Arrays.copyOf(current, current.length - 1);
        System.arraycopy(current, at + 1, fewer, at, current.length - at - 1);
        return fewer;
    }
}
