package io.mongoose.pool;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

class CopyOnWriteArraysTest
{
    @Test
    void withAppendsToACopy()
    {
        final String[] current = {"a", "b"};

        final String[] more = CopyOnWriteArrays.with(current, "c");

        assertArrayEquals(new String[] {"a", "b", "c"}, more);
        assertArrayEquals(new String[] {"a", "b"}, current, "the array a reader may hold is never written");
    }

    @Test
    void withoutRemovesByIdentityNotByEquality()
    {
        final String first = new String("x");
        final String equal = new String("x");
        final String[] current = {first, "y", equal};

        final String[] fewer = CopyOnWriteArrays.without(current, equal);

        assertArrayEquals(new String[] {"x", "y"}, fewer);
        assertSame(first, fewer[0], "the equal element that was not named stays");
        assertSame(equal, current[2], "the array a reader may hold is never written");
    }

    @Test
    void withoutAnAbsentElementReturnsTheSameArray()
    {
        final String[] current = {"a", "b"};

        assertSame(current, CopyOnWriteArrays.without(current, new String("a")));
        assertSame(current, CopyOnWriteArrays.without(current, null));
    }
}
