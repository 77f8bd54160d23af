package io.mongoose.examples;

import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;

/**
 * Consumes {@link MarketTick}s: counts them and sums their checksum terms. Like every processor it runs on its agent
 * thread only, so its fields are plain; other threads read them after {@code MongooseServer.stop()}, which joins the
 * agent thread and so makes every write visible.
 */
public final class TickChecksumProcessor implements EventProcessor
{
    private long count;
    private long checksum;

    @Override
    public void registerHandlers(final HandlerRegistry handlers)
    {
        // A method reference created once here, not per message: the hot path only calls it.
        handlers.on(MarketTick.class, this::onTick);
    }

    /**
     * @return ticks handled; read it after the server has stopped.
     */
    public long count()
    {
        return count;
    }

    /**
     * @return sum of {@link MarketTick#checksumTerm} over every tick handled; read it after the server has stopped.
     */
    public long checksum()
    {
        return checksum;
    }

    private void onTick(final MarketTick tick)
    {
        count++;
        checksum += MarketTick.checksumTerm(tick.sequence(), tick.instrumentId(), tick.priceTicks(), tick.quantity());
    }
}
