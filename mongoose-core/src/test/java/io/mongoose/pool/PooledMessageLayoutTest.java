package io.mongoose.pool;

import org.agrona.UnsafeApi;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PooledMessageLayoutTest
{
    private static final int CACHE_LINE = 64;

    @Test
    void theFieldsAReleaseWritesStartAFullCacheLineIntoTheMessage()
    {
        // Message k + 1 starts no earlier than the end of message k, so when the framework's fields begin a whole line
        // into every message, the fields the agent writes releasing k and those the producer writes taking k + 1 are
        // at least a line apart: never on one line, however small the subclass.
        long first = Long.MAX_VALUE;
        int frameworkFields = 0;
        for (final Field field : PooledMessage.class.getDeclaredFields())
        {
            if (!Modifier.isStatic(field.getModifiers()))
            {
                first = Math.min(first, UnsafeApi.objectFieldOffset(field));
                frameworkFields++;
            }
        }

        assertEquals(9, frameworkFields, "PooledMessage's instance fields changed: check this test still covers them");
        assertTrue(first >= CACHE_LINE, "PooledMessage's first field is at byte " + first + "; expected at least " +
            CACHE_LINE);
    }

    @Test
    void aSubclassesSmallFieldsGoAfterThePaddingNotIntoIt()
    {
        // Padding made of longs would leave gaps the JVM fills with a subclass's bytes and ints, pulling the
        // producer-written payload back next to the previous message.
        long paddingEnd = 0;
        for (final Field pad : PooledMessagePad.class.getDeclaredFields())
        {
            paddingEnd = Math.max(paddingEnd, UnsafeApi.objectFieldOffset(pad) + 1);
        }

        for (final Field field : SmallFields.class.getDeclaredFields())
        {
            final long offset = UnsafeApi.objectFieldOffset(field);
            assertTrue(offset >= paddingEnd, field.getName() + " at byte " + offset + " lies in the padding, which " +
                "ends at byte " + paddingEnd);
        }
    }

    /** A subclass made of the smallest fields, which the JVM puts into any gap its superclasses leave. */
    static final class SmallFields extends PooledMessage
    {
        byte a;
        boolean b;
        short c;
        int d;
    }
}
