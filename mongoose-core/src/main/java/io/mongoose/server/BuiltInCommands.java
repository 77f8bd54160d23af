package io.mongoose.server;

import io.mongoose.admin.Admin;
import io.mongoose.admin.AdminArguments;
import io.mongoose.admin.AdminException;
import io.mongoose.admin.AdminResult;
import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.ProcessorConfig;
import io.mongoose.config.ServerConfig;
import io.mongoose.config.ServiceConfig;
import io.mongoose.feed.FeedKind;
import io.mongoose.feed.FeedStats;
import io.mongoose.feed.FullQueuePolicy;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolStats;
import io.mongoose.status.AgentGroupStats;
import io.mongoose.status.HealthReport;
import io.mongoose.status.LatencyMonitor;
import io.mongoose.status.LatencySnapshot;
import io.mongoose.status.ProcessorStats;
import io.mongoose.status.ServiceStats;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The server's built-in admin commands. All run on the invoking thread and read the server through its public
 * snapshots, so they work in every state; {@code pause-feed} and {@code resume-feed} need a running server.
 */
final class BuiltInCommands
{
    private final MongooseServer server;
    private final FeedPauses feedPauses;

    private BuiltInCommands(final MongooseServer server, final FeedPauses feedPauses)
    {
        this.server = server;
        this.feedPauses = feedPauses;
    }

    static void register(final MongooseServer server, final FeedPauses feedPauses, final Admin admin)
    {
        final BuiltInCommands builtIns = new BuiltInCommands(server, feedPauses);
        admin.register("topology", "", "agents (thread mode, idle strategy, pinning) with their processors, and " +
            "feeds (kind, capacity, policy) with their subscribers", args -> builtIns.topology());
        admin.register("pools", "", "stats of every pool in the server's registry", args -> builtIns.pools());
        admin.register("counters", "", "counters of every feed, agent, processor and pool",
            args -> builtIns.counters());
        admin.register("feed-stats", "FEED", "counters of one feed", builtIns::feedStats);
        admin.register("agent-stats", "AGENT", "counters of one agent", builtIns::agentStats);
        admin.register("processor-stats", "PROCESSOR", "counters of one processor", builtIns::processorStats);
        admin.register("pause-feed", "FEED", "stop delivering a feed: its messages wait in its queues and its " +
            "producer meets the feed's full-queue policy", builtIns::pauseFeed);
        admin.register("resume-feed", "FEED", "deliver a paused feed again, in order", builtIns::resumeFeed);
        admin.register("stop", "", "stop the server gracefully and show its shutdown report", args -> builtIns.stop());
        admin.register("health", "", "overall status with its reasons, each agent's liveness, each feed's queue " +
            "saturation and the error rate", args -> builtIns.health());
        admin.register("latency", "[PROCESSOR]", "publish-to-handler latency since start of every monitored " +
            "processor, or of one (count, p50, p99, p99.9, max in microseconds)", builtIns::latency);
        admin.register("latency-dump", "PROCESSOR FILE", "write a monitored processor's latency since start as an " +
            ".hgrm percentile file (values in microseconds)", builtIns::latencyDump);
    }

