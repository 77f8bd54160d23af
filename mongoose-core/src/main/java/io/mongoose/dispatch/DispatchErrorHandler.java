package io.mongoose.dispatch;

import io.mongoose.pool.PooledMessage;

/**
 * Receives every exception thrown by user code: handlers, lifecycle callbacks, and the agent itself. Called on the
 * thread where the error happened (usually an agent thread); the agent keeps running afterwards and the message is
 * released after the call, whatever the handler does.
 */
@FunctionalInterface
public interface DispatchErrorHandler
{
    /**
     * @param source  the processor name, or {@code agent:<name>} for errors outside any processor.
     * @param message the message being handled, valid only during this call; {@code null} for lifecycle errors and for
     *                errors handing a ring feed's drain back, which may concern several messages.
     * @param error   what was thrown.
     */
    void onError(String source, PooledMessage message, Throwable error);
}
