package io.mongoose.server;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.ConfigProblem;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.MongooseConfigException;
import io.mongoose.config.ProcessorConfig;
import io.mongoose.config.ServerConfig;
import io.mongoose.config.ServiceConfig;
import io.mongoose.pool.ExhaustionPolicy;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.pool.PooledMessage;
import io.mongoose.service.MessageSource;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Pools that cover their queues, worked out at build for every message type a {@link MessageSource} publishes.
 *
 * <p>A <em>pipe stage</em> is an agent group with a processor that receives the type's messages and publishes a feed,
 * so it may acquire from the same pool, draining nothing while it waits. The pool holds, per queue of such a feed into
 * a pipe stage, its capacity and the stage's drain limit, one message per such feed (its producer's), and every ring
 * of the type. A missing pool is registered so; a smaller one is an error, unless {@link ExhaustionPolicy#GROW}.
 */
final class PoolSizing
{
    private final ServerConfig config;
    private final PoolRegistry pools;
    private final Map<String, FeedConfig> feeds = new LinkedHashMap<>();
    private final Map<Class<? extends PooledMessage>, Set<String>> sourceFeeds = new LinkedHashMap<>();
    private final Map<Class<? extends PooledMessage>, Set<MessageSource>> sources = new LinkedHashMap<>();
    private final List<ProcessorConfig> processors;
    private final List<String> problems = new ArrayList<>();

    private PoolSizing(final ServerConfig config, final PoolRegistry pools)
    {
        this.config = config;
        this.pools = pools;
        config.feeds().forEach(feed -> feeds.put(feed.name(), feed));
        processors = config.agentGroups().stream().flatMap(group -> group.processors().stream()).toList();
    }

    /** Register the pools the sources need and lack; a {@link MongooseConfigException} lists those too small. */
    static void apply(final ServerConfig config, final PoolRegistry pools)
    {
        final PoolSizing sizing = new PoolSizing(config, pools);
        sizing.findSources();
        sizing.sourceFeeds.keySet().forEach(sizing::size);
        if (!sizing.problems.isEmpty())
        {
            throw new MongooseConfigException(sizing.problems);
        }
    }

    /** Which queue feeds each source publishes which type into. */
    private void findSources()
    {
        for (int i = 0; i < config.services().size(); i++)
        {
            final ServiceConfig service = config.services().get(i);
            if (!(service.service() instanceof MessageSource source))
            {
                continue;
            }
            for (final String feedName : service.publishes())
            {
                final FeedConfig feed = feeds.get(feedName);
                if (null == feed || feed.isRing())
                {
                    continue; // a source refuses a ring feed at start
                }
                final Class<? extends PooledMessage> type;
                try
                {
                    type = source.messageType(feedName);
                }
                catch (final RuntimeException ex)
                {
                    problems.add("services[" + i + "].service: messageType('" + ConfigProblem.escape(feedName) +
                        "') threw " + ConfigProblem.escape(ex.toString(), ServerAssembly.MAX_SHOWN_EXCEPTION) +
                        "; expected the type of the messages it publishes there, or null");
                    continue;
                }
                if (null != type)
                {
                    sourceFeeds.computeIfAbsent(type, t -> new LinkedHashSet<>()).add(feedName);
                    sources.computeIfAbsent(type, t -> new LinkedHashSet<>()).add(source);
                }
            }
        }
    }

    private void size(final Class<? extends PooledMessage> type)
    {
        final Set<String> carrying = carrying(sourceFeeds.get(type));
        final Set<String> stages = pipeStages(carrying);
        final List<String> parts = new ArrayList<>();
        long queued = 0;
        long headroom = 0;
        for (final FeedConfig feed : config.feeds())
        {
            final int partsBefore = parts.size();
            for (final AgentGroupConfig group : config.agentGroups())
            {
                if (carrying.contains(feed.name()) && stages.contains(group.name()) && group.receives(feed))
                {
                    queued += feed.queueCapacity();
                    headroom += group.drainLimit();
                    parts.add("feed " + show(feed.name()) + " into agent " + show(group.name()) + ": queue " +
                        feed.queueCapacity() + ", drain limit " + group.drainLimit());
                }
            }
            if (parts.size() > partsBefore)
            {
                headroom++; // the feed's producer, holding one while it waits for room
            }
        }
        if (parts.isEmpty())
        {
            return; // no pipe stage receives these messages: nothing waits for this pool with them parked before it
        }
        final List<FeedConfig> ringFeeds = config.feeds().stream().filter(feed -> type == feed.ringType()).toList();
        ringFeeds.forEach(feed -> parts.add("ring feed " + show(feed.name()) + ": " + feed.queueCapacity() +
            " held by its ring"));
        final long rings = ringFeeds.stream().mapToLong(FeedConfig::queueCapacity).sum();
        final long required = queued + headroom + rings;
        ObjectPool<?> pool = find(type);
        if (null == pool && required > Integer.MAX_VALUE)
        {
            problems.add(ConfigProblem.of("pool " + show(type.getSimpleName()), required + " messages can park in " +
                "front of the pipe stages that may acquire from it (" + String.join("; ", parts) + ")",
                "at most " + Integer.MAX_VALUE + ", what a pool can hold: lower those feeds' queueCapacity")
                .toString());
            return;
        }
        if (null == pool)
        {
            pool = register(type, (int)required);
        }
        if (null == pool || ExhaustionPolicy.GROW == pool.config().exhaustionPolicy()
            || pool.config().capacity() >= required)
        {
            return; // none: the sources' start fails naming it; GROW: allocates rather than starves; or big enough
        }
        problems.add(ConfigProblem.of("pool " + show(pool.name()),
            "capacity " + pool.config().capacity() + " (" + type.getName() + ", registry " + show(pools.name()) +
                ") is less than can park in front of the pipe stages that may acquire from it: " +
                String.join("; ", parts) + ". That is " + queued + " in queues" +
                (rings > 0 ? ", " + rings + " in rings" : "") + " and " + headroom + " headroom (each receiving " +
                "agent's drain limit per queue, one message per feed for its producer)",
            "a capacity of at least " + required + ", so that a stage that acquires from the pool never waits for " +
                "messages parked in front of it: register the pool with " + required + " or more, lower those " +
                "feeds' queueCapacity or those agents' drainLimit, or leave the pool to the server, which registers " +
                "it at build sized from its queues").toString());
    }

    /** The source feeds, and every queue feed a processor publishes that receives one of them, transitively. */
    private Set<String> carrying(final Set<String> fromSources)
    {
        final Set<String> carrying = new LinkedHashSet<>(fromSources);
        final Deque<String> todo = new ArrayDeque<>(fromSources);
        while (!todo.isEmpty())
        {
            final FeedConfig feed = feeds.get(todo.poll());
            for (final ProcessorConfig processor : processors)
            {
                if (processor.receives(feed))
                {
                    for (final String out : processor.publishes())
                    {
                        final FeedConfig next = feeds.get(out);
                        if (null != next && !next.isRing() && carrying.add(out))
                        {
                            todo.add(out);
                        }
                    }
                }
            }
        }
        return carrying;
    }

    /** The agent groups with a processor that receives one of {@code carrying} and publishes a feed. */
    private Set<String> pipeStages(final Set<String> carrying)
    {
        return config.agentGroups().stream().filter(group -> group.processors().stream().anyMatch(processor ->
            !processor.publishes().isEmpty() &&
                carrying.stream().anyMatch(feed -> processor.receives(feeds.get(feed)))))
            .map(AgentGroupConfig::name).collect(Collectors.toSet());
    }

    private ObjectPool<?> register(final Class<? extends PooledMessage> type, final int capacity)
    {
        for (final MessageSource source : sources.get(type))
        {
            try
            {
                source.registerPool(pools, type, capacity);
            }
            catch (final RuntimeException ex)
            {
                problems.add("pool " + show(type.getSimpleName()) + ": registerPool of " + source.getClass().getName() +
                    " threw " + ConfigProblem.escape(ex.toString(), ServerAssembly.MAX_SHOWN_EXCEPTION) +
                    "; expected it to register the pool with at least " + capacity + " messages, or nothing");
                return null;
            }
            final ObjectPool<?> pool = find(type);
            if (null != pool)
            {
                return pool;
            }
        }
        return null;
    }

    private ObjectPool<?> find(final Class<? extends PooledMessage> type)
    {
        return pools.pools().stream().filter(pool -> pool.type() == type).findFirst().orElse(null);
    }

    private static String show(final String name)
    {
        return "'" + ConfigProblem.escape(name) + "'";
    }
}
