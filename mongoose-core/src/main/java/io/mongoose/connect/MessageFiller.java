package io.mongoose.connect;

import io.mongoose.pool.PooledMessage;

/**
 * Fills a pooled message from a value handed to an {@link InMemorySource}. Called on the source's agent thread, once
 * per value, with a freshly acquired message; keep it non-capturing and allocation-free.
 *
 * @param <V> the value type.
 * @param <M> the message type.
 */
@FunctionalInterface
public interface MessageFiller<V, M extends PooledMessage>
{
    /**
     * @param value   the value offered.
     * @param message a message holding one reference, reset; it is published right after this call.
     */
    void fill(V value, M message);
}
