package io.mongoose.dispatch;

import io.mongoose.pool.PooledMessage;

/**
 * A typed callback for one message type on the processor's agent thread; the framework releases the message after the
 * call, so a handler that keeps it must {@link PooledMessage#retain()} it first.
 */
@FunctionalInterface
public interface EventHandler<T extends PooledMessage>
{
    /** @param event the message; do not release it unless you retained it. */
    void onEvent(T event);
}