    private AdminResult topology()
    {
        final ServerConfig config = server.config();
        final StringBuilder text = new StringBuilder("server '").append(server.name()).append("' ")
            .append(server.state());
        final List<Object> agents = new ArrayList<>();
        text.append("\nagents (").append(config.agentGroups().size()).append("):");
        for (final AgentGroupConfig group : config.agentGroups())
        {
            final AgentGroupStats stats = server.agentStats(group.name());
            final List<String> processors = new ArrayList<>();
            for (final ProcessorConfig pc : group.processors())
            {
                processors.add(pc.name());
            }
            text.append("\n  ").append(group.name()).append(": thread=").append(lower(group.threadMode()))
                .append(" idle=").append(group.idleStrategy().yamlName())
                .append(" drainLimit=").append(group.drainLimit())
                .append(" pinning=").append(group.pinning()).append(" (").append(stats.pinning()).append(')')
                .append("\n    processors: ").append(String.join(", ", processors));
            final Map<String, Object> agent = new LinkedHashMap<>();
            agent.put("name", group.name());
            agent.put("threadMode", lower(group.threadMode()));
            agent.put("idleStrategy", group.idleStrategy().yamlName());
            agent.put("drainLimit", group.drainLimit());
            agent.put("pinning", group.pinning().toString());
            agent.put("pinningOutcome", stats.pinning());
            agent.put("processors", processors);
            agents.add(agent);
        }
        final List<Object> feeds = new ArrayList<>();
        text.append("\nfeeds (").append(config.feeds().size()).append("):");
        for (final FeedConfig feed : config.feeds())
        {
            final boolean paused = server.isFeedPaused(feed.name());
            text.append("\n  ").append(feed.name()).append(": ").append(lower(feed.kind())).append(" capacity=")
                .append(feed.queueCapacity()).append(" policy=").append(lower(feed.fullQueuePolicy()))
                .append(" publishTimeout=").append(feed.publishTimeout().toMillis()).append("ms")
                .append(paused ? " PAUSED" : "").append("\n    subscribers: ");
            final List<Object> subscribers = new ArrayList<>();
            final List<String> shown = new ArrayList<>();
            for (final AgentGroupConfig group : config.agentGroups())
            {
                final List<String> receivers = new ArrayList<>();
                for (final ProcessorConfig pc : group.processors())
                {
                    if (feed.kind() == FeedKind.BROADCAST || pc.subscriptions().contains(feed.name()))
                    {
                        receivers.add(pc.name());
                    }
                }
                if (!receivers.isEmpty())
                {
                    shown.add(group.name() + " (" + String.join(", ", receivers) + ")");
                    final Map<String, Object> subscriber = new LinkedHashMap<>();
                    subscriber.put("agent", group.name());
                    subscriber.put("processors", receivers);
                    subscribers.add(subscriber);
                }
            }
            text.append(String.join(", ", shown));
            final Map<String, Object> data = new LinkedHashMap<>();
            data.put("name", feed.name());
            data.put("kind", lower(feed.kind()));
            data.put("queueCapacity", feed.queueCapacity());
            data.put("fullQueuePolicy", lower(feed.fullQueuePolicy()));
            data.put("publishTimeoutMillis", feed.publishTimeout().toMillis());
            data.put("paused", paused);
            data.put("subscribers", subscribers);
            feeds.add(data);
        }
        final Map<String, Object> data = new LinkedHashMap<>();
        data.put("server", server.name());
        data.put("state", server.state().name());
        data.put("agents", agents);
        data.put("feeds", feeds);
        if (!config.services().isEmpty())
        {
            data.put("services", services(config, text));
        }
        return AdminResult.of(text.toString(), data);
    }

    private AdminResult pools()
    {
        final List<ObjectPool<?>> pools = server.pools().pools();
        final StringBuilder text = new StringBuilder("pools of registry '").append(server.pools().name())
            .append("' (").append(pools.size()).append("):");
        final List<Object> data = new ArrayList<>();
        for (final ObjectPool<?> pool : pools)
        {
            final PoolStats stats = pool.stats();
            text.append("\n  ").append(line(stats));
            data.add(map(stats));
        }
        final Map<String, Object> result = new LinkedHashMap<>();
        result.put("registry", server.pools().name());
        result.put("pools", data);
        return AdminResult.of(text.toString(), result);
    }

    /** The topology's services section: started first and stopped last, each with its agent and published feeds. */
    private List<Object> services(final ServerConfig config, final StringBuilder text)
    {
        final List<Object> services = new ArrayList<>();
        text.append("\nservices (").append(config.services().size()).append("):");
        for (final ServiceConfig service : config.services())
        {
            final ServiceStats stats = server.serviceStats(service.name());
            text.append("\n  ").append(service.name()).append(": ")
                .append(stats.agent() ? "agent idle=" + service.idleStrategy().yamlName() + " pinning=" +
                    service.pinning() + " (" + stats.pinning() + ")" : "no agent")
                .append(service.publishes().isEmpty() ? "" : " publishes: " + String.join(", ", service.publishes()));
            final Map<String, Object> row = new LinkedHashMap<>();
            row.put("name", service.name());
            row.put("agent", stats.agent());
            row.put("publishes", service.publishes());
            services.add(row);
        }
        return services;
    }

