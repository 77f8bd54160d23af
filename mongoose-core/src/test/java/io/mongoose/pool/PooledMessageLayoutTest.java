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
    void theBytesAPublishWritesBeginACacheLineIntoTheMessageAndNoFurther()
    {
        // Message k + 1 starts no earlier than the end of message k, so when the first byte a publish writes (the stamp;
        // the announced queue changes only with the queue) lies a line into every message, what a publish writes into
        // two neighbours is never on one line, whatever the payload. Any further in, and every message carries bytes
        // that cross the cores for nothing: at most a larger object header's worth further (16 bytes, not 12).
        final List<Field> framework = InstanceFields.of(PooledMessageState.class, PooledMessage.class);
        final long stamp = InstanceFields.offset(PooledMessage.class, "publishNanos");
        for (final Field field : InstanceFields.of(PooledMessage.class))
        {
            assertTrue(InstanceFields.offset(field) >= stamp || "announcedQueue".equals(field.getName()),
                field.getName() + ", which a publish writes, lies ahead of the stamp");
        }

        assertEquals(10, framework.size(), "PooledMessage's instance fields changed: check this test still covers them");
        assertTrue(stamp >= CACHE_LINE, "the stamp is at byte " + stamp + "; expected at least " + CACHE_LINE);
        final long payload = InstanceFields.first(TwoLongs.class);
        assertTrue(payload <= 88, "a subclass's first field is at byte " + payload + "; expected at most 88");
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
