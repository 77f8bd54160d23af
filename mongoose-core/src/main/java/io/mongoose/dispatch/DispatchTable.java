package io.mongoose.dispatch;

import io.mongoose.internal.MessageAccess;
import io.mongoose.internal.MessageTypes;
import io.mongoose.pool.PooledMessage;

import java.util.Arrays;
import java.util.Map;

/**
 * One processor's handlers by type id, one array read a lookup; a type without its own handler is resolved through its
 * superclasses once and cached. Confined to the processor's agent thread after start.
 */
public final class DispatchTable
{
    private static final MessageAccess<PooledMessage> ACCESS = MessageAccess.get();
    private static final EventHandler<PooledMessage> UNHANDLED = event ->
    {
    };

    private final Map<Class<? extends PooledMessage>, EventHandler<? extends PooledMessage>> registered;
    private EventHandler<PooledMessage>[] byTypeId;

    DispatchTable(final HandlerRegistry registry)
    {
        registered = Map.copyOf(registry.handlers());
        byTypeId = newTable(registered.keySet().stream().mapToInt(type -> MessageTypes.idOf(type) + 1)
            .reduce(MessageTypes.count(), Math::max));
        registered.forEach((type, handler) -> byTypeId[MessageTypes.idOf(type)] = erase(handler));
    }

    /** @return {@code false} if no handler covers {@code message}'s type; else it was called. */
    public boolean dispatch(final PooledMessage message)
    {
        final EventHandler<PooledMessage> handler = handlerOf(message);
        if (null == handler)
        {
            return false;
        }
        handler.onEvent(message);
        return true;
    }

    /** @return the handler {@link #dispatch(PooledMessage)} would call, or {@code null} if none covers it. */
    public EventHandler<PooledMessage> handlerOf(final PooledMessage message)
    {
        final int id = ACCESS.typeId(message);
        final EventHandler<PooledMessage>[] table = byTypeId;
        EventHandler<PooledMessage> handler = id < table.length ? table[id] : null;
        if (null == handler)
        {
            handler = resolve(message.getClass(), id);
        }
        return UNHANDLED == handler ? null : handler;
    }

    /** @return the handler messages of exactly {@code type} reach, or {@code null}: for a feed of one type. */
    public EventHandler<PooledMessage> handlerFor(final Class<? extends PooledMessage> type)
    {
        return findHandler(type);
    }

    /** @return whether messages of {@code type} reach a handler here. */
    public boolean handles(final Class<? extends PooledMessage> type)
    {
        return null != findHandler(type);
    }

    private EventHandler<PooledMessage> resolve(final Class<?> type, final int id)
    {
        final EventHandler<PooledMessage> found = findHandler(type);
        final EventHandler<PooledMessage> answer = null == found ? UNHANDLED : found;
        if (id >= byTypeId.length)
        {
            // A type created after the table was built.
            byTypeId = Arrays.copyOf(byTypeId, Math.max(id + 1, byTypeId.length * 2));
        }
        byTypeId[id] = answer;
        return answer;
    }

    private EventHandler<PooledMessage> findHandler(final Class<?> type)
    {
        for (Class<?> c = type; null != c && PooledMessage.class.isAssignableFrom(c); c = c.getSuperclass())
        {
            final EventHandler<? extends PooledMessage> handler = registered.get(c);
            if (null != handler)
            {
                return erase(handler);
            }
        }
        return null;
    }

    @SuppressWarnings("unchecked")
    private static EventHandler<PooledMessage> erase(final EventHandler<? extends PooledMessage> handler)
    {
        // A handler is only called with messages of its registered type or a subclass.
        return (EventHandler<PooledMessage>)handler;
    }

    @SuppressWarnings("unchecked")
    private static EventHandler<PooledMessage>[] newTable(final int size)
    {
        return (EventHandler<PooledMessage>[])new EventHandler<?>[Math.max(16, size)];
    }
}