    private AdminResult counters()
    {
        final ServerConfig config = server.config();
        final StringBuilder text = new StringBuilder("feeds:");
        final List<Object> feeds = new ArrayList<>();
        for (final FeedConfig feed : config.feeds())
        {
            final FeedStats stats = server.feedStats(feed.name());
            final boolean paused = server.isFeedPaused(feed.name());
            text.append("\n  ").append(line(stats, paused));
            feeds.add(map(stats, paused));
        }
        text.append("\nagents:");
        final List<Object> agents = new ArrayList<>();
        final List<Object> processors = new ArrayList<>();
        for (final AgentGroupConfig group : config.agentGroups())
        {
            final AgentGroupStats stats = server.agentStats(group.name());
            text.append("\n  ").append(line(stats));
            agents.add(map(stats));
        }
        text.append("\nprocessors:");
        for (final AgentGroupConfig group : config.agentGroups())
        {
            for (final ProcessorConfig pc : group.processors())
            {
                final ProcessorStats stats = server.processorStats(pc.name());
                text.append("\n  ").append(line(stats));
                processors.add(map(stats));
            }
        }
        final List<Object> services = new ArrayList<>();
        if (!config.services().isEmpty())
        {
            text.append("\nservices:");
            for (final ServiceConfig service : config.services())
            {
                final ServiceStats stats = server.serviceStats(service.name());
                text.append("\n  ").append(stats.name()).append(": workDone=").append(stats.dutyWork())
                    .append(" errors=").append(stats.errors());
                final Map<String, Object> row = new LinkedHashMap<>();
                row.put("name", stats.name());
                row.put("workDone", stats.dutyWork());
                row.put("errors", stats.errors());
                services.add(row);
            }
        }
        text.append("\npools:");
        final List<Object> pools = new ArrayList<>();
        for (final ObjectPool<?> pool : server.pools().pools())
        {
            final PoolStats stats = pool.stats();
            text.append("\n  ").append(line(stats));
            pools.add(map(stats));
        }
        final Map<String, Object> data = new LinkedHashMap<>();
        data.put("feeds", feeds);
        data.put("agents", agents);
        data.put("processors", processors);
        if (!services.isEmpty())
        {
            data.put("services", services);
        }
        data.put("pools", pools);
        return AdminResult.of(text.toString(), data);
    }

    private AdminResult feedStats(final AdminArguments args)
    {
        final String feed = args.get("FEED");
        final FeedStats stats = refuseBadName(args, () -> server.feedStats(feed));
        final boolean paused = server.isFeedPaused(feed);
        return AdminResult.of(line(stats, paused), map(stats, paused));
    }

    private AdminResult agentStats(final AdminArguments args)
    {
        final AgentGroupStats stats = refuseBadName(args, () -> server.agentStats(args.get("AGENT")));
        return AdminResult.of(line(stats), map(stats));
    }

    private AdminResult processorStats(final AdminArguments args)
    {
        final ProcessorStats stats = refuseBadName(args, () -> server.processorStats(args.get("PROCESSOR")));
        return AdminResult.of(line(stats), map(stats));
    }

    private AdminResult pauseFeed(final AdminArguments args)
    {
        final String feed = args.get("FEED");
        final FeedPauses.Outcome outcome = refuseBadName(args, () -> feedPauses.pause(feed, server.admin().timeout()));
        final FullQueuePolicy policy = policyOf(feed);
        String text = outcome.changed()
            ? "feed '" + feed + "' paused: agents " + String.join(", ", outcome.agents()) + " no longer drain it; " +
            "its messages wait and its producer meets its policy " + lower(policy) + " once a queue is full"
            : "feed '" + feed + "' was already paused";
        if (!outcome.unconfirmed().isEmpty())
        {
            text += "; agents " + String.join(", ", outcome.unconfirmed()) + " did not finish their duty cycle " +
                "within " + server.admin().timeout().toMillis() + " ms (busy or blocked): a drain of '" + feed +
                "' under way there may still deliver messages";
        }
        final Map<String, Object> data = new LinkedHashMap<>();
        data.put("feed", feed);
        data.put("paused", true);
        data.put("changed", outcome.changed());
        data.put("agents", outcome.agents());
        data.put("unconfirmed", outcome.unconfirmed());
        return AdminResult.of(text, data);
    }

    private AdminResult resumeFeed(final AdminArguments args)
    {
        final String feed = args.get("FEED");
        final boolean changed = refuseBadName(args, () -> server.resumeFeed(feed));
        final Map<String, Object> data = new LinkedHashMap<>();
        data.put("feed", feed);
        data.put("paused", false);
        data.put("changed", changed);
        return AdminResult.of(changed ? "feed '" + feed + "' resumed" : "feed '" + feed + "' was not paused", data);
    }

