package io.mongoose.server;

import io.mongoose.agent.AgentGroup;
import io.mongoose.agent.RunnerClose;
import io.mongoose.config.ServerConfig;
import io.mongoose.feed.Feed;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.locks.LockSupport;

/** The stop sequence of a server, on the stopping thread: each message published is handled, undelivered or leaked. */
final class ServerShutdown
{
    private static final System.Logger LOG = System.getLogger("io.mongoose.server");
    private static final long DRAIN_POLL_NANOS = 100_000;

    private final ServerConfig config;
    private final DataPath path;
    private final ServiceHost services;
    private final FeedPauses feedPauses;
    private final PoolAudit audit;

    ServerShutdown(
        final ServerConfig config, final DataPath path, final ServiceHost services, final FeedPauses feedPauses,
        final PoolAudit audit)
    {
        this.config = config;
        this.path = path;
        this.services = services;
        this.feedPauses = feedPauses;
        this.audit = audit;
    }

    /** Refuse, naming the thread, a stop from a thread it would join or not driving an INVOKER group. */
    void checkCaller()
    {
        final Thread current = Thread.currentThread();
        if (services.isAgentThread(current))
        {
            throw new IllegalStateException("stop() called on service agent thread '" + current.getName() +
                "' of server '" + config.name() + "'; expected a thread outside the server (stopping joins it)");
        }
        for (final AgentGroup group : path.groups.values())
        {
            if (group.isAgentThread(current))
            {
                throw new IllegalStateException("stop() called on agent thread '" + current.getName() +
                    "' of server '" + config.name() + "'; expected a thread outside the server (stopping joins " +
                    "the agent threads)");
            }
            if (null != group.invoker())
            {
                group.invoker().checkOwner("stop()");
            }
        }
    }

    /** Stop what started, draining if {@code drain}; threads not ended by the deadline and a grace are reported. */
    ShutdownReport run(final boolean drain)
    {
        final long drainDeadline = System.nanoTime() + config.shutdownTimeout().toNanos();
        final long graceDeadline = drainDeadline + RunnerClose.INTERRUPT_GRACE_NANOS;
        final Map<String, String> notEnded = new TreeMap<>(services.stopAgents(drainDeadline, graceDeadline));
        path.feeds.values().stream().filter(feed -> !path.pipeFeeds.contains(feed.feedName())).forEach(Feed::close);
        feedPauses.resumeAllForStop(); // a paused feed would never drain, and its agents would never be quiet
        final boolean pipesQuiet = !drain || awaitPipesQuiet(drainDeadline);
        path.closeFeeds();
        final boolean drained = (!drain || awaitDrained(drainDeadline)) && pipesQuiet;
        final Set<String> stillRunning = new HashSet<>();
        for (final AgentGroup group : path.groups.values())
        {
            final String why = group.close(drainDeadline, graceDeadline);
            if (null != why)
            {
                notEnded.put(group.config.name(), why);
                stillRunning.add(group.config.name());
            }
        }
        notEnded.forEach((agent, why) -> LOG.log(System.Logger.Level.ERROR, "server '" + config.name() +
            "': agent " + agent + " did not stop within the " + config.shutdownTimeout().toMillis() +
            " ms shutdown timeout: " + why));
        services.stop();
        final ShutdownReport report = audit.report(drained, releaseUndelivered(stillRunning),
            path.processors.values().stream().mapToLong(slot -> slot.errors.get()).sum() + services.errors(),
            path.processors.values().stream().mapToLong(slot -> slot.unhandled.get()).sum(), notEnded);
        LOG.log(report.clean() ? System.Logger.Level.INFO : System.Logger.Level.WARNING,
            "server '" + config.name() + "' stopped: " + report);
        return report;
    }

    /** Release what each feed's queues still hold, except those of groups still running; per feed, how many. */
    private Map<String, Long> releaseUndelivered(final Set<String> stillRunning)
    {
        final Map<String, Long> undelivered = new TreeMap<>();
        for (final Feed feed : path.feeds.values())
        {
            final long left = feed.releaseUndelivered(stillRunning);
            if (left > 0)
            {
                undelivered.put(feed.feedName(), left);
                LOG.log(System.Logger.Level.WARNING, "server '" + config.name() + "': feed '" + feed.feedName() +
                    "' had " + left + " messages undelivered after the " + config.shutdownTimeout().toMillis() +
                    " ms drain timeout; released without handling");
            }
        }
        return undelivered;
    }

    /**
     * Wait, by {@code deadline}, until no queue holds a message and no handler runs: the agents' counters only grow,
     * so two passes that read the same balanced values saw one instant at which all was quiet, and stays so.
     */
    private boolean awaitPipesQuiet(final long deadline)
    {
        if (path.pipeFeeds.isEmpty())
        {
            return true;
        }
        long previous = -1;
        while (true)
        {
            long progress = 0;
            for (final AgentGroup group : path.groups.values())
            {
                if (group.dispatching())
                {
                    final long p = group.agent.progressIfBalanced();
                    if (p < 0)
                    {
                        progress = -1;
                        break;
                    }
                    progress += p;
                }
            }
            if (progress >= 0 && progress == previous)
            {
                return true;
            }
            previous = progress;
            if (!waitAPoll(deadline))
            {
                return false;
            }
        }
    }

    /** Wait until dispatching groups' queues are empty, by {@code deadline}; whether all groups' queues are. */
    private boolean awaitDrained(final long deadline)
    {
        while (!path.groups.values().stream().filter(AgentGroup::dispatching).allMatch(g -> g.agent.inboundEmpty()))
        {
            if (!waitAPoll(deadline))
            {
                return false;
            }
        }
        return path.groups.values().stream().filter(g -> !g.dispatching()).allMatch(g -> g.agent.inboundEmpty());
    }

    /** Unless {@code deadline} has passed: drive the invoker groups once and park a poll interval. */
    private boolean waitAPoll(final long deadline)
    {
        if (System.nanoTime() - deadline >= 0)
        {
            return false;
        }
        path.groups.values().forEach(AgentGroup::driveIfInvoker);
        LockSupport.parkNanos(DRAIN_POLL_NANOS);
        return true;
    }
}
