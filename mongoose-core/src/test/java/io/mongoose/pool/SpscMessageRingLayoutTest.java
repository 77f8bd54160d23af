package io.mongoose.pool;

import org.agrona.UnsafeApi;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SpscMessageRingLayoutTest
{
    private static final int CACHE_LINE = 64;

    @Test
    void thePublishedSequenceIsALineAwayFromTheProducersPositionsAndTheConsumers()
    {
        // The consumer reads the published sequence after every drain; on the producer's line it would take back the
        // line each claim writes, and the claim's store would hold up the message's stores behind it.
        final long published = offset(SpscRingPublished.class, "published");
        final List<Field> others = new ArrayList<>(instanceFields(SpscRingProducer.class));
        others.addAll(instanceFields(SpscRingConsumer.class));
        others.addAll(instanceFields(SpscRingShared.class));
        assertEquals(8, others.size(), "the ring's fields changed: check this test still covers them");

        for (final Field field : others)
        {
            final long distance = Math.abs(UnsafeApi.objectFieldOffset(field) - published);
            assertTrue(distance >= CACHE_LINE, field.getName() + " is " + distance + " bytes from the published " +
                "sequence; expected at least " + CACHE_LINE);
        }
    }

    @Test
    void theConsumersSequenceIsALineAwayFromTheProducersPositions()
    {
        final long consumed = offset(SpscRingConsumer.class, "consumed");
        for (final Field field : instanceFields(SpscRingProducer.class))
        {
            final long distance = Math.abs(UnsafeApi.objectFieldOffset(field) - consumed);
            assertTrue(distance >= CACHE_LINE, field.getName() + " is " + distance + " bytes from the consumer's " +
                "sequence; expected at least " + CACHE_LINE);
        }
    }

    private static long offset(final Class<?> type, final String name)
    {
        try
        {
            return UnsafeApi.objectFieldOffset(type.getDeclaredField(name));
        }
        catch (final NoSuchFieldException e)
        {
            throw new AssertionError(type.getSimpleName() + " has no field " + name, e);
        }
    }

    private static List<Field> instanceFields(final Class<?> type)
    {
        final List<Field> fields = new ArrayList<>();
        for (final Field field : type.getDeclaredFields())
        {
            if (!Modifier.isStatic(field.getModifiers()))
            {
                fields.add(field);
            }
        }
        return fields;
    }
}
