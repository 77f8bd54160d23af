package io.mongoose.dispatch;

import io.mongoose.pool.PooledMessage;

/**
 * A typed callback for one message type, registered in {@link HandlerRegistry#on(Class, EventHandler)}.
 *
 * <p>Called on the processor's agent thread only. The message is valid for the duration of the call: the framework
 * releases it afterwards, so a handler that keeps it must {@link PooledMessage#retain()} it first.
 *
 * @param <T> message type.
 */
@FunctionalInterface
public interface EventHandler<T extends PooledMessage>
{
    /**
     * @param event the message; do not release it unless you retained it.
     */
    void onEvent(T event);
}
