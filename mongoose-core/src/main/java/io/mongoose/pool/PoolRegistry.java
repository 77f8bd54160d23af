package io.mongoose.pool;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Finds the pool of each message type. One process-wide registry exists ({@link #global()}); tests and applications
 * that want isolation create their own and hand it to the server builder.
 *
 * <p>Thread-safe. Look up pools once and keep the reference: a lookup is a hash-map read, not free on a hot path.
 *
 * <p>A server built on a registry registers the pools its message sources need and the registry lacks, sized from the
 * queues in front of its pipe stages, and refuses at build a pool registered here too small for them
 * ({@code MongooseServer}, "Pools that cover their queues"). A registry shared by servers that run at the same time
 * needs room for all of their queues.
 */
public final class PoolRegistry
{
    private static final PoolRegistry GLOBAL = new PoolRegistry("global");

    private final String name;
    private final ConcurrentHashMap<Class<?>, ObjectPool<?>> pools = new ConcurrentHashMap<>();

    /**
     * @param name used in errors and logs.
     */
    public PoolRegistry(final String name)
    {
        this.name = Objects.requireNonNull(name, "name: null; expected a registry name");
    }

    /**
     * @return the process-wide default registry.
     */
    public static PoolRegistry global()
    {
        return GLOBAL;
    }

    /**
     * Create and register the pool for {@code type}.
     *
     * @param type    message type.
     * @param factory makes one new instance.
     * @param config  capacity and exhaustion policy.
     * @param <T>     message type.
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

    /**
     * The pool for {@code type}, registering one with {@code factory} and {@code config} if there is none yet.
     *
     * @param type    message type.
     * @param factory makes one new instance.
     * @param config  capacity and exhaustion policy, used only if the pool is created now.
     * @param <T>     message type.
     * @return the type's pool.
     */
    @SuppressWarnings("unchecked")
    public <T extends PooledMessage> ObjectPool<T> poolFor(
        final Class<T> type, final Supplier<? extends T> factory, final PoolConfig config)
    {
        Objects.requireNonNull(type, "type: null; expected a PooledMessage subclass");
        return (ObjectPool<T>)pools.computeIfAbsent(
            type, t -> new ObjectPool<>(type.getSimpleName(), type, factory, config));
    }

    /**
     * @param type message type.
     * @param <T>  message type.
     * @return its pool.
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

    /**
     * @return every pool here, in no particular order.
     */
    public List<ObjectPool<?>> pools()
    {
        return Collections.unmodifiableList(new ArrayList<>(pools.values()));
    }

    /**
     * @return how many pools are registered here; allocation-free, for a monitor that notices new pools.
     */
    public int size()
    {
        return pools.size();
    }

    /**
     * @return the registry's name.
     */
    public String name()
    {
        return name;
    }
}
