package io.mongoose.server;

import io.mongoose.agent.AgentGroup;
import io.mongoose.agent.Inbound;
import io.mongoose.status.ServerState;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Pausing and resuming feeds. A paused feed's subscriber queues are skipped by their agents, so its messages wait and
 * its producer meets the feed's own full-queue policy once a queue fills; nothing is dropped that the policy would not
 * drop anyway. Resuming lets the agents drain the queues again, in order.
 *
 * <p>Pausing waits (bounded) until every agent that drains the feed has finished the duty cycle it was in: a drain
 * of the feed already under way when the flag was set may deliver up to its drain limit, and that drain is over when
 * {@link #pause} returns. Pausing and resuming need a running server; {@link #resumeAllForStop} is for its stop.
 * Threading: any thread; pause and resume of one server are serialised.
 */
final class FeedPauses
{
    private static final System.Logger LOG = System.getLogger("io.mongoose.server");

    /** One feed's queues and the groups draining them, in the same order. */
    private record Feed(List<Inbound> queues, List<AgentGroup> groups)
    {
    }

    /**
     * @param feed        the feed.
     * @param changed     whether this call changed its state.
     * @param agents      the agents that drain it.
     * @param unconfirmed agents that did not finish their duty cycle in time (busy or blocked): a drain of the feed
     *                    under way there may still deliver up to its drain limit.
     */
    record Outcome(String feed, boolean changed, List<String> agents, List<String> unconfirmed)
    {
    }

    private final String serverName;
    private final AtomicReference<ServerState> state;
    private final Map<String, Feed> feeds = new LinkedHashMap<>();

    FeedPauses(
        final String serverName, final AtomicReference<ServerState> state,
        final Map<String, List<Inbound>> inboundByGroup, final Map<String, AgentGroup> groups)
    {
        this.serverName = serverName;
        this.state = state;
        for (final Map.Entry<String, List<Inbound>> entry : inboundByGroup.entrySet())
        {
            for (final Inbound queue : entry.getValue())
            {
                final Feed feed = feeds.computeIfAbsent(queue.feedName, f -> new Feed(new ArrayList<>(),
                    new ArrayList<>()));
                feed.queues.add(queue);
                feed.groups.add(groups.get(entry.getKey()));
            }
        }
    }

    /**
     * @throws IllegalArgumentException if there is no such feed.
     * @throws IllegalStateException    if the server is not running.
     */
    synchronized Outcome pause(final String feedName, final Duration confirmWithin)
    {
        checkRunning("pauseFeed");
        final Feed feed = feed(feedName);
        final List<String> agents = agentNames(feed);
        if (isPaused(feed))
        {
            return new Outcome(feedName, false, agents, List.of());
        }
        for (final Inbound queue : feed.queues)
        {
            queue.paused = true;
        }
        return new Outcome(feedName, true, agents, confirm(feed, confirmWithin));
    }

    /** {@link #pause}, logging at WARNING agents that did not finish their duty cycle in time. */
    boolean pauseLogged(final String feedName, final Duration confirmWithin)
    {
        final Outcome outcome = pause(feedName, confirmWithin);
        if (!outcome.unconfirmed().isEmpty())
        {
            LOG.log(System.Logger.Level.WARNING, "server '" + serverName + "': feed '" + feedName + "' paused, but " +
                "agents " + outcome.unconfirmed() + " did not finish their duty cycle within " +
                confirmWithin.toMillis() + " ms: a drain of it under way there may still deliver messages");
        }
        return outcome.changed();
    }

    /**
     * @throws IllegalArgumentException if there is no such feed.
     * @throws IllegalStateException    if the server is not running.
     */
    synchronized Outcome resume(final String feedName)
    {
        checkRunning("resumeFeed");
        final Feed feed = feed(feedName);
        final boolean changed = isPaused(feed);
        resume(feed);
        return new Outcome(feedName, changed, agentNames(feed), List.of());
    }

    synchronized boolean isPaused(final String feedName)
    {
        return isPaused(feed(feedName));
    }

    /** At stop: a paused feed would never drain, so every feed is resumed first and each resumed one is logged. */
    synchronized void resumeAllForStop()
    {
        for (final Map.Entry<String, Feed> entry : feeds.entrySet())
        {
            if (isPaused(entry.getValue()))
            {
                resume(entry.getValue());
                LOG.log(System.Logger.Level.INFO, "server '" + serverName + "': feed '" + entry.getKey() +
                    "' was paused; resumed so that stop() drains it");
            }
        }
    }

    private void checkRunning(final String operation)
    {
        final ServerState now = state.get();
        if (ServerState.RUNNING != now)
        {
            throw new IllegalStateException("server '" + serverName + "' is " + now + "; " + operation +
                " needs it RUNNING");
        }
    }

    private Feed feed(final String feedName)
    {
        final Feed feed = feeds.get(feedName);
        if (null == feed)
        {
            throw new IllegalArgumentException("unknown feed '" + feedName + "'; expected one of " +
                String.join(", ", feeds.keySet()));
        }
        return feed;
    }

    private static void resume(final Feed feed)
    {
        for (final Inbound queue : feed.queues)
        {
            queue.paused = false;
        }
    }

    private static boolean isPaused(final Feed feed)
    {
        for (final Inbound queue : feed.queues)
        {
            if (queue.paused)
            {
                return true;
            }
        }
        return false;
    }

    private static List<String> agentNames(final Feed feed)
    {
        final List<String> names = new ArrayList<>();
        for (final AgentGroup group : feed.groups)
        {
            names.add(group.config.name());
        }
        return names;
    }

    /**
     * A no-op task through each agent's command queue: agents run commands before draining, so once it has run, every
     * later drain of that agent has seen the flag. The calling thread's own group needs none: it is not in a drain
     * (or, called from a handler, it finishes the one it is in).
     */
    private static List<String> confirm(final Feed feed, final Duration within)
    {
        final Thread current = Thread.currentThread();
        final List<String> unconfirmed = new ArrayList<>();
        final List<CompletableFuture<Void>> barriers = new ArrayList<>();
        final List<String> waitingFor = new ArrayList<>();
        for (final AgentGroup group : feed.groups)
        {
            if (!group.dispatching() || group.isDrivenBy(current))
            {
                continue;
            }
            final CompletableFuture<Void> barrier = new CompletableFuture<>();
            try
            {
                group.agent.commands.execute(() -> barrier.complete(null));
                barriers.add(barrier);
                waitingFor.add(group.config.name());
            }
            catch (final RejectedExecutionException ex)
            {
                unconfirmed.add(group.config.name());
            }
        }
        final long deadline = System.nanoTime() + within.toNanos();
        for (int i = 0; i < barriers.size(); i++)
        {
            try
            {
                barriers.get(i).get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            }
            catch (final TimeoutException | ExecutionException ex)
            {
                unconfirmed.add(waitingFor.get(i));
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                unconfirmed.add(waitingFor.get(i));
            }
        }
        return unconfirmed;
    }
}
