package io.mongoose.config;

import io.mongoose.dispatch.EventProcessor;
import io.mongoose.feed.FeedKind;

import java.nio.file.Files;
import java.nio.file.Path;
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

/** Checks a whole {@link ServerConfig} and reports every problem at once, with its path, value and what is expected. */
public final class ConfigValidator
{
    /** What an idle strategy must be, as errors say it. */
    static final String IDLE_STRATEGY_EXPECTED = "one of " +
        Stream.of(IdleStrategyKind.values()).map(Enum::name).collect(Collectors.joining(", "));

    private final List<ConfigProblem> errors = new ArrayList<>();
    private final Map<String, FeedConfig> feeds = new LinkedHashMap<>();
    private final Map<String, String> processorPaths = new HashMap<>();
    private final Map<EventProcessor, String> hosts = new IdentityHashMap<>();
    private final Set<String> subscribed = new HashSet<>();

    private ConfigValidator()
    {
    }

    /** @throws MongooseConfigException listing every problem of {@code config}, if there is any. */
    public static void validate(final ServerConfig config)
    {
        final List<String> errors = problems(config);
        if (!errors.isEmpty())
        {
            throw new MongooseConfigException(errors);
        }
    }

    /** @return every problem of {@code config}, each as {@code path: found; expected …}; empty if it can run. */
    public static List<String> problems(final ServerConfig config)
    {
        return problemsInParts(config).stream().map(ConfigProblem::toString).collect(Collectors.toList());
    }

    /** @return every problem of {@code config} in parts, in the order {@link #problems(ServerConfig)} lists them. */
    public static List<ConfigProblem> problemsInParts(final ServerConfig config)
    {
        final ConfigValidator v = new ConfigValidator();
        if (!require(v.errors, null != config, "config", "null", "a server configuration"))
        {
            return v.errors;
        }
        require(v.errors, !isBlank(config.name()), "name", show(config.name()), "a non-blank server name");
        checkRange(v.errors, "startTimeout", ServerConfig.START_TIMEOUT_RANGE, config.startTimeout(), "");
        checkRange(v.errors, "shutdownTimeout", ServerConfig.SHUTDOWN_TIMEOUT_RANGE, config.shutdownTimeout(), "");
        v.checkFeeds(config.feeds());
        v.checkAgents(config.agentGroups(), config.feeds());
        v.checkMonitoring(config.counters(), config.health());
        ServiceWiringValidator.check(config, v.feeds, v.errors);
        return v.errors;
    }

    private void checkFeeds(final List<FeedConfig> feedList)
    {
        require(errors, !feedList.isEmpty(), "feeds", "empty", "at least one feed");
        final Map<String, String> paths = new HashMap<>();
        for (int i = 0; i < feedList.size(); i++)
        {
            final String path = "feeds[" + i + "]";
            final FeedConfig feed = feedList.get(i);
            if (!require(errors, null != feed, path, "null", "a feed"))
            {
                continue;
            }
            if (checkName(errors, path, feed.name(), "feed", paths, false))
            {
                feeds.put(feed.name(), feed);
            }
            final String owner = owner("feed", feed.name());
            checkRange(errors, path + ".queueCapacity", FeedConfig.QUEUE_CAPACITY_RANGE, feed.queueCapacity(), owner);
            require(errors, null != feed.fullQueuePolicy(), path + ".fullQueuePolicy", "null",
                "one of BACKOFF, DROP, FAIL");
            checkRange(errors, path + ".publishTimeout", FeedConfig.PUBLISH_TIMEOUT_RANGE, feed.publishTimeout(),
                owner);
        }
    }

