package io.mongoose.pool;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The pool of each message type: the process-wide {@link #global()} registry, or one of a server's own for isolation.
 * Thread-safe; look a pool up once and keep it.
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

    /** @return a new pool for {@code type}, named after its simple name; a type with a pool here throws. */
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
        return (ObjectPool<T>)pools.computeIfAbsent(
            Objects.requireNonNull(type, "type: null; expected a PooledMessage subclass"),
            t -> new ObjectPool<>(type.getSimpleName(), type, factory, config));
    }

    /** @return the pool for {@code type}; a type with no pool here throws {@link IllegalArgumentException}. */
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
        return List.copyOf(pools.values());
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
