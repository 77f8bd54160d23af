package io.mongoose.service;

import io.mongoose.pool.PoolRegistry;
import io.mongoose.pool.PooledMessage;

/**
 * An {@link AgentService} that publishes messages from their type's pool in the server's registry and says which type
 * goes into which feed, so the server can size or check that pool at build against every queue the messages can wait
 * in. Both methods are called once, at build, before any thread of the server starts.
 */
public interface MessageSource extends AgentService
{
    /** @return the type of the pooled messages published into {@code feed}, a feed it declares; null if none. */
    Class<? extends PooledMessage> messageType(String feed);

    /**
     * Register the pool of {@code type} with at least {@code minCapacity} messages; called only when the registry has
     * none yet. A source that cannot make messages of {@code type} registers nothing: the application then registers
     * the pool, and the server checks it.
     */
    void registerPool(PoolRegistry registry, Class<? extends PooledMessage> type, int minCapacity);
}
