package io.mongoose.agent;

import io.mongoose.dispatch.DispatchTable;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.ProcessorContext;
import io.mongoose.internal.SingleWriterCounter;
import io.mongoose.status.LatencyMonitor;
import io.mongoose.status.ProcessorStats;

/** A processor as its agent sees it: the user object, its dispatch table, its counters and its lifecycle flags. */
public final class ProcessorSlot
{
    public final String name;
    public final EventProcessor processor;
    final DispatchTable table;
    final ProcessorContext context;
    public final SingleWriterCounter handled = new SingleWriterCounter();
    public final SingleWriterCounter unhandled = new SingleWriterCounter();
    public final SingleWriterCounter errors = new SingleWriterCounter();
    /** Null unless the processor has latency monitoring on. */
    public final LatencyMonitor latency;
    /** Messages of the current drain this processor did not handle (unhandled or failed); agent thread only. */
    int notHandledInDrain;
    boolean initialised;
    boolean started;

    public ProcessorSlot(final ProcessorContext context, final EventProcessor processor, final DispatchTable table)
    {
        this(context, processor, table, null);
    }

    public ProcessorSlot(
        final ProcessorContext context, final EventProcessor processor, final DispatchTable table,
        final LatencyMonitor latency)
    {
        this.latency = latency;
        this.name = context.processorName();
        this.context = context;
        this.processor = processor;
        this.table = table;
    }

    public ProcessorStats stats()
    {
        return new ProcessorStats(name, context.agentName(), handled.get(), unhandled.get(), errors.get());
    }
}
