package io.mongoose.server;

import io.mongoose.admin.Admin;
import io.mongoose.admin.CommandRegistrar;
import io.mongoose.agent.AgentGroup;
import io.mongoose.agent.AgentTimerWheel;
import io.mongoose.agent.DispatchAgent;
import io.mongoose.agent.Inbound;
import io.mongoose.agent.ProcessorScheduler;
import io.mongoose.agent.ProcessorSlot;
import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.ConfigProblem;
import io.mongoose.config.MongooseConfigException;
import io.mongoose.config.ProcessorConfig;
import io.mongoose.config.ServerConfig;
import io.mongoose.config.ServiceConfig;
import io.mongoose.dispatch.DispatchErrorHandler;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.dispatch.ProcessorContext;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.status.LatencyMonitor;
import org.agrona.concurrent.SystemNanoClock;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Builds the processor slots, feeds and agent groups of a validated configuration, reporting all problems. */
final class ServerAssembly
{
    /** Longest exception text a build or start problem repeats. */
    static final int MAX_SHOWN_EXCEPTION = 300;

    private final ServerConfig config;
    private final Admin admin;
    private final ServiceHost services;
    private final Map<String, AgentGroup> groups = new LinkedHashMap<>();
    private final Map<String, ProcessorSlot> processors = new LinkedHashMap<>();
    /** Per processor, the publishers of the feeds it declared; filled once the feeds are wired. */
    private final Map<String, Map<String, FeedPublisher>> processorPublishers = new LinkedHashMap<>();
    private final Map<String, String> producers = new LinkedHashMap<>();
    private final Set<String> pipeFeeds = new HashSet<>();
    final DataPath dataPath;
    /** Per agent group, the queues and rings it drains. */
    final Map<String, List<Inbound>> inboundByGroup;

    /** @throws MongooseConfigException listing handlers that failed to register and rings their pools cannot fill. */
    ServerAssembly(
        final ServerConfig config, final PoolRegistry pools, final DispatchErrorHandler errors, final Admin admin,
        final ServiceHost services)
    {
        this.config = config;
        this.admin = admin;
        this.services = services;
        final List<String> problems = new ArrayList<>();
        final Map<String, ProcessorSlot[]> slotsByGroup = new LinkedHashMap<>();
        final Map<String, AgentTimerWheel> timersByGroup = new LinkedHashMap<>();
        for (int a = 0; a < config.agentGroups().size(); a++)
        {
            final AgentGroupConfig group = config.agentGroups().get(a);
            final AgentTimerWheel timers = new AgentTimerWheel(group.name(), group.timerTickResolution(),
                group.timerWheelSize(), SystemNanoClock.INSTANCE, errors);
            timersByGroup.put(group.name(), timers);
            slotsByGroup.put(group.name(), buildSlots(a, group, timers, problems));
        }
        if (!problems.isEmpty())
        {
            throw new MongooseConfigException(problems);
        }
        final FeedWiring wiring = new FeedWiring(config, pools, processors, problems);
        if (!problems.isEmpty())
        {
            FeedWiring.returnRings(wiring.feeds.values());
            throw new MongooseConfigException(problems);
        }
        bindProducers(wiring.feeds);
        for (final AgentGroupConfig group : config.agentGroups())
        {
            final ProcessorSlot[] slots = slotsByGroup.get(group.name());
            final Inbound[] inbound =
                wiring.inboundByGroup.getOrDefault(group.name(), List.of()).toArray(new Inbound[0]);
            groups.put(group.name(), new AgentGroup(group, new DispatchAgent(group.name(), inbound, slots,
                group.drainLimit(), group.pinning(), errors, timersByGroup.get(group.name())), slots));
        }
        dataPath = new DataPath(wiring.feeds, groups, processors, producers, pipeFeeds);
        inboundByGroup = wiring.inboundByGroup;
    }

    private ProcessorSlot[] buildSlots(
        final int index, final AgentGroupConfig group, final AgentTimerWheel timers, final List<String> problems)
    {
        final List<ProcessorSlot> slots = new ArrayList<>();
        for (int p = 0; p < group.processors().size(); p++)
        {
            final ProcessorConfig pc = group.processors().get(p);
            final HandlerRegistry handlers = new HandlerRegistry(pc.name());
            try
            {
                pc.processor().registerHandlers(handlers);
            }
            catch (final RuntimeException ex)
            {
                problems.add("agents[" + index + "].processors[" + p + "]: registerHandlers threw " +
                    ConfigProblem.escape(ex.toString(), MAX_SHOWN_EXCEPTION) +
                    "; expected it to register handlers and return");
                continue;
            }
            final ProcessorScheduler scheduler = new ProcessorScheduler(timers, pc.name());
            final Map<String, FeedPublisher> declared = new LinkedHashMap<>();
            processorPublishers.put(pc.name(), declared);
            // Commands a processor registers run on its agent thread, through the agent's command queue.
            final CommandRegistrar commands = admin.registrarOn("processor '" + pc.name() + "' on agent '" +
                group.name() + "'", task -> groups.get(group.name()).agent.commands.execute(task));
            final LatencyMonitor latency =
                pc.monitorsLatency(config.latencyMonitoring()) ? new LatencyMonitor(pc.name()) : null;
            final ProcessorSlot slot = new ProcessorSlot(new ProcessorContext(pc.name(), group.name(), config.name(),
                commands, scheduler, services.directory, Collections.unmodifiableMap(declared)), pc.processor(),
                handlers.build(), latency);
            scheduler.bind(slot);
            slots.add(slot);
            processors.put(pc.name(), slot);
        }
        return slots.toArray(new ProcessorSlot[0]);
    }

    /** Hands each service and processor the publishers of the feeds it declared, and records who produces what. */
    private void bindProducers(final Map<String, ? extends FeedPublisher> feeds)
    {
        for (final ServiceConfig service : config.services())
        {
            for (final String feed : service.publishes())
            {
                producers.put(feed, "service '" + service.name() + "'");
            }
        }
        services.bindPublishers(feeds);
        for (final AgentGroupConfig group : config.agentGroups())
        {
            for (final ProcessorConfig pc : group.processors())
            {
                for (final String feed : pc.publishes())
                {
                    producers.put(feed, "processor '" + pc.name() + "'");
                    pipeFeeds.add(feed);
                    processorPublishers.get(pc.name()).put(feed, feeds.get(feed));
                }
            }
        }
    }
}
