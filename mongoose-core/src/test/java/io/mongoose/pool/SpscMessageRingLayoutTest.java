package io.mongoose.pool;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
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
        final long published = InstanceFields.offset(SpscRingPublished.class, "published");
        final List<Field> others =
            InstanceFields.of(SpscRingProducer.class, SpscRingConsumer.class, SpscRingShared.class);
        assertEquals(10, others.size(), "the ring's fields changed: check this test still covers them");

        assertAllALineAway(others, published, "the published sequence");
    }

    @Test
    void theConsumersFieldsAreALineAwayFromTheProducersPositions()
    {
        // The consumer writes its sequence once per drain and the tally of kept messages now and then; the producer
        // reads neither on a claim, except the sequence once a lap.
        for (final Field consumer : InstanceFields.of(SpscRingConsumer.class))
        {
            assertAllALineAway(InstanceFields.of(SpscRingProducer.class), InstanceFields.offset(consumer),
                "the consumer's " + consumer.getName());
        }
    }

    private static void assertAllALineAway(final List<Field> fields, final long offset, final String what)
    {
        for (final Field field : fields)
        {
            final long distance = Math.abs(InstanceFields.offset(field) - offset);
            assertTrue(distance >= CACHE_LINE, field.getName() + " is " + distance + " bytes from " + what +
                "; expected at least " + CACHE_LINE);
        }
    }
}
