package io.mongoose.server;

import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.testing.SeqMessage;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SmokeTest
{
    @Test
    void oneMessageGoesAllTheWay()
    {
        final PoolRegistry registry = new PoolRegistry("smoke");
        final ObjectPool<SeqMessage> pool = registry.register(SeqMessage.class, SeqMessage::new, PoolConfig.of(64).waitingAtMost(java.time.Duration.ofSeconds(30)));
        final AtomicLong sum = new AtomicLong();
        final MongooseServer server = MongooseServer.builder().poolRegistry(registry)
            .feed(FeedConfig.named("in"))
            .agentGroup(AgentGroupConfig.named("a").idleStrategy("backoff").processor("p", new EventProcessor()
            {
                @Override
                public void registerHandlers(final HandlerRegistry handlers)
                {
                    handlers.on(SeqMessage.class, m -> sum.addAndGet(m.sequence));
                }
            }, "in"))
            .build();
        server.start();
        final FeedPublisher in = server.publisher("in");
        for (int i = 1; i <= 1000; i++)
        {
            final SeqMessage m = pool.acquire();
            m.sequence = i;
            in.publish(m);
        }
        final ShutdownReport report = server.stop();
        assertTrue(report.clean(), report.toString());
        assertEquals(500500, sum.get());
        assertEquals(64, pool.free());
    }
}
