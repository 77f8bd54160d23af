package io.mongoose.config;

import io.mongoose.dispatch.EventProcessor;
import io.mongoose.feed.FeedKind;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Checks a {@link ServerConfig} as a whole and reports every problem at once, each naming its path
 * (e.g. {@code agents[1].idleStrategy}) and what was expected.
 */
public final class ConfigValidator
{
    /** What an idle strategy must be, as errors say it. */
    static final String IDLE_STRATEGY_EXPECTED = "one of " +
        Stream.of(IdleStrategyKind.values()).map(Enum::name).collect(Collectors.joining(", "));

    private final List<ConfigProblem> errors = new ArrayList<>();

    private ConfigValidator()
    {
    }

    /**
     * @param config the model to check.
     * @throws MongooseConfigException listing every problem, if there is any.
     */
    public static void validate(final ServerConfig config)
    {
        final List<String> errors = problems(config);
        if (!errors.isEmpty())
        {
            throw new MongooseConfigException(errors);
        }
    }

    /**
     * @param config the model to check.
     * @return every problem, empty if the config can run.
     */
    public static List<String> problems(final ServerConfig config)
    {
        final List<String> messages = new ArrayList<>();
        for (final ConfigProblem problem : problemsInParts(config))
        {
            messages.add(problem.toString());
        }
        return messages;
    }

    /**
     * @param config the model to check.
     * @return every problem in parts, in the order {@link #problems(ServerConfig)} lists them.
     */
    public static List<ConfigProblem> problemsInParts(final ServerConfig config)
    {
        final ConfigValidator v = new ConfigValidator();
        if (null == config)
        {
            v.error("config", "null", "a server configuration");
            return v.errors;
        }
        v.check(config);
        return v.errors;
    }

    private void check(final ServerConfig config)
    {
        if (isBlank(config.name()))
        {
            error("name", show(config.name()), "a non-blank server name");
        }
        checkRange(errors, "startTimeout", ServerConfig.START_TIMEOUT_RANGE, config.startTimeout(), null);
        checkRange(errors, "shutdownTimeout", ServerConfig.SHUTDOWN_TIMEOUT_RANGE, config.shutdownTimeout(), null);
        final Map<String, FeedConfig> feeds = checkFeeds(config.feeds());
        checkAgents(config.agentGroups(), config.feeds(), feeds);
        MonitoringConfigChecks.check(config.counters(), config.health(), errors);
        ServiceWiringValidator.check(config, feeds, errors);
    }

    private Map<String, FeedConfig> checkFeeds(final List<FeedConfig> feeds)
    {
        final Map<String, FeedConfig> byName = new LinkedHashMap<>();
        if (feeds.isEmpty())
        {
            error("feeds", "empty", "at least one feed");
        }
        for (int i = 0; i < feeds.size(); i++)
        {
            final String path = "feeds[" + i + "]";
            final FeedConfig feed = feeds.get(i);
            if (null == feed)
            {
                error(path, "null", "a feed");
                continue;
            }
            if (isBlank(feed.name()))
            {
                error(path + ".name", show(feed.name()), "a non-blank feed name");
            }
            else if (null != byName.putIfAbsent(feed.name(), feed))
            {
                error(path + ".name", "duplicate " + show(feed.name()), "a name no other feed uses");
            }
            final String owner = owner("feed", feed.name());
            checkRange(errors, path + ".queueCapacity", FeedConfig.QUEUE_CAPACITY_RANGE, feed.queueCapacity(), owner);
            if (null == feed.fullQueuePolicy())
            {
                error(path + ".fullQueuePolicy", "null", "one of BACKOFF, DROP, FAIL");
            }
            checkRange(errors, path + ".publishTimeout", FeedConfig.PUBLISH_TIMEOUT_RANGE, feed.publishTimeout(), owner);
        }
        return byName;
    }

