package io.mongoose.pool;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
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
        final List<Field> framework = InstanceFields.of(PooledMessageState.class, PooledMessage.class);
        long first = Long.MAX_VALUE;
        for (final Field field : framework)
        {
            first = Math.min(first, InstanceFields.offset(field));
        }

        assertEquals(10, framework.size(), "PooledMessage's instance fields changed: check this test still covers them");
        assertTrue(first >= CACHE_LINE, "PooledMessage's first field is at byte " + first + "; expected at least " +
            CACHE_LINE);
    }

    @Test
    void theAnnouncementIsTheLastFrameworkFieldRightBeforeTheSubclasssOwn()
    {
        // A publish writes the announcement, the stamp and the payload; an idle agent waits on the announced index and
        // then reads the payload. Next to each other, they are most often one cache line: one transfer, not two.
        final long index = InstanceFields.offset(PooledMessage.class, "announcedIndex");
        for (final Field field : InstanceFields.of(PooledMessageState.class, PooledMessage.class))
        {
            if (!"announcedIndex".equals(field.getName()))
            {
                assertTrue(InstanceFields.offset(field) < index, field.getName() + " at byte " +
                    InstanceFields.offset(field) + " lies after announcedIndex at byte " + index);
            }
        }
        final long perPublish = InstanceFields.first(PooledMessage.class);
        for (final Field field : InstanceFields.of(PooledMessageState.class))
        {
            assertTrue(InstanceFields.offset(field) < perPublish,
                field.getName() + ", which no publish writes, lies among the per-publish fields");
        }
        assertEquals(index + Long.BYTES, InstanceFields.first(TwoLongs.class),
            "a subclass's first field right after the announced index");
    }

    @Test
    void aSubclassesSmallFieldsGoAfterThePaddingNotIntoIt()
    {
        // Padding made of longs would leave gaps the JVM fills with a subclass's bytes and ints, pulling the
        // producer-written payload back next to the previous message.
        long paddingEnd = 0;
        for (final Field pad : InstanceFields.of(PooledMessagePad.class))
        {
            paddingEnd = Math.max(paddingEnd, InstanceFields.offset(pad) + 1);
        }

        for (final Field field : InstanceFields.of(SmallFields.class))
        {
            final long offset = InstanceFields.offset(field);
            assertTrue(offset >= paddingEnd, field.getName() + " at byte " + offset + " lies in the padding, which " +
                "ends at byte " + paddingEnd);
        }
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
