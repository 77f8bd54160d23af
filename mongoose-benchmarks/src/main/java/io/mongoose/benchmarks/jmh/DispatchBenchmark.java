package io.mongoose.benchmarks.jmh;

import io.mongoose.dispatch.DispatchTable;
import io.mongoose.dispatch.EventHandler;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.pool.PooledMessage;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * What does typed dispatch cost over calling the handler yourself? A {@link DispatchTable} with three message types
 * routes each message by type id to its handler; the baselines make the same interface call on the same handlers
 * directly, so the difference is the table lookup. Monomorphic: every message is a {@link Quote}, and the JIT inlines
 * the handler. Megamorphic: the messages rotate through three types, more than HotSpot inlines at one call site.
 * Each benchmark runs in its own fork, so one's type profile cannot leak into another's.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
@State(Scope.Thread)
public class DispatchBenchmark
{
    private static final int TYPES = 3;

    private final QuoteHandler quoteHandler = new QuoteHandler();
    private final TradeHandler tradeHandler = new TradeHandler();
    private final CancelHandler cancelHandler = new CancelHandler();
    /** Seen through its interface type, so the baseline is an interface call, not a direct one. */
    private final EventHandler<Quote> quoteCall = quoteHandler;
    private final Quote quote = new Quote();
    private final PooledMessage[] rotation = {quote, new Trade(), new Cancel()};
    @SuppressWarnings({"unchecked", "rawtypes"})
    private final EventHandler<PooledMessage>[] handlerByRotation =
        new EventHandler[] {quoteHandler, tradeHandler, cancelHandler};
    private DispatchTable table;
    private int next;

    /** Build the table as a server does. */
    @Setup(Level.Trial)
    public void buildTable()
    {
        table = new HandlerRegistry("jmh-dispatch")
            .on(Quote.class, quoteHandler)
            .on(Trade.class, tradeHandler)
            .on(Cancel.class, cancelHandler)
            .build();
    }

    /** One message type through the table; the handler's state update keeps the call alive. */
    @Benchmark
    @AllocationGated
    public void dispatchMonomorphic()
    {
        table.dispatch(quote);
    }

    /** Baseline: the same handler called directly through its interface. */
    @Benchmark
    public void interfaceCallMonomorphic()
    {
        quoteCall.onEvent(quote);
    }

    /** Three message types in turn through the table. */
    @Benchmark
    @AllocationGated
    public void dispatchMegamorphic()
    {
        table.dispatch(rotation[advance()]);
    }

    /** Baseline: the same three handlers called in turn through their interface, at one call site. */
    @Benchmark
    public void interfaceCallMegamorphic()
    {
        final int i = advance();
        handlerByRotation[i].onEvent(rotation[i]);
    }

    private int advance()
    {
        final int i = next;
        next = i == TYPES - 1 ? 0 : i + 1;
        return i;
    }

    static final class Quote extends PooledMessage
    {
        long price = 10_001;
    }

    static final class Trade extends PooledMessage
    {
        long quantity = 300;
    }

    static final class Cancel extends PooledMessage
    {
        long orderId = 42;
    }

    static final class QuoteHandler implements EventHandler<Quote>
    {
        long priceSum;

        @Override
        public void onEvent(final Quote event)
        {
            priceSum += event.price;
        }
    }

    static final class TradeHandler implements EventHandler<Trade>
    {
        long volume;

        @Override
        public void onEvent(final Trade event)
        {
            volume += event.quantity;
        }
    }

    static final class CancelHandler implements EventHandler<Cancel>
    {
        long lastOrderId;
        long cancels;

        @Override
        public void onEvent(final Cancel event)
        {
            lastOrderId = event.orderId;
            cancels++;
        }
    }
}