    private void checkAgents(
        final List<AgentGroupConfig> agents, final List<FeedConfig> feedList, final Map<String, FeedConfig> feeds)
    {
        if (agents.isEmpty())
        {
            error("agents", "empty", "at least one agent group");
        }
        final Set<String> agentNames = new HashSet<>();
        final Map<String, String> processorPaths = new HashMap<>();
        final Map<EventProcessor, String> hosts = new IdentityHashMap<>();
        final Set<String> subscribed = new HashSet<>();
        boolean anyProcessor = false;
        for (int a = 0; a < agents.size(); a++)
        {
            final String path = "agents[" + a + "]";
            final AgentGroupConfig agent = agents.get(a);
            if (null == agent)
            {
                error(path, "null", "an agent group");
                continue;
            }
            if (isBlank(agent.name()))
            {
                error(path + ".name", show(agent.name()), "a non-blank agent name");
            }
            else if (!agentNames.add(agent.name()))
            {
                error(path + ".name", "duplicate " + show(agent.name()), "a name no other agent uses");
            }
            if (null == agent.idleStrategy())
            {
                error(path + ".idleStrategy", "null", IDLE_STRATEGY_EXPECTED);
            }
            final String owner = owner("agent group", agent.name());
            checkRange(errors, path + ".drainLimit", AgentGroupConfig.DRAIN_LIMIT_RANGE, agent.drainLimit(), owner);
            if (null == agent.pinning() || null == agent.pinning().mode())
            {
                error(path + ".pinning", "null", "none, any, or a CPU id");
            }
            else if (agent.pinning().mode() == Pinning.Mode.CPU && agent.pinning().cpu() < 0)
            {
                error(path + ".pinning", "cpu " + agent.pinning().cpu(), "a CPU id of 0 or more");
            }
            if (null == agent.threadMode())
            {
                error(path + ".threadMode", "null", "one of DEDICATED, INVOKER");
            }
            checkRange(errors, path + ".timerTickResolution", AgentGroupConfig.TIMER_TICK_RESOLUTION_RANGE,
                agent.timerTickResolution(), owner);
            checkRange(errors, path + ".timerWheelSize", AgentGroupConfig.TIMER_WHEEL_SIZE_RANGE,
                agent.timerWheelSize(), owner);
            if (agent.processors().isEmpty())
            {
                error(path + ".processors", "empty", "at least one processor");
            }
            for (int p = 0; p < agent.processors().size(); p++)
            {
                final String processorPath = path + ".processors[" + p + "]";
                final ProcessorConfig processor = agent.processors().get(p);
                anyProcessor |= checkProcessor(processorPath, processor, feeds, processorPaths, subscribed);
                checkOneHost(processorPath, processor, agent, hosts);
            }
        }
        // Walk the configured list, not the map of distinct names, so each error carries the feed's own index.
        final Set<String> checked = new HashSet<>();
        for (int f = 0; f < feedList.size(); f++)
        {
            final FeedConfig feed = feedList.get(f);
            if (null == feed || !feeds.containsKey(feed.name()) || !checked.add(feed.name()))
            {
                continue; // null, blank-named or a duplicate: already reported
            }
            final boolean reached = feed.kind() == FeedKind.BROADCAST ? anyProcessor : subscribed.contains(feed.name());
            if (!reached)
            {
                errors.add(new ConfigProblem("feeds[" + f + "]", "feed " + show(feed.name()) + " has no subscriber",
                    "at least one processor subscribing to it (or remove the feed)",
                    ConfigProblem.Kind.UNSUBSCRIBED_FEED));
            }
            if (feed.isRing())
            {
                checkRingReceivers("feeds[" + f + "]", feed, agents);
            }
        }
    }

    /** A ring has one consumer: the processors that receive a ring feed must all be on one agent group. */
    private void checkRingReceivers(final String path, final FeedConfig feed, final List<AgentGroupConfig> agents)
    {
        final List<String> receiving = new ArrayList<>();
        for (final AgentGroupConfig agent : agents)
        {
            if (null == agent)
            {
                continue;
            }
            for (final ProcessorConfig processor : agent.processors())
            {
                if (null != processor && (feed.kind() == FeedKind.BROADCAST ||
                    (null != processor.subscriptions() && processor.subscriptions().contains(feed.name()))))
                {
                    receiving.add(show(agent.name()));
                    break;
                }
            }
        }
        if (receiving.size() > 1)
        {
            error(path + ".ring", "ring feed " + show(feed.name()) + " received on agent groups " +
                String.join(", ", receiving), "one agent group (a ring has one consumer); to fan out to several " +
                "groups, make it a queue feed");
        }
    }

