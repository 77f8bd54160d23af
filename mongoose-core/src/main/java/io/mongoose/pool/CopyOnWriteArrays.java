package io.mongoose.pool;

import java.util.Arrays;

/** Copy-on-write arrays for rarely changed sets read without lock or allocation, swapped whole by updateAndGet. */
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
        for (int at = 0; at < current.length; at++)
        {
            if (current[at] == removed)
            {
                final E[] fewer = Arrays.copyOf(current, current.length - 1);
                System.arraycopy(current, at + 1, fewer, at, current.length - at - 1);
                return fewer;
            }
        }
        return current;
    }
}
