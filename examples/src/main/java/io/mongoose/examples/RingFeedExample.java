package io.mongoose.examples;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.pool.PooledMessage;
import io.mongoose.server.MongooseServer;
import io.mongoose.server.ShutdownReport;

import java.time.Duration;

/**
 * The quick start on a ring feed: the feed's messages live in its own ring, the producer claims and fills them in
 * place, and the agent dispatches them where they lie. A handler that keeps a message retains it as on any feed.
 */
public final class RingFeedExample
{
    /** The ring's message type: pooled, created up front; reset() runs when the producer claims it again. */
    public static final class Trade extends PooledMessage
    {
        long instrumentId;
        long quantity;

        @Override
        protected void reset()
        {
            instrumentId = 0;
            quantity = 0;
        }
    }

    /** Sums every trade and keeps the largest one seen, which outlives its dispatch, until the processor stops. */
    static final class LargestTradeProcessor implements EventProcessor
    {
        long count;
        long quantitySum;
        long largestQuantity;
        private Trade largest;

        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
            handlers.on(Trade.class, trade ->
            {
                count++;
                quantitySum += trade.quantity;
                if (null == largest || trade.quantity > largest.quantity)
                {
                    // Kept past this call: take a reference; the agent sees it and lets the trade leave the ring.
                    trade.retain();
                    if (null != largest)
                    {
                        largest.release();
                    }
                    largest = trade;
                }
            });
        }

        @Override
        public void onStop()
        {
            // On the agent thread, before stop() checks the pools: the kept trade goes back to its pool.
            if (null != largest)
            {
                largestQuantity = largest.quantity;
                largest.release();
                largest = null;
            }
        }
    }

    /**
     * Publish 100,000 trades on a ring feed and stop.
     *
     * @param args unused.
     */
    public static void main(final String[] args)
    {
        final PoolRegistry pools = new PoolRegistry("ring-feed");
        // The ring takes 1,024 messages; the rest refill the slots of trades a handler keeps.
        final ObjectPool<Trade> trades = pools.register(
            Trade.class, Trade::new, PoolConfig.of(1024 + 64).waitOnExhaustion(Duration.ofSeconds(1)));
        final LargestTradeProcessor largest = new LargestTradeProcessor();

        final MongooseServer server = MongooseServer.builder()
            .poolRegistry(pools)
            .feed(FeedConfig.named("trades").queueCapacity(1024).ring(Trade.class))
            .agentGroup(AgentGroupConfig.named("risk")
                .idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("largest-trade", largest, "trades"))
            .build();
        server.start();

        final FeedPublisher publisher = server.publisher("trades");
        for (int i = 0; i < 100_000; i++)
        {
            final Trade trade = publisher.claim(Trade.class); // the ring's next message; waits while the ring is full
            trade.instrumentId = i % 16;
            trade.quantity = 1 + i % 1_000;
            publisher.publish(trade); // the agent may read it now; its slot comes back after dispatch
        }

        // Drains the ring, stops the processor (which lets the kept trade go), returns the ring's messages to the pool
        // and checks it for leaks.
        final ShutdownReport stopped = server.stop();
        System.out.println("handled " + largest.count + " trades, quantity sum " + largest.quantitySum +
            ", largest " + largest.largestQuantity + ", " + stopped);
        if (largest.count != 100_000 || !stopped.clean())
        {
            throw new IllegalStateException("trades were lost or leaked: " + stopped + ", " + trades.stats());
        }
    }
}
