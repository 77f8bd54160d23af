package io.mongoose.pool;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The pool of each message type: one process-wide registry ({@link #global()}), or one of its own for a server that
 * wants isolation. A server adds the pools its sources need and refuses a pool too small for its queues; servers
 * running at once on one registry need room for all of their queues. Thread-safe; look a pool up once and keep it.
 */
public final class PoolRegistry
{
    private static final PoolRegistry GLOBAL = new PoolRegistry("global");

    private final String name;
    private final ConcurrentHashMap<Class<?>, ObjectPool<?>> pools = new ConcurrentHashMap<>();

    /** @param name used in errors and logs. */
    public PoolRegistry(final String name)
    {
        this.name = Objects.requireNonNull(name, "name: null; expected a registry name");
    }

    /** @return the process-wide default registry. */
    public static PoolRegistry global()
    {
        return GLOBAL;
    }

    /**
     * Create and register the pool for {@code type}, named after its simple name.
     *
     * @return the new pool.
     * @throws IllegalStateException if {@code type} already has a pool here.
     */
    public <T extends PooledMessage> ObjectPool<T> register(
        final Class<T> type, final Supplier<? extends T> factory, final PoolConfig config)
    {
        Objects.requireNonNull(type, "type: null; expected a PooledMessage subclass");
        final ObjectPool<T> pool = new ObjectPool<>(type.getSimpleName(), type, factory, config);
        final ObjectPool<?> previous = pools.putIfAbsent(type, pool);
        if (null != previous)
        {
            throw new IllegalStateException(
                "registry '" + name + "': type " + type.getName() + " already has pool '" + previous.name() +
                "'; expected one pool per type (use pool(type) to look it up)");
        }
        return pool;
    }

    /** @return the pool for {@code type}, registered now with {@code factory} and {@code config} if it has none. */
    @SuppressWarnings("unchecked")
    public <T extends PooledMessage> ObjectPool<T> poolFor(
        final Class<T> type, final Supplier<? extends T> factory, final PoolConfig config)
    {
        Objects.requireNonNull(type, "type: null; expected a PooledMessage subclass");
        return (ObjectPool<T>)pools.computeIfAbsent(
            type, t -> new ObjectPool<>(type.getSimpleName(), type, factory, config));
    }

    /**
     * @return the pool for {@code type}.
     * @throws IllegalArgumentException if the type has no pool here.
     */
    @SuppressWarnings("unchecked")
    public <T extends PooledMessage> ObjectPool<T> pool(final Class<T> type)
    {
        final ObjectPool<?> pool = pools.get(Objects.requireNonNull(type, "type: null; expected a message class"));
        if (null == pool)
        {
            throw new IllegalArgumentException(
                "registry '" + name + "': no pool for " + type.getName() + "; expected register(" +
                type.getSimpleName() + ".class, factory, config) first");
        }
        return (ObjectPool<T>)pool;
    }

    /** @return every pool here, in no particular order. */
    public List<ObjectPool<?>> pools()
    {
        return Collections.unmodifiableList(new ArrayList<>(pools.values()));
    }

    /** @return how many pools are registered here; allocation-free, for a monitor that notices new pools. */
    public int size()
    {
        return pools.size();
    }

    /** @return the registry's name. */
    public String name()
    {
        return name;
    }
}
