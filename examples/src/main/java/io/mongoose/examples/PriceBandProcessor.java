package io.mongoose.examples;

import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.examples.QuickStartExample.Quote;

/**
 * Counts the quotes whose price lies in a band set by configuration: the example of a processor type that reads
 * {@code properties} from a YAML file. Runs on its agent thread only; read {@link #inBand()} after the server stopped.
 */
public final class PriceBandProcessor implements EventProcessor
{
    private final long lowTicks;
    private final long highTicks;
    private long inBand;

    /**
     * @param lowTicks  lowest price counted, inclusive.
     * @param highTicks highest price counted, inclusive.
     */
    public PriceBandProcessor(final long lowTicks, final long highTicks)
    {
        this.lowTicks = lowTicks;
        this.highTicks = highTicks;
    }

    @Override
    public void registerHandlers(final HandlerRegistry handlers)
    {
        handlers.on(Quote.class, this::onQuote);
    }

    private void onQuote(final Quote quote)
    {
        if (quote.priceTicks >= lowTicks && quote.priceTicks <= highTicks)
        {
            inBand++;
        }
    }

    /**
     * @return quotes counted so far.
     */
    public long inBand()
    {
        return inBand;
    }
}
