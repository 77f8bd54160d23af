package io.mongoose.server;

import io.mongoose.dispatch.DispatchTable;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.ProcessorContext;

/**
 * A processor as its agent sees it: the user object, its dispatch table, its counters and how far its lifecycle got.
 * Lifecycle flags are touched only on the agent thread.
 */
final class ProcessorSlot
{
    final String name;
    final EventProcessor processor;
    final DispatchTable table;
    final ProcessorContext context;
    final SingleWriterCounter handled = new SingleWriterCounter();
    final SingleWriterCounter unhandled = new SingleWriterCounter();
    final SingleWriterCounter errors = new SingleWriterCounter();
    /** Null unless the processor has latency monitoring on. */
    final LatencyMonitor latency;
    /** Messages of the current drain this processor did not handle (unhandled or failed); agent thread only. */
    int notHandledInDrain;
    boolean initialised;
    boolean started;

    ProcessorSlot(final ProcessorContext context, final EventProcessor processor, final DispatchTable table)
    {
        this(context, processor, table, null);
    }

    ProcessorSlot(
        final ProcessorContext context, final EventProcessor processor, final DispatchTable table,
        final LatencyMonitor latency)
    {
        this.latency = latency;
        this.name = context.processorName();
        this.context = context;
        this.processor = processor;
        this.table = table;
    }

    ProcessorStats stats()
    {
        return new ProcessorStats(name, context.agentName(), handled.get(), unhandled.get(), errors.get());
    }
}