    private AdminResult stop()
    {
        final ShutdownReport report;
        try
        {
            report = server.stop();
        }
        catch (final IllegalStateException ex)
        {
            // Called on an agent thread, or not by the owner of an invoker group: stop() says which.
            throw new AdminException("stop: refused: " + ex.getMessage());
        }
        final Map<String, Object> data = new LinkedHashMap<>();
        data.put("server", server.name());
        data.put("clean", report.clean());
        data.put("drained", report.drained());
        data.put("undeliveredByFeed", report.undeliveredByFeed());
        data.put("leaksByType", report.leaksByType());
        data.put("handlerErrors", report.handlerErrors());
        data.put("unhandled", report.unhandled());
        return AdminResult.of("server '" + server.name() + "' stopped: " + report, data);
    }

    private FullQueuePolicy policyOf(final String feedName)
    {
        for (final FeedConfig feed : server.config().feeds())
        {
            if (feed.name().equals(feedName))
            {
                return feed.fullQueuePolicy();
            }
        }
        throw new IllegalStateException("feed '" + feedName + "' paused but not configured");
    }

    private AdminResult health()
    {
        final HealthReport report = server.health();
        final StringBuilder text = new StringBuilder("status ").append(report.status());
        for (final String reason : report.reasons())
        {
            text.append("\n  reason: ").append(reason);
        }
        text.append(String.format(Locale.ROOT, "%nerrors: %d (%.2f/s)", report.errors(), report.errorRate()));
        final List<Object> agents = new ArrayList<>();
        text.append("\nagents:");
        for (final HealthReport.AgentHealth agent : report.agents())
        {
            text.append("\n  ").append(agent.name()).append(": ").append(agent.status())
                .append(" sinceLastDutyCycle=").append(agent.sinceLastDutyCycle().toMillis()).append("ms dutyCycles=")
                .append(agent.dutyCycles()).append(" dispatching=").append(agent.dispatching());
            final Map<String, Object> row = new LinkedHashMap<>();
            row.put("name", agent.name());
            row.put("status", agent.status().name());
            row.put("sinceLastDutyCycleMillis", agent.sinceLastDutyCycle().toMillis());
            row.put("dutyCycles", agent.dutyCycles());
            row.put("dispatching", agent.dispatching());
            agents.add(row);
        }
        final List<Object> feeds = new ArrayList<>();
        text.append("\nfeeds:");
        for (final HealthReport.FeedHealth feed : report.feeds())
        {
            text.append("\n  ").append(feed.name()).append(": ").append(feed.status()).append(" queueDepth=")
                .append(feed.queueDepth()).append('/').append(feed.queueCapacity())
                .append(String.format(Locale.ROOT, " saturation=%.2f", feed.saturation()));
            final Map<String, Object> row = new LinkedHashMap<>();
            row.put("name", feed.name());
            row.put("status", feed.status().name());
            row.put("queueDepth", feed.queueDepth());
            row.put("queueCapacity", feed.queueCapacity());
            row.put("saturation", feed.saturation());
            feeds.add(row);
        }
        final Map<String, Object> data = new LinkedHashMap<>();
        data.put("status", report.status().name());
        data.put("reasons", report.reasons());
        data.put("errors", report.errors());
        data.put("errorRate", report.errorRate());
        data.put("agents", agents);
        data.put("feeds", feeds);
        return AdminResult.of(text.toString(), data);
    }

    private AdminResult latency(final AdminArguments args)
    {
        final List<LatencyMonitor> monitors = new ArrayList<>();
        final Optional<String> one = args.optional("PROCESSOR");
        if (one.isPresent())
        {
            monitors.add(refuseBadName(args, () -> server.latency(one.get())));
        }
        else
        {
            monitors.addAll(server.latencyMonitors());
        }
        if (monitors.isEmpty())
        {
            return AdminResult.of("no processor monitors latency; turn it on with latencyMonitoring: true on a " +
                "processor or the server", Map.of("processors", List.of()));
        }
        final StringBuilder text = new StringBuilder();
        final List<Object> rows = new ArrayList<>();
        for (final LatencyMonitor monitor : monitors)
        {
            final LatencySnapshot snapshot = monitor.cumulative();
            text.append(text.length() == 0 ? "" : "\n").append(snapshot);
            final Map<String, Object> row = new LinkedHashMap<>();
            row.put("processor", snapshot.processorName());
            row.put("count", snapshot.count());
            row.put("p50Nanos", snapshot.percentileNanos(50));
            row.put("p99Nanos", snapshot.percentileNanos(99));
            row.put("p999Nanos", snapshot.percentileNanos(99.9));
            row.put("maxNanos", snapshot.maxNanos());
            rows.add(row);
        }
        return AdminResult.of(text.toString(), Map.of("processors", rows));
    }

