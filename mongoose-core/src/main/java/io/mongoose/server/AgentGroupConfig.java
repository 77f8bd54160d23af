package io.mongoose.server;

import io.mongoose.dispatch.EventProcessor;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * One agent group: one thread, its idle strategy, pinning, batching, and the processors it hosts.
 *
 * @param name         unique group name; also the thread's name.
 * @param idleStrategy one of {@link IdleStrategies#NAMES}.
 * @param drainLimit   most messages taken from each inbound queue per duty cycle: the latency/throughput knob.
 * @param pinning      CPU pinning request (best effort).
 * @param threadMode   dedicated thread or the caller's.
 * @param processors   processors hosted, called in this order for a message they all receive.
 */
public record AgentGroupConfig(
    String name, String idleStrategy, int drainLimit, Pinning pinning, ThreadMode threadMode,
    List<ProcessorConfig> processors)
{
    /** Default drain limit per inbound queue per duty cycle. */
    public static final int DEFAULT_DRAIN_LIMIT = 256;

    /**
     * Copies the processor list; nulls are kept so validation can name them.
     */
    public AgentGroupConfig
    {
        processors = null == processors ? List.of() : Collections.unmodifiableList(new ArrayList<>(processors));
    }

    /**
     * @param name group name.
     * @return a dedicated-thread, busy-spin, unpinned group with the default drain limit and no processors yet.
     */
    public static AgentGroupConfig named(final String name)
    {
        return new AgentGroupConfig(
            name, IdleStrategies.BUSY_SPIN, DEFAULT_DRAIN_LIMIT, Pinning.none(), ThreadMode.DEDICATED, List.of());
    }

    /**
     * @param strategy idle strategy name.
     * @return a copy using it.
     */
    public AgentGroupConfig idleStrategy(final String strategy)
    {
        return new AgentGroupConfig(name, strategy, drainLimit, pinning, threadMode, processors);
    }

    /**
     * @param limit drain limit per inbound queue per duty cycle.
     * @return a copy using it.
     */
    public AgentGroupConfig drainLimit(final int limit)
    {
        return new AgentGroupConfig(name, idleStrategy, limit, pinning, threadMode, processors);
    }

    /**
     * @param request pinning request.
     * @return a copy using it.
     */
    public AgentGroupConfig pinning(final Pinning request)
    {
        return new AgentGroupConfig(name, idleStrategy, drainLimit, request, threadMode, processors);
    }

    /**
     * @param mode thread mode.
     * @return a copy using it.
     */
    public AgentGroupConfig threadMode(final ThreadMode mode)
    {
        return new AgentGroupConfig(name, idleStrategy, drainLimit, pinning, mode, processors);
    }

    /**
     * @param processorName unique processor name.
     * @param processor     the user logic.
     * @param namedFeeds    named feeds it subscribes to.
     * @return a copy hosting one more processor.
     */
    public AgentGroupConfig processor(
        final String processorName, final EventProcessor processor, final String... namedFeeds)
    {
        final List<ProcessorConfig> more = new ArrayList<>(processors);
        more.add(new ProcessorConfig(processorName, processor, null == namedFeeds ? null : Arrays.asList(namedFeeds)));
        return new AgentGroupConfig(name, idleStrategy, drainLimit, pinning, threadMode, more);
    }

    /**
     * @param processor a processor with its subscriptions, services and published feeds.
     * @return a copy hosting one more processor.
     */
    public AgentGroupConfig processor(final ProcessorConfig processor)
    {
        final List<ProcessorConfig> more = new ArrayList<>(processors);
        more.add(processor);
        return new AgentGroupConfig(name, idleStrategy, drainLimit, pinning, threadMode, more);
    }
}
