package io.mongoose.server;

import io.mongoose.agent.Inbound;
import io.mongoose.agent.InboundQueue;
import io.mongoose.agent.InboundRing;
import io.mongoose.agent.ProcessorSlot;
import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.ServerConfig;
import io.mongoose.feed.DeliveryQueue;
import io.mongoose.feed.Feed;
import io.mongoose.feed.QueueFeed;
import io.mongoose.feed.RingFeed;
import io.mongoose.internal.MessageAccess;
import io.mongoose.internal.MessageRing;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.pool.PooledMessage;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The feeds of a server wired to a queue per receiving agent group, or for a ring feed to its ring, at build. */
final class FeedWiring
{
    private final ServerConfig config;
    private final PoolRegistry pools;
    private final Map<String, ProcessorSlot> processors;
    /** Every wired feed, in configuration order. */
    final Map<String, Feed> feeds = new LinkedHashMap<>();
    /** Per agent group, the queues and rings it drains. */
    final Map<String, List<Inbound>> inboundByGroup = new LinkedHashMap<>();

    /** Wire every feed of {@code config}; a feed that cannot be wired adds its reason to {@code problems}. */
    FeedWiring(
        final ServerConfig config, final PoolRegistry pools, final Map<String, ProcessorSlot> processors,
        final List<String> problems)
    {
        this.config = config;
        this.pools = pools;
        this.processors = processors;
        for (int f = 0; f < config.feeds().size(); f++)
        {
            wire(f, config.feeds().get(f), problems);
        }
    }

    /** Give the messages of every ring feed's ring back to their pools: for a server that never ran its agents. */
    static void returnRings(final Iterable<Feed> feeds)
    {
        for (final Feed feed : feeds)
        {
            if (feed.isRing())
            {
                feed.releaseUndelivered();
            }
        }
    }

    private void wire(final int index, final FeedConfig feed, final List<String> problems)
    {
        final List<String> subscriberNames = new ArrayList<>();
        final List<ProcessorSlot[]> receiversByGroup = new ArrayList<>();
        boolean monitored = false;
        for (final AgentGroupConfig group : config.agentGroups())
        {
            final ProcessorSlot[] receivers = group.processors().stream().filter(pc -> pc.receives(feed))
                .map(pc -> processors.get(pc.name())).toArray(ProcessorSlot[]::new);
            if (receivers.length > 0)
            {
                subscriberNames.add(group.name());
                receiversByGroup.add(receivers);
                monitored |= Arrays.stream(receivers).anyMatch(slot -> null != slot.latency);
            }
        }
        if (feed.isRing())
        {
            // The validator lets a ring feed have one receiving group only.
            final MessageRing<PooledMessage> ring = newRing(index, feed, problems);
            if (null != ring)
            {
                inbound(subscriberNames.get(0)).add(new InboundRing(feed.name(), ring, receiversByGroup.get(0)));
                feeds.put(feed.name(),
                    new RingFeed(config.name(), feed.settings(), ring, subscriberNames.get(0), monitored));
            }
            return;
        }
        final List<DeliveryQueue> queues = new ArrayList<>();
        for (int g = 0; g < subscriberNames.size(); g++)
        {
            final InboundQueue inbound = new InboundQueue(feed.name(), feed.queueCapacity(), receiversByGroup.get(g));
            inbound(subscriberNames.get(g)).add(inbound);
            queues.add(inbound.queue);
        }
        feeds.put(feed.name(), new QueueFeed(config.name(), feed.settings(), queues.toArray(new DeliveryQueue[0]),
            subscriberNames.toArray(new String[0]), monitored));
    }

    private List<Inbound> inbound(final String groupName)
    {
        return inboundByGroup.computeIfAbsent(groupName, g -> new ArrayList<>());
    }

    /** A ring feed's ring from its type's pool, or {@code null} with the reason added to {@code problems}. */
    private MessageRing<PooledMessage> newRing(final int index, final FeedConfig feed, final List<String> problems)
    {
        try
        {
            return MessageAccess.<PooledMessage>get().newRing(pools.pool(feed.ringType()), feed.queueCapacity());
        }
        catch (final IllegalArgumentException | IllegalStateException e)
        {
            problems.add("feeds[" + index + "].ring: ring feed '" + feed.name() + "' of " + feed.ringType().getName() +
                " cannot take its " + feed.queueCapacity() + " messages: " + e.getMessage());
            return null;
        }
    }
}
