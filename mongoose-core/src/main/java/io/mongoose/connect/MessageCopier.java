package io.mongoose.connect;

import io.mongoose.pool.PooledMessage;

/**
 * Copies what an {@link InMemorySink} keeps out of a pooled message, which goes back to its pool after the handler
 * returns. Called on the sink's agent thread.
 *
 * @param <M> the message type.
 * @param <V> what is kept.
 */
@FunctionalInterface
public interface MessageCopier<M extends PooledMessage, V>
{
    /**
     * @param message the message, valid only during this call.
     * @return a value that holds no reference to the message; not null.
     */
    V copy(M message);
}
