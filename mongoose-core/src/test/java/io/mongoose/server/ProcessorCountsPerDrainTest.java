package io.mongoose.server;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.ThreadMode;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.status.ProcessorStats;
import io.mongoose.testing.OtherMessage;
import io.mongoose.testing.SeqMessage;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * An agent counts a processor's handled messages once per drain, as the drain's size less what the processor did not
 * handle. One drain that mixes handled, unhandled and failing messages, seen by two processors that handle different
 * types, must still give each processor its own exact counts.
 */
class ProcessorCountsPerDrainTest
{
    /** Handles SeqMessage, throwing on odd sequences; OtherMessage has no handler here. */
    private static final class OddSequencesThrow implements EventProcessor
    {
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
            handlers.on(SeqMessage.class, m ->
            {
                calls.incrementAndGet();
                if (1 == (m.sequence & 1))
                {
                    throw new IllegalStateException("odd sequence " + m.sequence);
                }
            });
        }
    }

    /** Handles OtherMessage only. */
    private static final class OthersOnly implements EventProcessor
    {
        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
            handlers.on(OtherMessage.class, m -> { });
        }
    }

    @Test
    void oneDrainOfMixedMessagesGivesEachProcessorItsExactHandledUnhandledAndErrorCounts()
    {
        final PoolRegistry pools = new PoolRegistry("counts");
        final ObjectPool<SeqMessage> seq = pools.register(SeqMessage.class, SeqMessage::new, PoolConfig.of(16));
        final ObjectPool<OtherMessage> other = pools.register(OtherMessage.class, OtherMessage::new, PoolConfig.of(16));
        final OddSequencesThrow oddThrows = new OddSequencesThrow();
        final MongooseServer server = MongooseServer.builder().name("counts").poolRegistry(pools)
            .errorHandler((source, message, error) -> { })
            .feed(FeedConfig.named("in"))
            .agentGroup(AgentGroupConfig.named("a").threadMode(ThreadMode.INVOKER).drainLimit(64)
                .processor("seq", oddThrows, "in")
                .processor("others", new OthersOnly(), "in"))
            .build();
        server.start();
        try
        {
            final FeedPublisher in = server.publisher("in");
            // Six SeqMessages (0..5: three throw) and four OtherMessages, interleaved, all in the queue before the
            // drain.
            for (int i = 0; i < 10; i++)
            {
                if (i % 5 < 3)
                {
                    final SeqMessage m = seq.acquire();
                    m.sequence = i % 5 + (i / 5) * 3;
                    in.publish(m);
                }
                else
                {
                    in.publish(other.acquire());
                }
            }

            assertEquals(10, server.invoker("a").invoke(), "one duty cycle drained all ten");

            assertEquals(6, oddThrows.calls.get());
            assertEquals(10, server.agentStats("a").dispatched());
            final ProcessorStats seqStats = server.processorStats("seq");
            assertEquals(3, seqStats.handled(), "even sequences");
            assertEquals(3, seqStats.errors(), "odd sequences");
            assertEquals(4, seqStats.unhandled(), "the OtherMessages");
            final ProcessorStats othersStats = server.processorStats("others");
            assertEquals(4, othersStats.handled());
            assertEquals(6, othersStats.unhandled());
            assertEquals(0, othersStats.errors());

            // The next drain starts from zero: nothing of the first drain's misses carries over.
            final SeqMessage even = seq.acquire();
            even.sequence = 100;
            in.publish(even);
            assertEquals(1, server.invoker("a").invoke());
            assertEquals(4, server.processorStats("seq").handled());
            assertEquals(3, server.processorStats("seq").errors());
            assertEquals(4, server.processorStats("others").handled());
            assertEquals(7, server.processorStats("others").unhandled());
        }
        finally
        {
            server.stop();
        }
        assertEquals(16, seq.free());
        assertEquals(16, other.free());
    }
}
