package io.mongoose.benchmarks.sweep;

import io.mongoose.server.IdleStrategies;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

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
    void thePaddedEventAddsSixtyFourBytesToThePayload()
    {
        final long bytes = Arrays.stream(PaddedBenchEvent.class.getDeclaredFields())
            .filter(f -> !Modifier.isStatic(f.getModifiers()) && byte.class == f.getType()).count();
        assertEquals(64, bytes);
        assertEquals(List.of("intendedNanos", "sentNanos"),
            Arrays.stream(BenchEvent.class.getDeclaredFields()).map(Field::getName).toList());
    }

    @Test
    void everyPeerHopCarriesTheEventItsOptionsName() throws Exception
    {
        for (final PeerEvent event : PeerEvent.values())
        {
            final Class<?> expected = event.create().getClass();
            for (final Transport t : List.of(Transport.DISRUPTOR, Transport.AGRONA, Transport.JCTOOLS, Transport.ABQ))
            {
                try (Hop hop = Hops.create(new SweepOptions(10_000, 0, 0, Path.of(t.flagName()), t, 16, IdleStrategies.SLEEP,
                    "none", 64, 0, event)))
                {
                    hop.start((intended, sent) -> { });
                    final Class<?> carried = hop instanceof DisruptorHop d ? d.eventClass() :
                        ((RecyclingQueueHop)hop).eventClass();
                    assertEquals(expected, carried, t + " with " + event);
                }
            }
            try (DisruptorPolledHop disruptor = new DisruptorPolledHop(64, event);
                 JctoolsPolledHop jctools = new JctoolsPolledHop(64, 16, event))
            {
                assertEquals(expected, disruptor.eventClass(), "polled Disruptor with " + event);
                assertEquals(expected, jctools.eventClass(), "polled JCTools with " + event);
            }
        }
    }
}
