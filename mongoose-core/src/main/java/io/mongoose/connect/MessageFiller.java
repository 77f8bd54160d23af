package io.mongoose.connect;

import io.mongoose.pool.PooledMessage;

/**
 * Fills a freshly acquired, reset message from a value handed to an {@link InMemorySource}, on the source's agent
 * thread, just before it is published; keep it non-capturing and allocation-free.
 */
@FunctionalInterface
public interface MessageFiller<V, M extends PooledMessage>
{
    void fill(V value, M message);
}
