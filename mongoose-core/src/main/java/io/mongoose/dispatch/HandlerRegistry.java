package io.mongoose.dispatch;

import io.mongoose.pool.PooledMessage;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** Collects a processor's typed handlers on the building thread, for its {@link DispatchTable}. */
public final class HandlerRegistry
{
    private final String processorName;
    private final Map<Class<? extends PooledMessage>, EventHandler<? extends PooledMessage>> handlers =
        new LinkedHashMap<>();

    /** @param processorName named in errors. */
    public HandlerRegistry(final String processorName)
    {
        this.processorName = Objects.requireNonNull(processorName, "processorName: null; expected a name");
    }

    /** Route messages of {@code type}, and its subclasses without their own, to {@code handler}, once per type. */
    public <T extends PooledMessage> HandlerRegistry on(final Class<T> type, final EventHandler<? super T> handler)
    {
        Objects.requireNonNull(type, () -> "processor '" + processorName + "': type null; expected a message class");
        Objects.requireNonNull(handler,
            () -> "processor '" + processorName + "': handler for " + type.getName() + " null; expected a callback");
        if (handlers.containsKey(type))
        {
            throw new IllegalArgumentException("processor '" + processorName + "': " + type.getName() +
                " already has a handler; expected one per type");
        }
        handlers.put(type, handler);
        return this;
    }

    /** @return the registered types and handlers, in registration order. */
    Map<Class<? extends PooledMessage>, EventHandler<? extends PooledMessage>> handlers()
    {
        return handlers;
    }

    /** @return the processor these handlers belong to. */
    public String processorName()
    {
        return processorName;
    }

    /** @return a dispatch table with these handlers. */
    public DispatchTable build()
    {
        return new DispatchTable(this);
    }
}
