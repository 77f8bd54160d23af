package io.mongoose.pool;

import org.agrona.UnsafeApi;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

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
        for (final Field field : frameworkFields())
        {
            first = Math.min(first, UnsafeApi.objectFieldOffset(field));
            frameworkFields++;
        }

        assertEquals(9, frameworkFields, "PooledMessage's instance fields changed: check this test still covers them");
        assertTrue(first >= CACHE_LINE, "PooledMessage's first field is at byte " + first + "; expected at least " +
            CACHE_LINE);
    }

    @Test
    void theAnnouncementIsTheLastFrameworkFieldRightBeforeTheSubclasssOwn() throws NoSuchFieldException
    {
        // A publish writes the announcement, the stamp and the payload; an idle agent waits on the announced index and
        // then reads the payload. Next to each other, they are most often one cache line: one transfer, not two.
        final long index = UnsafeApi.objectFieldOffset(PooledMessage.class.getDeclaredField("announcedIndex"));
        for (final Field field : frameworkFields())
        {
            if (!"announcedIndex".equals(field.getName()))
            {
                assertTrue(UnsafeApi.objectFieldOffset(field) < index, field.getName() + " at byte " +
                    UnsafeApi.objectFieldOffset(field) + " lies after announcedIndex at byte " + index);
            }
        }
        for (final Field field : PooledMessageState.class.getDeclaredFields())
        {
            if (!Modifier.isStatic(field.getModifiers()))
            {
                assertTrue(UnsafeApi.objectFieldOffset(field) < PooledMessageLayoutTest.firstOwnField(),
                    field.getName() + ", which no publish writes, lies among the per-publish fields");
            }
        }
        long payload = Long.MAX_VALUE;
        for (final Field field : TwoLongs.class.getDeclaredFields())
        {
            payload = Math.min(payload, UnsafeApi.objectFieldOffset(field));
        }
        assertEquals(index + Long.BYTES, payload, "a subclass's first field right after the announced index");
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

    private static List<Field> frameworkFields()
    {
        final List<Field> fields = new ArrayList<>();
        for (final Class<?> type : List.of(PooledMessageState.class, PooledMessage.class))
        {
            for (final Field field : type.getDeclaredFields())
            {
                if (!Modifier.isStatic(field.getModifiers()))
                {
                    fields.add(field);
                }
            }
        }
        return fields;
    }

    /** The first of the fields {@link PooledMessage} declares itself: the ones a publish writes. */
    private static long firstOwnField()
    {
        long first = Long.MAX_VALUE;
        for (final Field field : PooledMessage.class.getDeclaredFields())
        {
            if (!Modifier.isStatic(field.getModifiers()))
            {
                first = Math.min(first, UnsafeApi.objectFieldOffset(field));
            }
        }
        return first;
    }

    /** A payload like the sweep's: two stamps. */
    static final class TwoLongs extends PooledMessage
    {
        long sent;
        long intended;
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