    private void checkAgents(final List<AgentGroupConfig> agents, final List<FeedConfig> feedList)
    {
        require(errors, !agents.isEmpty(), "agents", "empty", "at least one agent group");
        final Map<String, String> agentPaths = new HashMap<>();
        boolean anyProcessor = false;
        for (int a = 0; a < agents.size(); a++)
        {
            final String path = "agents[" + a + "]";
            final AgentGroupConfig agent = agents.get(a);
            if (!require(errors, null != agent, path, "null", "an agent group"))
            {
                continue;
            }
            checkName(errors, path, agent.name(), "agent", agentPaths, false);
            require(errors, null != agent.idleStrategy(), path + ".idleStrategy", "null", IDLE_STRATEGY_EXPECTED);
            final String owner = owner("agent group", agent.name());
            checkRange(errors, path + ".drainLimit", AgentGroupConfig.DRAIN_LIMIT_RANGE, agent.drainLimit(), owner);
            checkPinning(errors, path + ".pinning", agent.pinning());
            require(errors, null != agent.threadMode(), path + ".threadMode", "null", "one of DEDICATED, INVOKER");
            checkRange(errors, path + ".timerTickResolution", AgentGroupConfig.TIMER_TICK_RESOLUTION_RANGE,
                agent.timerTickResolution(), owner);
            checkRange(errors, path + ".timerWheelSize", AgentGroupConfig.TIMER_WHEEL_SIZE_RANGE,
                agent.timerWheelSize(), owner);
            require(errors, !agent.processors().isEmpty(), path + ".processors", "empty", "at least one processor");
            for (int p = 0; p < agent.processors().size(); p++)
            {
                anyProcessor |= checkProcessor(path + ".processors[" + p + "]", agent.processors().get(p), agent);
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
            if (!(feed.kind() == FeedKind.BROADCAST ? anyProcessor : subscribed.contains(feed.name())))
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
        final List<String> receiving = agents.stream().filter(agent -> null != agent && agent.receives(feed))
            .map(agent -> show(agent.name())).toList();
        require(errors, receiving.size() <= 1, path + ".ring", "ring feed " + show(feed.name()) +
            " received on agent groups " + String.join(", ", receiving), "one agent group (a ring has one " +
            "consumer); to fan out to several groups, make it a queue feed");
    }

    /** @return whether there is a processor entry at {@code path}. */
    private boolean checkProcessor(final String path, final ProcessorConfig processor, final AgentGroupConfig agent)
    {
        if (!require(errors, null != processor, path, "null", "a processor"))
        {
            return false;
        }
        checkName(errors, path, processor.name(), "processor", processorPaths, true);
        final boolean instance =
            require(errors, null != processor.processor(), path + ".processor", "null", "an EventProcessor instance");
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
            else if (require(errors, seen.add(feedName), subPath, "duplicate " + show(feedName), "each feed once"))
            {
                subscribed.add(feedName);
            }
        }
        if (instance)
        {
            // An instance runs on one agent thread with one context: the same one in two entries is refused.
            final String entry = "processor " + show(processor.name()) + " on agent group " + show(agent.name());
            final String first = hosts.putIfAbsent(processor.processor(), entry + " (" + path + ")");
            require(errors, null == first, path + ".processor", entry + " is the same instance as " + first,
                "a new instance for each processor entry (an instance runs on one agent thread, with one context)");
        }
        return true;
    }

    /** Checks counters and health, with paths as a YAML file spells them, e.g. {@code health.queueSaturation}. */
    private void checkMonitoring(final CountersConfig counters, final HealthConfig health)
    {
        Duration sampleInterval = null;
        if (require(errors, null != counters, "counters", "null",
            "a counters configuration (CountersConfig.defaults())"))
        {
            if (checkRange(errors, "counters.sampleInterval", CountersConfig.SAMPLE_INTERVAL_RANGE,
                counters.sampleInterval(), ""))
            {
                sampleInterval = counters.sampleInterval();
            }
            final Path dir = counters.dir();
            require(errors, null == dir || !Files.exists(dir) || Files.isDirectory(dir), "counters.dir",
                "'" + ConfigProblem.escape(String.valueOf(dir)) + "' is not a directory",
                "a directory (created if missing), or no dir for the default");
        }
        if (!require(errors, null != health, "health", "null", "health thresholds (HealthConfig.defaults())"))
        {
            return;
        }
        final Duration stale = health.agentStaleAfter();
        final Duration down = health.agentDownAfter();
        final boolean staleValid =
            checkRange(errors, "health.agentStaleAfter", HealthConfig.AGENT_STALE_AFTER_RANGE, stale, "");
        if (checkRange(errors, "health.agentDownAfter", HealthConfig.AGENT_DOWN_AFTER_RANGE, down, "") && staleValid)
        {
            require(errors, down.compareTo(stale) > 0, "health.agentDownAfter", down + " (agentStaleAfter is " +
                stale + ")", "a duration longer than agentStaleAfter");
        }
        final double saturation = health.queueSaturation();
        require(errors, saturation > 0 && saturation <= 1, "health.queueSaturation", String.valueOf(saturation),
            "a fill ratio above 0 and at most 1, e.g. 0.8");
        final double rate = health.errorRate();
        require(errors, rate >= 0 && Double.isFinite(rate), "health.errorRate", String.valueOf(rate),
            "errors per second, 0 or more (0: any error degrades)");
        final Duration window = health.errorRateWindow();
        if (checkRange(errors, "health.errorRateWindow", HealthConfig.ERROR_RATE_WINDOW_RANGE, window, "") &&
            null != sampleInterval)
        {
            require(errors, window.compareTo(sampleInterval) >= 0, "health.errorRateWindow", window +
                " (counters.sampleInterval is " + sampleInterval + ")", "at least the sample interval");
        }
    }

    /** @return whether the name is non-blank and new in {@code firstPaths}; a duplicate's error says where if asked. */
    static boolean checkName(final List<ConfigProblem> errors, final String path, final String name, final String kind,
        final Map<String, String> firstPaths, final boolean sayWhere)
    {
        if (!require(errors, !isBlank(name), path + ".name", show(name), "a non-blank " + kind + " name"))
        {
            return false;
        }
        final String first = firstPaths.putIfAbsent(name, path);
        return require(errors, null == first, path + ".name", "duplicate " + show(name) +
            (sayWhere ? " (also at " + first + ")" : ""), "a name no other " + kind + " uses");
    }

    /** Reports a null pinning or a negative CPU id. */
    static void checkPinning(final List<ConfigProblem> errors, final String path, final Pinning pinning)
    {
        if (require(errors, null != pinning && null != pinning.mode(), path, "null", "none, any, or a CPU id"))
        {
            require(errors, pinning.mode() != Pinning.Mode.CPU || pinning.cpu() >= 0, path, "cpu " + pinning.cpu(),
                "a CPU id of 0 or more");
        }
    }

    /** @return whether the value is in range; if not, reports it followed by its {@link #owner owner}. */
    static boolean checkRange(
        final List<ConfigProblem> errors, final String path, final IntRange range, final int value, final String owner)
    {
        return require(errors, range.accepts(value), path, value + owner, range.expected());
    }

    /** {@link #checkRange(List, String, IntRange, int, String)} for a duration; {@code null} is out of every range. */
    static boolean checkRange(final List<ConfigProblem> errors, final String path, final DurationRange range,
        final Duration value, final String owner)
    {
        return require(errors, range.accepts(value), path, value + owner, range.expected());
    }

    /** Reports a problem of the value at {@code path} unless {@code ok}; returns {@code ok}. */
    static boolean require(final List<ConfigProblem> errors, final boolean ok, final String path, final String found,
        final String expected)
    {
        if (!ok)
        {
            errors.add(ConfigProblem.of(path, found, expected));
        }
        return ok;
    }

    /** How a range error names the feed or group a setting belongs to, e.g. {@code  (feed 'quotes')}. */
    private static String owner(final String kind, final String name)
    {
        return isBlank(name) ? "" : " (" + kind + " " + show(name) + ")";
    }

    private static boolean isBlank(final String s)
    {
        return null == s || s.isBlank();
    }

    private static String show(final String s)
    {
        return ConfigProblem.show(s);
    }

    /** @return the names, each escaped, joined with commas, as errors list what is expected. */
    static String names(final Set<String> names)
    {
        return names.stream().map(ConfigProblem::escape).collect(Collectors.joining(", "));
    }
}
