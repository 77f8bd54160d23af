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

/** Pausing and resuming feeds, from any thread: agents skip a paused feed's queues. */
final class FeedPauses
{
    private static final System.Logger LOG = System.getLogger("io.mongoose.server");

    /** One feed's queues and the groups draining them, in the same order. */
    private record Feed(List<Inbound> queues, List<AgentGroup> groups)
    {
        boolean paused()
        {
            return queues.stream().anyMatch(queue -> queue.paused);
        }

        void setPaused(final boolean paused)
        {
            queues.forEach(queue -> queue.paused = paused);
        }

        List<String> agents()
        {
            return groups.stream().map(group -> group.config.name()).toList();
        }
    }

    /** Whether a pause changed anything, the agents draining the feed, and those not confirmed in time. */
    record Outcome(boolean changed, List<String> agents, List<String> unconfirmed)
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

    /** Pause a running server's feed; an unknown feed throws IllegalArgumentException. */
    synchronized Outcome pause(final String feedName, final Duration confirmWithin)
    {
        final Feed feed = runningFeed("pauseFeed", feedName);
        if (feed.paused())
        {
            return new Outcome(false, feed.agents(), List.of());
        }
        feed.setPaused(true);
        return new Outcome(true, feed.agents(), confirm(feed, confirmWithin));
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

    /** @return whether the feed was paused; throws as {@link #pause} does. */
    synchronized boolean resume(final String feedName)
    {
        final Feed feed = runningFeed("resumeFeed", feedName);
        final boolean changed = feed.paused();
        feed.setPaused(false);
        return changed;
    }

    synchronized boolean isPaused(final String feedName)
    {
        return DataPath.named(feeds, "feed", feedName).paused();
    }

    /** At stop: a paused feed would never drain, so every paused feed is resumed and logged. */
    synchronized void resumeAllForStop()
    {
        for (final Map.Entry<String, Feed> entry : feeds.entrySet())
        {
            if (entry.getValue().paused())
            {
                entry.getValue().setPaused(false);
                LOG.log(System.Logger.Level.INFO, "server '" + serverName + "': feed '" + entry.getKey() +
                    "' was paused; resumed so that stop() drains it");
            }
        }
    }

    private Feed runningFeed(final String operation, final String feedName)
    {
        final ServerState now = state.get();
        if (ServerState.RUNNING != now)
        {
            throw new IllegalStateException("server '" + serverName + "' is " + now + "; " + operation +
                " needs it RUNNING");
        }
        return DataPath.named(feeds, "feed", feedName);
    }

    /**
     * A no-op through each other agent's command queue, run before it drains: once it ran, later drains see the flag.
     */
    private static List<String> confirm(final Feed feed, final Duration within)
    {
        final List<String> unconfirmed = new ArrayList<>();
        final Map<String, CompletableFuture<Void>> barriers = new LinkedHashMap<>();
        for (final AgentGroup group : feed.groups)
        {
            if (group.dispatching() && !group.isDrivenBy(Thread.currentThread()))
            {
                final CompletableFuture<Void> barrier = new CompletableFuture<>();
                try
                {
                    group.agent.commands.execute(() -> barrier.complete(null));
                    barriers.put(group.config.name(), barrier);
                }
                catch (final RejectedExecutionException ex)
                {
                    unconfirmed.add(group.config.name());
                }
            }
        }
        final long deadline = System.nanoTime() + within.toNanos();
        for (final Map.Entry<String, CompletableFuture<Void>> barrier : barriers.entrySet())
        {
            try
            {
                barrier.getValue().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            }
            catch (final TimeoutException | ExecutionException ex)
            {
                unconfirmed.add(barrier.getKey());
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                unconfirmed.add(barrier.getKey());
            }
        }
        return unconfirmed;
    }
}
