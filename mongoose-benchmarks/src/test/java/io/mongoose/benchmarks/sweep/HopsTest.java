package io.mongoose.benchmarks.sweep;

import io.mongoose.pool.MessageLayout;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.server.IdleStrategyKind;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

class HopsTest
{
    private static Hop hopFor(final Transport transport)
    {
        return Hops.create(new SweepOptions(10_000, 0, 0, Path.of(transport.flagName()), transport, 256,
            IdleStrategyKind.BUSY_SPIN.yamlName(), "none", 1024, 0, PeerEvent.RAW));
    }

    @Test
    void mongooseSpacesItsMessagesAsThePoolsDefaultAndItsPackedLanePacksThem()
    {
        assertEquals(MessageLayout.SPACED, assertInstanceOf(MongooseHop.class, hopFor(Transport.MONGOOSE)).layout());
        assertEquals(MessageLayout.SPACED,
            assertInstanceOf(MongooseHop.class, hopFor(Transport.MONGOOSE_QUEUE)).layout());
        assertEquals(MessageLayout.PACKED,
            assertInstanceOf(MongooseHop.class, hopFor(Transport.MONGOOSE_PACKED)).layout());
    }

    @Test
    void theHopsPoolTakesTheLayoutItIsGiven()
    {
        for (final MessageLayout layout : MessageLayout.values())
        {
            assertEquals(layout, MongooseHop.registerPool(new PoolRegistry("hops-" + layout), 1024, layout).config()
                .layout());
        }
        assertEquals(MessageLayout.SPACED, MongooseHop.registerPool(new PoolRegistry("hops"), 1024).config().layout());
    }
}
