package io.mongoose.pool;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PooledMessageLayoutTest
{
    // 12 bytes with compressed class pointers, 16 without; compact object headers make it 8.
    private static final int HEADER_AT_MOST = 16;

    @Test
    void theFrameworkAddsItsFieldsAndNoPaddingToAMessage()
    {
        // What crosses between the cores per message is the message: every byte the framework adds is read by the agent
        // on a ring feed, so the framework's fields follow the object header with no gap (the neighbours' lines are
        // kept apart by the thread ring's take order instead, SingleThreadMessageRingTest).
        final List<Field> framework = InstanceFields.of(PooledMessageState.class, PooledMessage.class);
        long first = Long.MAX_VALUE;
        long bytes = 0;
        for (final Field field : framework)
        {
            first = Math.min(first, InstanceFields.offset(field));
            bytes += InstanceFields.size(field);
        }

        assertEquals(10, framework.size(), "PooledMessage's instance fields changed: check this test still covers them");
        assertTrue(first <= HEADER_AT_MOST, "PooledMessage's first field is at byte " + first + "; expected right " +
            "after the object header, at most byte " + HEADER_AT_MOST);
        final long payload = InstanceFields.first(TwoLongs.class);
        assertTrue(payload - first <= bytes + Long.BYTES, "the framework's " + bytes + " bytes of fields span bytes " +
            first + " to " + payload + "; expected no more than alignment between them");
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
    void aSubclassesSmallFieldsGoAfterTheAnnouncementNotAmongTheFrameworksFields()
    {
        // The JVM fills gaps in a superclass's layout with a subclass's small fields; the framework leaves none, so the
        // payload stays after the announcement, on the line an idle agent waits on.
        final long payloadFrom = InstanceFields.offset(PooledMessage.class, "announcedIndex") + Long.BYTES;
        for (final Field field : InstanceFields.of(SmallFields.class))
        {
            final long offset = InstanceFields.offset(field);
            assertTrue(offset >= payloadFrom, field.getName() + " at byte " + offset + " lies among the framework's " +
                "fields, which end at byte " + payloadFrom);
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
