package io.mongoose.server;

import io.mongoose.agent.AgentGroup;
import io.mongoose.agent.ProcessorSlot;
import io.mongoose.feed.Feed;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.status.LatencyMonitor;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/** A server's feeds, agent groups, processors and feed producers by name, fixed once built; any thread looks up. */
final class DataPath
{
    final Map<String, Feed> feeds;
    final Map<String, AgentGroup> groups;
    final Map<String, ProcessorSlot> processors;
    /** Feeds a processor publishes from its agent thread. */
    final Set<String> pipeFeeds;
    /** Feeds a service or a processor publishes, with that producer described; only they may publish there. */
    private final Map<String, String> producers;
    /** The invoker of each INVOKER group. */
    private final Map<String, AgentGroupInvoker> invokers;

    DataPath(
        final Map<String, Feed> feeds, final Map<String, AgentGroup> groups,
        final Map<String, ProcessorSlot> processors, final Map<String, String> producers, final Set<String> pipeFeeds)
    {
        this.feeds = feeds;
        this.groups = groups;
        this.processors = processors;
        this.producers = producers;
        this.pipeFeeds = pipeFeeds;
        this.invokers = groups.values().stream().filter(group -> null != group.invoker())
            .collect(Collectors.toMap(group -> group.config.name(), group -> new AgentGroupInvoker(group.invoker())));
    }

    /** @return the value of {@code name}; if there is none, an IllegalArgumentException names the known ones. */
    static <T> T named(final Map<String, T> byName, final String kind, final String name)
    {
        final T found = byName.get(name);
        if (null == found)
        {
            throw new IllegalArgumentException("unknown " + kind + " '" + name + "'; expected one of " +
                String.join(", ", byName.keySet()));
        }
        return found;
    }

    Feed feed(final String feedName)
    {
        return named(feeds, "feed", feedName);
    }

    /** The publisher of a feed the application produces: one no service or processor publishes. */
    FeedPublisher publisher(final String feedName)
    {
        final Feed feed = feed(feedName);
        final String producer = producers.get(feedName);
        if (null != producer)
        {
            throw new IllegalArgumentException("feed '" + feedName + "' is published by " + producer + ", its single " +
                "producer; expected a feed no service or processor publishes");
        }
        return feed;
    }

    AgentGroup group(final String agentName)
    {
        return named(groups, "agent", agentName);
    }

    AgentGroupInvoker invoker(final String agentName)
    {
        final AgentGroupInvoker invoker = invokers.get(agentName);
        if (null == invoker)
        {
            group(agentName); // an unknown name says so
            throw new IllegalArgumentException("agent '" + agentName + "' has a dedicated thread; expected an agent " +
                "configured with threadMode INVOKER");
        }
        return invoker;
    }

    ProcessorSlot processor(final String processorName)
    {
        return named(processors, "processor", processorName);
    }

    <T> T processor(final String processorName, final Class<T> type)
    {
        final ProcessorSlot slot = processor(processorName);
        if (!type.isInstance(slot.processor))
        {
            throw new IllegalArgumentException("processor '" + processorName + "' is a " +
                slot.processor.getClass().getName() + "; expected a " + type.getName());
        }
        return type.cast(slot.processor);
    }

    LatencyMonitor latency(final String processorName)
    {
        final ProcessorSlot slot = processors.get(processorName);
        if (null == slot || null == slot.latency)
        {
            final List<String> monitored = latencyMonitors().stream().map(LatencyMonitor::processorName).toList();
            throw new IllegalArgumentException((null == slot
                ? "unknown processor '" + processorName + "'"
                : "processor '" + processorName + "' does not monitor latency (enable it with " +
                "ProcessorConfig.latencyMonitoring(true) or latencyMonitoring: true in YAML)") +
                "; expected one of the processors with latency monitoring: " +
                (monitored.isEmpty() ? "(none)" : String.join(", ", monitored)));
        }
        return slot.latency;
    }

    List<LatencyMonitor> latencyMonitors()
    {
        return processors.values().stream().map(slot -> slot.latency).filter(Objects::nonNull).toList();
    }

    void closeFeeds()
    {
        feeds.values().forEach(Feed::close);
    }

    /** For a server whose agents never ran: close the feeds, and give their rings' messages back to their pools. */
    void closeNeverRun()
    {
        closeFeeds();
        FeedWiring.returnRings(feeds.values());
    }
}
