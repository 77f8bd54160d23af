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
 * What does typed dispatch cost over calling the handler yourself? A {@link DispatchTable} built by a
 * {@link HandlerRegistry} with three message types registered ({@link Quote}, {@link Trade}, {@link Cancel}) routes
 * each message with an array read by type id and one interface call; the baselines make that same interface call on
 * the same handler objects directly, so the difference is the table lookup alone.
 *
 * <ul>
 *     <li>Monomorphic: every message is a {@link Quote}. The handler call site sees one receiver class and the JIT
 *     inlines it, in the table as in the baseline: {@link #dispatchMonomorphic} vs
 *     {@link #interfaceCallMonomorphic}.</li>
 *     <li>Megamorphic: the messages rotate through the three types, so the call site sees three handler classes, more
 *     than the two HotSpot inlines, and every call goes through the interface dispatch stub, as in a processor that
 *     handles a mixed feed: {@link #dispatchMegamorphic} vs {@link #interfaceCallMegamorphic}.</li>
 * </ul>
 *
 * <p>Each benchmark runs in its own fork (JMH's default), so the type profile one benchmark builds at the shared call
 * site inside {@code DispatchTable.dispatch} cannot leak into another's.
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
    /** The Quote handler seen through its interface type, so the baseline is an interface call, not a direct one. */
    private final EventHandler<Quote> quoteCall = quoteHandler;
    private final PooledMessage[] rotation = new PooledMessage[TYPES];
    private final EventHandler<PooledMessage>[] handlerByRotation = newHandlerArray();
    private DispatchTable table;
    private Quote quote;
    private int next;

    /** Build the table as a server does at build time, and one message of each type. */
    @Setup(Level.Trial)
    public void buildTable()
    {
        table = new HandlerRegistry("jmh-dispatch")
            .on(Quote.class, quoteHandler)
            .on(Trade.class, tradeHandler)
            .on(Cancel.class, cancelHandler)
            .build();
        quote = new Quote();
        quote.price = 10_001;
        final Trade trade = new Trade();
        trade.quantity = 300;
        final Cancel cancel = new Cancel();
        cancel.orderId = 42;
        rotation[0] = quote;
        rotation[1] = trade;
        rotation[2] = cancel;
        handlerByRotation[0] = erase(quoteHandler);
        handlerByRotation[1] = erase(tradeHandler);
        handlerByRotation[2] = erase(cancelHandler);
    }

    /**
     * One message type through the table. Nothing is returned, as in the baseline: the handler's update of its own
     * state is the side effect that keeps the call alive, on both paths alike.
     */
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
        final int i = advance();
        table.dispatch(rotation[i]);
    }

    /** Baseline: the same three handlers called in turn through their interface, at one call site. */
    @Benchmark
    public void interfaceCallMegamorphic()
    {
        final int i = advance();
        handlerByRotation[i].onEvent(rotation[i]);
    }

    /** Same rotation cost on both megamorphic paths: a compare and a store, no division. */
    private int advance()
    {
        final int i = next;
        next = i == TYPES - 1 ? 0 : i + 1;
        return i;
    }

    @SuppressWarnings("unchecked")
    private static EventHandler<PooledMessage>[] newHandlerArray()
    {
        return (EventHandler<PooledMessage>[])new EventHandler<?>[TYPES];
    }

    @SuppressWarnings("unchecked")
    private static EventHandler<PooledMessage> erase(final EventHandler<? extends PooledMessage> handler)
    {
        // Safe for the same reason as in DispatchTable: each handler only ever receives its own message type.
        return (EventHandler<PooledMessage>)handler;
    }

    /** A price update. */
    static final class Quote extends PooledMessage
    {
        long price;
    }

    /** An execution. */
    static final class Trade extends PooledMessage
    {
        long quantity;
    }

    /** An order cancel. */
    static final class Cancel extends PooledMessage
    {
        long orderId;
    }

    /** The handler body both paths run for a {@link Quote}: read a field, update the processor's state. */
    static final class QuoteHandler implements EventHandler<Quote>
    {
        long priceSum;

        @Override
        public void onEvent(final Quote event)
        {
            priceSum += event.price;
        }
    }

    /** The handler body for a {@link Trade}. */
    static final class TradeHandler implements EventHandler<Trade>
    {
        long volume;

        @Override
        public void onEvent(final Trade event)
        {
            volume += event.quantity;
        }
    }

    /** The handler body for a {@link Cancel}. */
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
