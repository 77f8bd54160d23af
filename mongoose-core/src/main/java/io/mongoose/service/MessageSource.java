package io.mongoose.service;

import io.mongoose.pool.PoolRegistry;
import io.mongoose.pool.PooledMessage;

/**
 * An {@link AgentService} that publishes messages acquired from their type's pool in the server's registry, and says
 * which type goes into which feed, so the server can size or check that pool at build against every queue the messages
 * can wait in: a pipe stage acquiring from the same pool is then never starved by messages parked in front of it.
 * Both methods are called once, at build, before any thread of the server starts.
 */
public interface MessageSource extends AgentService
{
    /**
     * @param feed a feed the service's entry declares in {@code publishes}.
     * @return the type of the messages this service acquires from the server's registry and publishes into
     *         {@code feed}; {@code null} if it publishes none there.
     */
    Class<? extends PooledMessage> messageType(String feed);

    /**
     * Register the pool of {@code type} in {@code registry} with at least {@code minCapacity} messages. The server
     * calls this only when the registry has no pool of that type yet. A source that cannot make messages of
     * {@code type} registers nothing: the application then registers the pool, and the server checks it.
     *
     * @param registry    the server's pools.
     * @param type        a type {@link #messageType(String)} returned.
     * @param minCapacity the fewest messages that cover the queues in front of the stages that may acquire them.
     */
    void registerPool(PoolRegistry registry, Class<? extends PooledMessage> type, int minCapacity);
}
