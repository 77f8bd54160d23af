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
import io.mongoose.feed.FeedStats;
import io.mongoose.feed.FullQueuePolicy;
import io.mongoose.pool.ObjectPool;
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
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/** The server's built-in admin commands, run on the invoking thread over the server's public snapshots. */
final class BuiltInCommands
{
    /** Keys of a stats row that its one-line form leaves out. */
    private static final Set<String> NOT_IN_LINE =
        Set.of("name", "kind", "subscribers", "threadMode", "idleStrategy", "drainLimit", "pinning");

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
        admin.register("feed-stats", "FEED", "counters of one feed",
            args -> stats(refuseBadName(args, () -> builtIns.feedRow(args.get("FEED")))));
        admin.register("agent-stats", "AGENT", "counters of one agent",
            args -> stats(refuseBadName(args, () -> agentRow(server.agentStats(args.get("AGENT"))))));
        admin.register("processor-stats", "PROCESSOR", "counters of one processor",
            args -> stats(refuseBadName(args, () -> processorRow(server.processorStats(args.get("PROCESSOR"))))));
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
            .append(server.state()).append("\nagents (").append(config.agentGroups().size()).append("):");
        final List<Object> agents = new ArrayList<>();
        for (final AgentGroupConfig group : config.agentGroups())
        {
            final String pinning = server.agentStats(group.name()).pinning();
            final List<String> processors = group.processors().stream().map(ProcessorConfig::name).toList();
            text.append("\n  " + group.name() + ": thread=" + lower(group.threadMode()) + " idle=" +
                group.idleStrategy().yamlName() + " drainLimit=" + group.drainLimit() + " pinning=" + group.pinning() +
                " (" + pinning + ")\n    processors: " + String.join(", ", processors));
            agents.add(row("name", group.name(), "threadMode", lower(group.threadMode()), "idleStrategy",
                group.idleStrategy().yamlName(), "drainLimit", group.drainLimit(), "pinning",
                group.pinning().toString(), "pinningOutcome", pinning, "processors", processors));
        }
        text.append("\nfeeds (").append(config.feeds().size()).append("):");
        final List<Object> feeds = new ArrayList<>();
        for (final FeedConfig feed : config.feeds())
        {
            final boolean paused = server.isFeedPaused(feed.name());
            final List<Object> subscribers = new ArrayList<>();
            final List<String> shown = new ArrayList<>();
            for (final AgentGroupConfig group : config.agentGroups())
            {
                final List<String> receivers =
                    group.processors().stream().filter(pc -> pc.receives(feed)).map(ProcessorConfig::name).toList();
                if (!receivers.isEmpty())
                {
                    shown.add(group.name() + " (" + String.join(", ", receivers) + ")");
                    subscribers.add(row("agent", group.name(), "processors", receivers));
                }
            }
            text.append("\n  " + feed.name() + ": " + lower(feed.kind()) + " capacity=" + feed.queueCapacity() +
                " policy=" + lower(feed.fullQueuePolicy()) + " publishTimeout=" + feed.publishTimeout().toMillis() +
                "ms" + (paused ? " PAUSED" : "") + "\n    subscribers: " + String.join(", ", shown));
            feeds.add(row("name", feed.name(), "kind", lower(feed.kind()), "queueCapacity", feed.queueCapacity(),
                "fullQueuePolicy", lower(feed.fullQueuePolicy()), "publishTimeoutMillis",
                feed.publishTimeout().toMillis(), "paused", paused, "subscribers", subscribers));
        }
        final Map<String, Object> data =
            row("server", server.name(), "state", server.state().name(), "agents", agents, "feeds", feeds);
        if (!config.services().isEmpty())
        {
            text.append("\nservices (").append(config.services().size()).append("):");
            final List<Object> services = new ArrayList<>();
            for (final ServiceConfig service : config.services())
            {
                final ServiceStats stats = server.serviceStats(service.name());
                text.append("\n  ").append(service.name()).append(": ")
                    .append(stats.agent() ? "agent idle=" + service.idleStrategy().yamlName() + " pinning=" +
                        service.pinning() + " (" + stats.pinning() + ")" : "no agent")
                    .append(service.publishes().isEmpty() ? "" : " publishes: " +
                        String.join(", ", service.publishes()));
                services.add(row("name", service.name(), "agent", stats.agent(), "publishes", service.publishes()));
            }
            data.put("services", services);
        }
        return AdminResult.of(text.toString(), data);
    }

    private AdminResult pools()
    {
        final List<Map<String, Object>> pools = poolRows();
        return AdminResult.of("pools of registry '" + server.pools().name() + "' (" + pools.size() + "):" +
            lines(pools), row("registry", server.pools().name(), "pools", pools));
    }

    private AdminResult counters()
    {
        final ServerConfig config = server.config();
        final Map<String, List<Map<String, Object>>> sections = new LinkedHashMap<>();
        sections.put("feeds", config.feeds().stream().map(feed -> feedRow(feed.name())).toList());
        sections.put("agents", config.agentGroups().stream().map(group -> agentRow(server.agentStats(group.name())))
            .toList());
        sections.put("processors", config.agentGroups().stream().flatMap(group -> group.processors().stream())
            .map(pc -> processorRow(server.processorStats(pc.name()))).toList());
        if (!config.services().isEmpty())
        {
            sections.put("services", config.services().stream().map(service -> server.serviceStats(service.name()))
                .map(s -> row("name", s.name(), "workDone", s.dutyWork(), "errors", s.errors())).toList());
        }
        sections.put("pools", poolRows());
        final StringBuilder text = new StringBuilder();
        sections.forEach((name, rows) -> text.append(text.isEmpty() ? "" : "\n").append(name).append(':')
            .append(lines(rows)));
        return AdminResult.of(text.toString(), new LinkedHashMap<>(sections));
    }

    private AdminResult pauseFeed(final AdminArguments args)
    {
        final String feed = args.get("FEED");
        final FeedPauses.Outcome outcome = refuseBadName(args, () -> feedPauses.pause(feed, server.admin().timeout()));
        final FullQueuePolicy policy = server.config().feeds().stream().filter(f -> f.name().equals(feed))
            .findFirst().orElseThrow().fullQueuePolicy();
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
        return AdminResult.of(text, row("feed", feed, "paused", true, "changed", outcome.changed(), "agents",
            outcome.agents(), "unconfirmed", outcome.unconfirmed()));
    }

    private AdminResult resumeFeed(final AdminArguments args)
    {
        final String feed = args.get("FEED");
        final boolean changed = refuseBadName(args, () -> server.resumeFeed(feed));
        return AdminResult.of(changed ? "feed '" + feed + "' resumed" : "feed '" + feed + "' was not paused",
            row("feed", feed, "paused", false, "changed", changed));
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
            throw new AdminException("stop: refused: " + ex.getMessage());
        }
        return AdminResult.of("server '" + server.name() + "' stopped: " + report, row("server", server.name(),
            "clean", report.clean(), "drained", report.drained(), "undeliveredByFeed", report.undeliveredByFeed(),
            "leaksByType", report.leaksByType(), "handlerErrors", report.handlerErrors(), "unhandled",
            report.unhandled()));
    }

    private AdminResult health()
    {
        final HealthReport report = server.health();
        final StringBuilder text = new StringBuilder("status ").append(report.status());
        report.reasons().forEach(reason -> text.append("\n  reason: ").append(reason));
        text.append(String.format(Locale.ROOT, "%nerrors: %d (%.2f/s)", report.errors(), report.errorRate()))
            .append("\nagents:");
        final List<Object> agents = new ArrayList<>();
        for (final HealthReport.AgentHealth agent : report.agents())
        {
            text.append("\n  " + agent.name() + ": " + agent.status() + " sinceLastDutyCycle=" +
                agent.sinceLastDutyCycle().toMillis() + "ms dutyCycles=" + agent.dutyCycles() + " dispatching=" +
                agent.dispatching());
            agents.add(row("name", agent.name(), "status", agent.status().name(), "sinceLastDutyCycleMillis",
                agent.sinceLastDutyCycle().toMillis(), "dutyCycles", agent.dutyCycles(), "dispatching",
                agent.dispatching()));
        }
        text.append("\nfeeds:");
        final List<Object> feeds = new ArrayList<>();
        for (final HealthReport.FeedHealth feed : report.feeds())
        {
            text.append("\n  ").append(feed.name()).append(": ").append(feed.status()).append(" queueDepth=")
                .append(feed.queueDepth()).append('/').append(feed.queueCapacity())
                .append(String.format(Locale.ROOT, " saturation=%.2f", feed.saturation()));
            feeds.add(row("name", feed.name(), "status", feed.status().name(), "queueDepth", feed.queueDepth(),
                "queueCapacity", feed.queueCapacity(), "saturation", feed.saturation()));
        }
        return AdminResult.of(text.toString(), row("status", report.status().name(), "reasons", report.reasons(),
            "errors", report.errors(), "errorRate", report.errorRate(), "agents", agents, "feeds", feeds));
    }

    private AdminResult latency(final AdminArguments args)
    {
        final List<LatencySnapshot> snapshots = args.optional("PROCESSOR")
            .map(name -> List.of(refuseBadName(args, () -> server.latency(name))))
            .orElseGet(server::latencyMonitors).stream().map(LatencyMonitor::cumulative).toList();
        if (snapshots.isEmpty())
        {
            return AdminResult.of("no processor monitors latency; turn it on with latencyMonitoring: true on a " +
                "processor or the server", Map.of("processors", List.of()));
        }
        return AdminResult.of(snapshots.stream().map(String::valueOf).collect(Collectors.joining("\n")),
            Map.of("processors", snapshots.stream().map(s -> row("processor", s.processorName(), "count", s.count(),
                "p50Nanos", s.percentileNanos(50), "p99Nanos", s.percentileNanos(99), "p999Nanos",
                s.percentileNanos(99.9), "maxNanos", s.maxNanos())).toList()));
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

    private Map<String, Object> feedRow(final String feed)
    {
        final FeedStats s = server.feedStats(feed);
        return row("name", s.name(), "kind", lower(s.kind()), "subscribers", s.subscribers(), "published",
            s.published(), "dropped", s.dropped(), "rejected", s.rejected(), "timeouts", s.timeouts(), "queueDepth",
            s.queueDepth(), "undeliveredAtStop", s.undeliveredAtStop(), "paused", server.isFeedPaused(feed));
    }

    private List<Map<String, Object>> poolRows()
    {
        return server.pools().pools().stream().map(ObjectPool::stats).map(s -> row("name", s.name(), "capacity",
            s.capacity(), "created", s.created(), "free", s.free(), "inFlight", s.inFlight(), "exhausted",
            s.exhaustedCount(), "retired", s.retired(), "invalidReleases", s.invalidReleases())).toList();
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

    private static Map<String, Object> agentRow(final AgentGroupStats s)
    {
        return row("name", s.name(), "threadMode", lower(s.threadMode()), "idleStrategy", s.idleStrategy().yamlName(),
            "drainLimit", s.drainLimit(), "dispatched", s.dispatched(), "errors", s.errors(), "pinning", s.pinning());
    }

    private static Map<String, Object> processorRow(final ProcessorStats s)
    {
        return row("name", s.name(), "agent", s.agent(), "handled", s.handled(), "unhandled", s.unhandled(),
            "errors", s.errors());
    }

    /** An ordered map of alternating keys and values. */
    private static Map<String, Object> row(final Object... keysAndValues)
    {
        final Map<String, Object> row = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2)
        {
            row.put((String)keysAndValues[i], keysAndValues[i + 1]);
        }
        return row;
    }

    private static AdminResult stats(final Map<String, Object> row)
    {
        return AdminResult.of(line(row), row);
    }

    /** A stats row on one line, {@code name: key=value ...}, without the keys in {@link #NOT_IN_LINE}. */
    private static String line(final Map<String, Object> row)
    {
        return row.get("name") + ": " + row.entrySet().stream().filter(e -> !NOT_IN_LINE.contains(e.getKey()))
            .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }

    private static String lines(final List<Map<String, Object>> rows)
    {
        return rows.stream().map(row -> "\n  " + line(row)).collect(Collectors.joining());
    }

    private static String lower(final Enum<?> value)
    {
        return value.name().toLowerCase(Locale.ROOT);
    }
}
