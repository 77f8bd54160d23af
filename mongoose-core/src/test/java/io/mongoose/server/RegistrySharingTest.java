package io.mongoose.server;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.ThreadMode;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.status.ServerState;
import io.mongoose.testing.SeqMessage;
import io.mongoose.testing.SequenceChecker;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A server's leak and in-flight counts are its registry's pools', so two started servers never share a registry: the
 * second start is refused with a clear error, the first server's report is its own, and the registry is free again
 * once the first stops.
 */
class RegistrySharingTest
{
    private static MongooseServer server(final String name, final PoolRegistry registry)
    {
        final MongooseServerBuilder builder = MongooseServer.builder().name(name)
            .feed(FeedConfig.named("in").queueCapacity(64))
            .agentGroup(AgentGroupConfig.named(name + "-a").threadMode(ThreadMode.INVOKER)
                .processor(name + "-p", new SequenceChecker(1), "in"));
        return (null == registry ? builder : builder.poolRegistry(registry)).build();
    }

    @Test
    void aSecondStartedServerOnTheSameRegistryIsRefusedAndTheFirstReportsOnlyItsOwn()
    {
        final PoolRegistry registry = new PoolRegistry("shared");
        final ObjectPool<SeqMessage> pool = registry.register(SeqMessage.class, SeqMessage::new, PoolConfig.of(16));
        final MongooseServer first = server("first", registry);
        final MongooseServer second = server("second", registry);
        first.start();

        final IllegalStateException refused = assertThrows(IllegalStateException.class, second::start);
        assertEquals("server 'second': pool registry 'shared' is in use by started server 'first'; each server " +
            "counts leaks and messages in flight over its registry's pools, so two started servers cannot share " +
            "one. Give each its own: MongooseServer.builder().poolRegistry(new PoolRegistry(\"second\"))",
            refused.getMessage());
        assertEquals(ServerState.NEW, second.state());

        // Queued in the first server, not handled yet: not the second server's leak.
        first.publisher("in").publish(pool.acquire());
        final ShutdownReport secondReport = second.stop();
        assertEquals(Map.of(), secondReport.leaksByType(), "a server that never started reports none of the pools");
        assertTrue(secondReport.clean(), secondReport::toString);
        assertTrue(first.stop().clean(), "the first server handled its message at stop");
        assertEquals(16, pool.free());

        final MongooseServer third = server("third", registry);
        third.start();
        assertTrue(third.stop().clean(), "the registry is free once the first server stopped");
    }

    @Test
    void twoServersOnTheDefaultRegistryAreRefusedTheSameWay()
    {
        final MongooseServer first = server("default-first", null);
        final MongooseServer second = server("default-second", null);
        first.start();
        try
        {
            final IllegalStateException refused = assertThrows(IllegalStateException.class, second::start);
            assertTrue(refused.getMessage().startsWith("server 'default-second': pool registry '" +
                PoolRegistry.global().name() + "' is in use by started server 'default-first'"), refused::getMessage);
        }
        finally
        {
            first.stop();
        }
        second.start();
        assertTrue(second.stop().clean());
    }
}
