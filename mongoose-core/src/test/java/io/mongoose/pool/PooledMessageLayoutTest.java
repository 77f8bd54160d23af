package io.mongoose.pool;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PooledMessageLayoutTest
{
    private static final long CACHE_LINE = 64;

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

    @ParameterizedTest
    @EnumSource(MessageLayout.class)
    void aSpacedPoolKeepsTheStatesTheConstructorsMadeAndAPackedOneGivesFreshOnesWithTheSameTypeAndPool(
        final MessageLayout layout)
    {
        final List<PooledMessageState> made = new ArrayList<>();
        final ObjectPool<TwoLongs> pool = new ObjectPool<>("states", TwoLongs.class, () ->
        {
            final TwoLongs message = new TwoLongs();
            made.add(message.state);
            return message;
        }, PoolConfig.of(8).withLayout(layout));

        final List<PooledMessageState> kept = new ArrayList<>();
        for (int i = 0; i < 8; i++)
        {
            final TwoLongs message = pool.acquire();
            assertEquals(MessageLayout.SPACED == layout, made.get(i) == message.state,
                "message " + i + " of a " + layout + " pool: does it keep the state its constructor made?");
            assertEquals(MessageTypes.idOf(TwoLongs.class), message.state.typeId, "message " + i + "'s type");
            assertSame(pool, message.state.pool, "message " + i + "'s pool");
            assertEquals(1, message.refCount(), "message " + i + "'s count");
            kept.add(message.state);
        }
        assertEquals(8, kept.stream().distinct().count(), "one state per message");
        assertEquals(MessageLayout.SPACED, PoolConfig.of(8).layout(), "spaced unless told otherwise");
    }

    @Test
    void afterACompactingCollectionADefaultPoolsNeighbouringMessagesShareNoCacheLine()
    {
        // What keeping the constructors' states is for: a message and its state alternate in memory, and a collection
        // that keeps the heap's order (G1's full collection does) leaves them so. A ring's producer then fills the next
        // message on a line the agent is not reading the last one from. Packed together, two 40-byte messages share a
        // line at seven pairs in eight.
        final int count = 1024;
        final long[] keys = compactedKeys(PoolConfig.of(count));
        final long size = messageSize();
        final long scale = keyScale(keys, size);
        int sharing = 0;
        for (int i = 1; i < count; i++)
        {
            final long lastByteOfPrevious = keys[i - 1] * scale + size - 1;
            if (lastByteOfPrevious / CACHE_LINE == keys[i] * scale / CACHE_LINE)
            {
                sharing++;
            }
        }
        // A few pairs may straddle the boundary of two allocation buffers, whose states went elsewhere.
        assertTrue(sharing <= count / 100, sharing + " of " + (count - 1) + " neighbouring messages share a cache " +
            "line (scale " + scale + ", " + size + "-byte messages); expected at most " + count / 100);
    }

    @Test
    void afterACompactingCollectionAPackedPoolsMessagesLieOneMessageApart()
    {
        // What the states made afterwards are for: the constructors' states die, and a collection that keeps the heap's
        // order closes the gaps, so the messages lie together, two to a cache line as a Disruptor's events do, and a
        // ring feed moves the fewest lines per message. Spaced, they would lie a message and a state apart.
        final int count = 1024;
        final long[] keys = compactedKeys(PoolConfig.of(count).withLayout(MessageLayout.PACKED));
        final long size = messageSize();
        final long scale = keyScale(keys, size);
        final long[] gaps = new long[count - 1];
        for (int i = 1; i < count; i++)
        {
            gaps[i - 1] = (keys[i] - keys[i - 1]) * scale;
        }
        Arrays.sort(gaps);
        assertEquals(size, gaps[gaps.length / 2], "median distance in bytes between neighbouring messages");
    }

    /** The sorted address keys of all a pool's messages, acquired and held, after a full collection. */
    private static long[] compactedKeys(final PoolConfig config)
    {
        final ObjectPool<TwoLongs> pool = new ObjectPool<>("layout", TwoLongs.class, TwoLongs::new, config);
        final Object[] messages = new Object[config.capacity()];
        for (int i = 0; i < messages.length; i++)
        {
            messages[i] = pool.acquire();
        }
        System.gc();
        final long[] keys = HeapAddresses.keys(messages);
        Arrays.sort(keys);
        return keys;
    }

    private static long messageSize()
    {
        return InstanceFields.first(TwoLongs.class) + 2 * Long.BYTES;
    }

    /**
     * A key is the raw reference: the address, or the address over 8 for compressed references on a larger heap, where
     * no two objects of {@code size} bytes can lie a key's gap of less than the size apart unless it is scaled.
     */
    private static long keyScale(final long[] sortedKeys, final long size)
    {
        long smallestGap = Long.MAX_VALUE;
        for (int i = 1; i < sortedKeys.length; i++)
        {
            smallestGap = Math.min(smallestGap, sortedKeys[i] - sortedKeys[i - 1]);
        }
        return smallestGap < size ? 8 : 1;
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