    private AdminResult latencyDump(final AdminArguments args)
    {
        final LatencyMonitor monitor = refuseBadName(args, () -> server.latency(args.get("PROCESSOR")));
        final Path file = Path.of(args.get("FILE"));
        final LatencySnapshot snapshot = monitor.cumulative();
        try
        {
            snapshot.writeHgrm(file);
        }
        catch (final IOException | RuntimeException ex)
        {
            throw new AdminException(args.command() + ": cannot write '" + file + "': " + ex.getMessage() +
                "; expected a writable file path", ex);
        }
        return AdminResult.of("wrote " + snapshot.count() + " samples of '" + monitor.processorName() + "' to " + file,
            Map.of("processor", monitor.processorName(), "count", snapshot.count(), "file", file.toString()));
    }

    /** The server's refusals (unknown name, not running) become the command's, prefixed with its name. */
    private static <T> T refuseBadName(final AdminArguments args, final Supplier<T> call)
    {
        try
        {
            return call.get();
        }
        catch (final IllegalArgumentException | IllegalStateException ex)
        {
            throw new AdminException(args.command() + ": " + ex.getMessage());
        }
    }

    static String line(final FeedStats s, final boolean paused)
    {
        return s.name() + ": published=" + s.published() + " dropped=" + s.dropped() + " rejected=" + s.rejected() +
            " timeouts=" + s.timeouts() + " queueDepth=" + s.queueDepth() + " undeliveredAtStop=" +
            s.undeliveredAtStop() + " paused=" + paused;
    }

    static String line(final AgentGroupStats s)
    {
        return s.name() + ": dispatched=" + s.dispatched() + " errors=" + s.errors();
    }

    static String line(final ProcessorStats s)
    {
        return s.name() + ": agent=" + s.agent() + " handled=" + s.handled() + " unhandled=" + s.unhandled() +
            " errors=" + s.errors();
    }

    static String line(final PoolStats s)
    {
        return s.name() + ": capacity=" + s.capacity() + " created=" + s.created() + " free=" + s.free() +
            " inFlight=" + s.inFlight() + " exhausted=" + s.exhaustedCount() + " retired=" + s.retired() +
            " invalidReleases=" + s.invalidReleases();
    }

    private static Map<String, Object> map(final FeedStats s, final boolean paused)
    {
        final Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", s.name());
        m.put("kind", lower(s.kind()));
        m.put("subscribers", s.subscribers());
        m.put("published", s.published());
        m.put("dropped", s.dropped());
        m.put("rejected", s.rejected());
        m.put("timeouts", s.timeouts());
        m.put("queueDepth", s.queueDepth());
        m.put("undeliveredAtStop", s.undeliveredAtStop());
        m.put("paused", paused);
        return m;
    }

    private static Map<String, Object> map(final AgentGroupStats s)
    {
        final Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", s.name());
        m.put("threadMode", lower(s.threadMode()));
        m.put("idleStrategy", s.idleStrategy().yamlName());
        m.put("drainLimit", s.drainLimit());
        m.put("dispatched", s.dispatched());
        m.put("errors", s.errors());
        m.put("pinning", s.pinning());
        return m;
    }

    private static Map<String, Object> map(final ProcessorStats s)
    {
        final Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", s.name());
        m.put("agent", s.agent());
        m.put("handled", s.handled());
        m.put("unhandled", s.unhandled());
        m.put("errors", s.errors());
        return m;
    }

    private static Map<String, Object> map(final PoolStats s)
    {
        final Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", s.name());
        m.put("capacity", s.capacity());
        m.put("created", s.created());
        m.put("free", s.free());
        m.put("inFlight", s.inFlight());
        m.put("exhausted", s.exhaustedCount());
        m.put("retired", s.retired());
        m.put("invalidReleases", s.invalidReleases());
        return m;
    }

    private static String lower(final Enum<?> value)
    {
        return value.name().toLowerCase(Locale.ROOT);
    }
}
