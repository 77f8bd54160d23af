package io.mongoose.benchmarks.sweep;

import io.mongoose.config.IdleStrategyKind;
import org.agrona.UnsafeApi;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --peerEvent} reaches every peer hop: each carries the event its options name, own-thread and polled alike,
 * so a padded run cannot silently measure the raw event. Nothing here is timed.
 */
class PeerEventTest
{
    @Test
    void eachKindCreatesItsOwnEvent()
    {
        assertEquals(BenchEvent.class, PeerEvent.RAW.create().getClass());
        assertEquals(PaddedBenchEvent.class, PeerEvent.PADDED.create().getClass());
        assertEquals(PeerEvent.PADDED, PeerEvent.byName("padded"));
        assertNull(PeerEvent.byName("wide"));
    }

    @Test
    void thePaddedEventIsAsLargeAsTheSweepsMongooseMessageAndTheRawOneSmaller()
    {
        // The padded runs ask what the bytes per message account for, so the padded event must move as many as
        // Mongoose's message does: were the message to change size, this fails until the padding follows it.
        assertEquals(instanceBytes(BenchMessage.class), instanceBytes(PaddedBenchEvent.class),
            "PaddedBenchEvent against BenchMessage");
        assertTrue(instanceBytes(BenchEvent.class) < instanceBytes(PaddedBenchEvent.class), "the raw event is smaller");
        assertEquals(List.of("intendedNanos", "sentNanos"),
            Arrays.stream(BenchEvent.class.getDeclaredFields()).map(Field::getName).toList());
    }

    /** Where the last instance field of {@code type} or its superclasses ends, rounded up to the JVM's 8 bytes. */
    private static long instanceBytes(final Class<?> type)
    {
        long end = 0;
        for (Class<?> c = type; null != c; c = c.getSuperclass())
        {
            for (final Field field : c.getDeclaredFields())
            {
                if (!Modifier.isStatic(field.getModifiers()))
                {
                    end = Math.max(end, UnsafeApi.objectFieldOffset(field) + bytesOf(field.getType()));
                }
            }
        }
        return (end + 7) & ~7L;
    }

    private static long bytesOf(final Class<?> type)
    {
        if (!type.isPrimitive())
        {
            return UnsafeApi.arrayIndexScale(Object[].class);
        }
        return long.class == type || double.class == type ? 8 : int.class == type || float.class == type ? 4 :
            short.class == type || char.class == type ? 2 : 1;
    }

    @Test
    @SuppressWarnings("try") // Hop.close() may throw InterruptedException; the test thread is never interrupted
    void everyPeerHopCarriesTheEventItsOptionsName() throws Exception
    {
        for (final PeerEvent event : PeerEvent.values())
        {
            final Class<?> expected = event.create().getClass();
            for (final Transport t : List.of(Transport.DISRUPTOR, Transport.AGRONA, Transport.JCTOOLS, Transport.ABQ))
            {
                try (Hop hop = Hops.create(new SweepOptions(10_000, 0, 0, Path.of(t.flagName()), t, 16,
                    IdleStrategyKind.SLEEP.yamlName(), "none", 64, 0, event)))
                {
                    hop.start((intended, sent) -> { });
                    final Class<?> carried = hop instanceof DisruptorHop d ? d.eventClass() :
                        ((RecyclingQueueHop)hop).eventClass();
                    assertEquals(expected, carried, t + " with " + event);
                }
            }
            try (DisruptorPolledHop disruptor = new DisruptorPolledHop(Transport.DISRUPTOR, 64, event);
                 JctoolsPolledHop jctools = new JctoolsPolledHop(64, 16, event))
            {
                assertEquals(expected, disruptor.eventClass(), "polled Disruptor with " + event);
                assertEquals(expected, jctools.eventClass(), "polled JCTools with " + event);
            }
        }
    }
}