    private boolean checkProcessor(
        final String path, final ProcessorConfig processor, final Map<String, FeedConfig> feeds,
        final Map<String, String> processorPaths, final Set<String> subscribed)
    {
        if (null == processor)
        {
            error(path, "null", "a processor");
            return false;
        }
        if (isBlank(processor.name()))
        {
            error(path + ".name", show(processor.name()), "a non-blank processor name");
        }
        else
        {
            final String previous = processorPaths.putIfAbsent(processor.name(), path);
            if (null != previous)
            {
                error(path + ".name", "duplicate " + show(processor.name()) + " (also at " + previous + ")",
                    "a name no other processor uses");
            }
        }
        if (null == processor.processor())
        {
            error(path + ".processor", "null", "an EventProcessor instance");
        }
        final Set<String> seen = new HashSet<>();
        for (int s = 0; s < processor.subscriptions().size(); s++)
        {
            final String feedName = processor.subscriptions().get(s);
            final String subPath = path + ".subscriptions[" + s + "]";
            if (null == feedName || !feeds.containsKey(feedName))
            {
                errors.add(new ConfigProblem(subPath, "unknown feed " + show(feedName),
                    "one of " + names(feeds.keySet()), ConfigProblem.Kind.UNKNOWN_FEED));
            }
            else if (!seen.add(feedName))
            {
                error(subPath, "duplicate " + show(feedName), "each feed once");
            }
            else
            {
                subscribed.add(feedName);
            }
        }
        return true;
    }

    /**
     * A processor instance is called from one agent thread only, with one context: the same instance in two entries,
     * whether on two groups (two threads) or twice on one, is refused, naming both entries.
     *
     * @param hosts each instance seen so far, with how errors name the entry that hosts it.
     */
    private void checkOneHost(final String path, final ProcessorConfig processor, final AgentGroupConfig agent,
        final Map<EventProcessor, String> hosts)
    {
        if (null == processor || null == processor.processor())
        {
            return;
        }
        final String entry = "processor " + show(processor.name()) + " on agent group " + show(agent.name());
        final String first = hosts.putIfAbsent(processor.processor(), entry + " (" + path + ")");
        if (null != first)
        {
            error(path + ".processor", entry + " is the same instance as " + first,
                "a new instance for each processor entry (an instance runs on one agent thread, with one context)");
        }
    }

    /**
     * Reports a value out of its setting's range in the range's words, as the YAML reader says it, naming the owner
     * when it has a name: {@code feeds[0].queueCapacity: 1073741824 (feed 'quotes'); expected a
     * power of two from 2 to 16777216}.
     *
     * @param owner e.g. {@code feed 'quotes'}; {@code null} when the setting is the server's or the owner has no name.
     */
    static void checkRange(
        final List<ConfigProblem> errors, final String path, final IntRange range, final int value, final String owner)
    {
        if (!range.accepts(value))
        {
            errors.add(ConfigProblem.of(path, value + (null == owner ? "" : " (" + owner + ")"), range.expected()));
        }
    }

    /**
     * {@link #checkRange(List, String, IntRange, int, String)} for a duration; {@code null} is out of every range.
     */
    static void checkRange(final List<ConfigProblem> errors, final String path, final DurationRange range,
        final Duration value, final String owner)
    {
        if (!range.accepts(value))
        {
            errors.add(ConfigProblem.of(path, value + (null == owner ? "" : " (" + owner + ")"), range.expected()));
        }
    }

    /** How a range error names the feed or group a setting belongs to; {@code null} if it has no usable name. */
    private static String owner(final String kind, final String name)
    {
        return isBlank(name) ? null : kind + " " + show(name);
    }

    private void error(final String path, final String found, final String expected)
    {
        errors.add(ConfigProblem.of(path, found, expected));
    }

    private static boolean isBlank(final String s)
    {
        return null == s || s.isBlank();
    }

    /** A user's name as errors show it: quoted, on one line, cut if long (see {@link ConfigProblem#show}). */
    private static String show(final String s)
    {
        return ConfigProblem.show(s);
    }

    private static String names(final Set<String> names)
    {
        final List<String> shown = new ArrayList<>();
        for (final String name : names)
        {
            shown.add(ConfigProblem.escape(name));
        }
        return String.join(", ", shown);
    }
}
