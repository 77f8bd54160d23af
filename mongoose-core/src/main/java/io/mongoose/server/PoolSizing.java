package io.mongoose.server;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.ConfigProblem;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.MongooseConfigException;
import io.mongoose.config.ProcessorConfig;
import io.mongoose.config.ServerConfig;
import io.mongoose.config.ServiceConfig;
import io.mongoose.feed.FeedKind;
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

/**
 * Pools that cover their queues, worked out at build for every message type a {@link MessageSource} publishes.
 *
 * <p>A <em>pipe stage</em> is an agent group hosting a processor that receives the type's messages (from a source, or
 * through earlier stages) and publishes a feed, so it may acquire from the same pool. While it waits for a free
 * message it drains none of its queues, so what sits in them stays there. The pool must therefore hold at least
 * <ul>
 * <li>every queue of those feeds into a pipe stage, full: its {@code queueCapacity};</li>
 * <li>per such queue, the receiving group's {@code drainLimit}: messages of the drain in progress, handled but not
 *     yet back in the pool;</li>
 * <li>one message per such feed: its producer's, while it waits for room;</li>
 * <li>the {@code queueCapacity} of every ring feed of the type: its ring holds that many for good.</li>
 * </ul>
 * Queues into groups with no pipe stage are left out: those never wait for the pool, so their messages come back.
 * A stage that finds such a pool empty then waits only for messages on their way back, never for ones parked in front
 * of it (unless handlers keep messages); a {@link ExhaustionPolicy#FAIL} pool fails that acquire, a handler error.
 *
 * <p>A missing pool is registered by the sources with at least that many ({@link MessageSource#registerPool}); one
 * the application registered with fewer is a configuration error naming the queues and what to change. A
 * {@link ExhaustionPolicy#GROW} pool is exempt: it allocates, counted, instead of starving a stage.
 */
final class PoolSizing
{
    /** Longest exception text a problem repeats. */
    private static final int MAX_SHOWN_EXCEPTION = 300;

    private final ServerConfig config;
    private final PoolRegistry pools;
    private final Map<String, FeedConfig> feeds = new LinkedHashMap<>();
    private final Map<Class<? extends PooledMessage>, Set<String>> sourceFeeds = new LinkedHashMap<>();
    private final Map<Class<? extends PooledMessage>, List<MessageSource>> sources = new LinkedHashMap<>();
    private final List<String> problems = new ArrayList<>();

    private PoolSizing(final ServerConfig config, final PoolRegistry pools)
    {
        this.config = config;
        this.pools = pools;
        for (final FeedConfig feed : config.feeds())
        {
            feeds.put(feed.name(), feed);
        }
    }

    /**
     * Register the pools the sources need and the registry lacks, sized by the rule; check the others.
     *
     * @param config a validated configuration.
     * @param pools  the server's registry.
     * @throws MongooseConfigException listing every pool too small for the queues in front of its pipe stages.
     */
    static void apply(final ServerConfig config, final PoolRegistry pools)
    {
        final PoolSizing sizing = new PoolSizing(config, pools);
        sizing.findSources();
        for (final Class<? extends PooledMessage> type : sizing.sourceFeeds.keySet())
        {
            sizing.size(type);
        }
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
            if (!(service.service() instanceof MessageSource))
            {
                continue;
            }
            final MessageSource source = (MessageSource)service.service();
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
                        "') threw " + ConfigProblem.escape(ex.toString(), MAX_SHOWN_EXCEPTION) + "; expected the " +
                        "type of the messages it publishes there, or null");
                    continue;
                }
                if (null != type)
                {
                    sourceFeeds.computeIfAbsent(type, t -> new LinkedHashSet<>()).add(feedName);
                    final List<MessageSource> ofType = sources.computeIfAbsent(type, t -> new ArrayList<>());
                    if (!ofType.contains(source))
                    {
                        ofType.add(source);
                    }
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
            if (!carrying.contains(feed.name()))
            {
                continue;
            }
            boolean inFront = false;
            for (final AgentGroupConfig group : config.agentGroups())
            {
                if (stages.contains(group.name()) && receives(group, feed))
                {
                    inFront = true;
                    queued += feed.queueCapacity();
                    headroom += group.drainLimit();
                    parts.add("feed " + show(feed.name()) + " into agent " + show(group.name()) + ": queue " +
                        feed.queueCapacity() + ", drain limit " + group.drainLimit());
                }
            }
            if (inFront)
            {
                headroom++;
            }
        }
        if (parts.isEmpty())
        {
            return; // no pipe stage receives these messages: nothing waits for this pool with them parked before it
        }
        long rings = 0;
        for (final FeedConfig feed : config.feeds())
        {
            if (type == feed.ringType())
            {
                rings += feed.queueCapacity();
                parts.add("ring feed " + show(feed.name()) + ": " + feed.queueCapacity() + " held by its ring");
            }
        }
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
            for (final AgentGroupConfig group : config.agentGroups())
            {
                for (final ProcessorConfig processor : group.processors())
                {
                    if (!receives(processor, feed))
                    {
                        continue;
                    }
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
        final Set<String> stages = new LinkedHashSet<>();
        for (final AgentGroupConfig group : config.agentGroups())
        {
            for (final ProcessorConfig processor : group.processors())
            {
                if (processor.publishes().isEmpty())
                {
                    continue;
                }
                for (final String name : carrying)
                {
                    if (receives(processor, feeds.get(name)))
                    {
                        stages.add(group.name());
                    }
                }
            }
        }
        return stages;
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
                problems.add("pool " + show(type.getSimpleName()) + ": registerPool of " +
                    source.getClass().getName() + " threw " + ConfigProblem.escape(ex.toString(), MAX_SHOWN_EXCEPTION) +
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
        for (final ObjectPool<?> pool : pools.pools())
        {
            if (pool.type() == type)
            {
                return pool;
            }
        }
        return null;
    }

    private static boolean receives(final AgentGroupConfig group, final FeedConfig feed)
    {
        for (final ProcessorConfig processor : group.processors())
        {
            if (receives(processor, feed))
            {
                return true;
            }
        }
        return false;
    }

    private static boolean receives(final ProcessorConfig processor, final FeedConfig feed)
    {
        return feed.kind() == FeedKind.BROADCAST || processor.subscriptions().contains(feed.name());
    }

    private static String show(final String name)
    {
        return "'" + ConfigProblem.escape(name) + "'";
    }
}
