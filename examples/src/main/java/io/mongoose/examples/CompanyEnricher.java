package io.mongoose.examples;

import io.mongoose.connect.LineMessage;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.dispatch.ProcessorContext;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolRegistry;
import org.agrona.ExpandableArrayBuffer;

/**
 * A pipe stage: reads quote lines {@code SYMBOL,price}, appends the company's name from the {@link CompanyNames}
 * service ({@code ?} for an unknown symbol), and publishes the enriched line on the feed it declares in
 * {@code publishes}. Its agent thread is that feed's single producer. Allocation-free per line.
 */
public final class CompanyEnricher implements EventProcessor
{
    private static final byte[] UNKNOWN = {'?'};

    private final PoolRegistry pools;
    private final String feed;
    private final ExpandableArrayBuffer scratch = new ExpandableArrayBuffer(256);
    private CompanyNames companies;
    private ObjectPool<LineMessage> lines;
    private FeedPublisher out;

    /**
     * @param pools the server's pool registry, where the line pool lives.
     * @param feed  the feed to publish enriched lines into.
     */
    public CompanyEnricher(final PoolRegistry pools, final String feed)
    {
        this.pools = pools;
        this.feed = feed;
    }

    @Override
    public void registerHandlers(final HandlerRegistry handlers)
    {
        handlers.on(LineMessage.class, this::enrich);
    }

    @Override
    public void onInit(final ProcessorContext context)
    {
        companies = context.service(CompanyNames.class); // by type: there is one
        out = context.publisher(feed);
        lines = LineMessage.pool(pools);
    }

    private void enrich(final LineMessage quote)
    {
        final int length = quote.length();
        int comma = 0;
        while (comma < length && quote.buffer().getByte(comma) != ',')
        {
            comma++;
        }
        final byte[] name = companies.nameOf(quote.buffer(), 0, comma);
        final byte[] shown = null == name ? UNKNOWN : name;
        scratch.putBytes(0, quote.buffer(), 0, length);
        scratch.putByte(length, (byte)',');
        scratch.putBytes(length + 1, shown);
        out.publish(lines.acquire().set(scratch, 0, length + 1 + shown.length).lineNumber(quote.lineNumber()));
    }
}
