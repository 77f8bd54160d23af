package io.mongoose.pool;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PooledMessageLayoutTest
{
    @Test
    void aMessageCarriesItsStateAndTheAnnouncedIndexAndNothingElseOfTheFrameworks()
    {
        // On a ring feed every byte of a message crosses the cores; the fewer the framework's, the more messages share
        // a cache line. A message of two longs is 40 bytes: a 12-byte header, the state's reference, the index and the
        // payload (48 with a 16-byte header, the index then aligned to 8).
        final List<String> names = new ArrayList<>();
        for (final Field field : InstanceFields.of(PooledMessage.class))
        {
            names.add(field.getName());
        }
        assertEquals(List.of("state", "announcedIndex"), names, "PooledMessage's instance fields");
        final long payload = InstanceFields.first(TwoLongs.class);
        assertTrue(payload <= 32, "a subclass's first field is at byte " + payload + "; expected at most 32");
        assertEquals(9, InstanceFields.of(PooledMessageState.class).size(),
            "PooledMessageState's instance fields changed: check the message still carries none of them");
    }

    @Test
    void theAnnouncementIsTheLastFrameworkFieldRightBeforeTheSubclasssOwn()
    {
        // A publish writes the announcement and the payload; an idle agent waits on the announced index and then reads
        // the payload. Next to each other, they are most often one cache line: one transfer, not two.
        final long index = InstanceFields.offset(PooledMessage.class, "announcedIndex");
        assertTrue(InstanceFields.offset(PooledMessage.class, "state") < index, "the state's reference after the index");
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

    @Test
    void thePoolGivesItsMessagesStatesMadeAfterAllOfThemWithTheSameTypeAndPool()
    {
        final List<PooledMessageState> made = new ArrayList<>();
        final ObjectPool<TwoLongs> pool = new ObjectPool<>("layout", TwoLongs.class, () ->
        {
            final TwoLongs message = new TwoLongs();
            made.add(message.state);
            return message;
        }, PoolConfig.of(8));

        final List<PooledMessageState> kept = new ArrayList<>();
        for (int i = 0; i < 8; i++)
        {
            final TwoLongs message = pool.acquire();
            assertNotSame(made.get(i), message.state, "message " + i + " still has the state its constructor made");
            assertEquals(made.get(i).typeId, message.state.typeId, "message " + i + "'s type");
            assertSame(pool, message.state.pool, "message " + i + "'s pool");
            assertEquals(1, message.refCount(), "message " + i + "'s count, on its new state");
            kept.add(message.state);
        }
        assertEquals(8, kept.stream().distinct().count(), "one state per message");
    }

    @Test
    void afterACompactingCollectionAPoolsMessagesLieOneMessageApart()
    {
        // What the states made afterwards are for: the constructors' states die, and a collection that keeps the heap's
        // order (G1's full collection does) closes the gaps, so the messages lie together and two share a cache line
        // as a Disruptor's events do. Were the states still the constructors', a message and its state would
        // alternate, one message per state's size plus its own.
        final int count = 1024;
        final ObjectPool<TwoLongs> pool = new ObjectPool<>("together", TwoLongs.class, TwoLongs::new,
            PoolConfig.of(count));
        final Object[] messages = new Object[count];
        for (int i = 0; i < count; i++)
        {
            messages[i] = pool.acquire();
        }
        System.gc();

        final long[] keys = HeapAddresses.keys(messages);
        Arrays.sort(keys);
        final long[] gaps = new long[count - 1];
        for (int i = 1; i < count; i++)
        {
            gaps[i - 1] = keys[i] - keys[i - 1];
        }
        Arrays.sort(gaps);
        final long size = InstanceFields.first(TwoLongs.class) + 2 * Long.BYTES;
        final long median = gaps[gaps.length / 2];
        // A key is the raw reference: the address, or the address over 8 for compressed references on a larger heap.
        assertTrue(median == size || median * 8 == size, "messages lie " + median + " apart in address keys (median); " +
            "expected one message of " + size + " bytes apart");
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
