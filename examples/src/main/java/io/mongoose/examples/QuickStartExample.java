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

/** The smallest complete Mongoose program: one message type, one feed, one agent group, one processor. */
public final class QuickStartExample
{
    /** A pooled message: created up front by its pool, reused; reset() clears it when its last reference goes. */
    public static final class Quote extends PooledMessage
    {
        long instrumentId;
        long priceTicks;

        @Override
        protected void reset()
        {
            instrumentId = 0;
            priceTicks = 0;
        }
    }

    /** User logic: typed handlers, called only on its agent group's thread. */
    static final class PriceSumProcessor implements EventProcessor
    {
        long count;
        long priceSum;

        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
            handlers.on(Quote.class, quote ->
            {
                count++;
                priceSum += quote.priceTicks;
            });
        }
    }

    /**
     * Publish 100,000 quotes and stop.
     *
     * @param args unused.
     */
    public static void main(final String[] args)
    {
        final PoolRegistry pools = new PoolRegistry("quick-start");
        // 1,024 quotes made up front; when all are in flight, acquire() waits up to 1 s for one to come back.
        final ObjectPool<Quote> quotes = pools.register(Quote.class, Quote::new, PoolConfig.of(1024));
        final PriceSumProcessor prices = new PriceSumProcessor();

        final MongooseServer server = MongooseServer.builder()
            .poolRegistry(pools)
            .feed(FeedConfig.named("quotes"))
            .agentGroup(AgentGroupConfig.named("pricing")
                .idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("price-sum", prices, "quotes"))
            .build();
        server.start();

        final FeedPublisher publisher = server.publisher("quotes");
        for (int i = 0; i < 100_000; i++)
        {
            final Quote quote = quotes.acquire();
            quote.instrumentId = i % 16;
            quote.priceTicks = 10_000 + i % 100;
            publisher.publish(quote); // the framework now owns the reference and releases it after dispatch
        }

        // Drains the queue, stops the processor, joins its thread and checks the pools for leaks.
        final ShutdownReport report = server.stop();
        System.out.println("handled " + prices.count + " quotes, price sum " + prices.priceSum + ", " + report);
        if (!report.clean() || prices.count != 100_000)
        {
            throw new IllegalStateException("quotes were lost or leaked: " + report);
        }
    }
}
