package io.mongoose.connect;

import io.mongoose.pool.PooledMessage;

/** Copies what an {@link InMemorySink} keeps out of a pooled message, on the sink's agent thread. */
@FunctionalInterface
public interface MessageCopier<M extends PooledMessage, V>
{
    /** @return a non-null value holding no reference to {@code message}, which is valid only during this call. */
    V copy(M message);
}
