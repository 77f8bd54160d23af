package io.mongoose.dispatch;

import io.mongoose.pool.PooledMessage;

/**
 * Receives every exception thrown by handlers, lifecycle callbacks and the agent itself, on the thread where it
 * happened; the agent keeps running, and the message is released after the call.
 */
@FunctionalInterface
public interface DispatchErrorHandler
{
    /**
     * @param source  the processor name, or {@code agent:<name>} for errors outside any processor.
     * @param message the message being handled, valid only during this call; {@code null} outside a handler.
     */
    void onError(String source, PooledMessage message, Throwable error);
}
