package io.mongoose.config;

import io.mongoose.dispatch.EventProcessor;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One agent group: one thread, its idle strategy, pinning, batching, and the processors it hosts.
 *
 * @param name         unique group name; also the thread's name.
 * @param idleStrategy what the thread does when a duty cycle finds no work.
 * @param drainLimit   most messages taken from each inbound queue per duty cycle: the latency/throughput knob
 *                     ({@link #DRAIN_LIMIT_RANGE}).
 * @param pinning      CPU pinning request (best effort).
 * @param threadMode   dedicated thread or the caller's.
 * @param processors   processors hosted, called in this order for a message they all receive.
 * @param timerTickResolution tick of the group's timer wheel, from 1 us to 1 s, rounded up to a power of two
 *                     nanoseconds. It decides which spoke a timer waits in, not how precisely it runs (a timer runs at
 *                     the first duty cycle at or past its deadline).
 * @param timerWheelSize spokes of the timer wheel: a power of two from 2 to 65536 ({@link #TIMER_WHEEL_SIZE_RANGE}).
 */
public record AgentGroupConfig(
    String name, IdleStrategyKind idleStrategy, int drainLimit, Pinning pinning, ThreadMode threadMode,
    List<ProcessorConfig> processors, Duration timerTickResolution, int timerWheelSize)
{
    /** Default drain limit per inbound queue per duty cycle. */
    public static final int DEFAULT_DRAIN_LIMIT = 256;
    /**
     * What {@link #drainLimit()} accepts: 1 to {@link FeedConfig#MAX_QUEUE_CAPACITY}, since a drain never takes more
     * than a queue holds.
     */
    public static final IntRange DRAIN_LIMIT_RANGE = IntRange.of("drainLimit", 1, FeedConfig.MAX_QUEUE_CAPACITY);
    /** Default timer tick: 1 ms, which the wheel rounds up to 2^20 ns (1.048576 ms). */
    public static final Duration DEFAULT_TIMER_TICK_RESOLUTION = Duration.ofMillis(1);
    /** What {@link #timerTickResolution()} accepts: 1 us to 1 s. */
    public static final DurationRange TIMER_TICK_RESOLUTION_RANGE = new DurationRange("timerTickResolution",
        Duration.ofNanos(1_000), Duration.ofSeconds(1), " (rounded up to a power of two nanoseconds)");
    /** Default spokes: 512 ticks of about 1 ms, so the wheel turns about twice a second. */
    public static final int DEFAULT_TIMER_WHEEL_SIZE = 512;
    /** What {@link #timerWheelSize()} accepts: a power of two from 2 to 65536. */
    public static final IntRange TIMER_WHEEL_SIZE_RANGE = IntRange.powersOfTwo("timerWheelSize", 2, 1 << 16);
    /**
     * Copies the processor list; nulls are kept so validation can name them.
     */
    public AgentGroupConfig
    {
        processors = null == processors ? List.of() : Collections.unmodifiableList(new ArrayList<>(processors));
    }

    /**
     * A group with the default timer wheel.
     *
     * @param name         unique group name.
     * @param idleStrategy idle strategy.
     * @param drainLimit   drain limit per inbound queue per duty cycle.
     * @param pinning      CPU pinning request.
     * @param threadMode   dedicated thread or the caller's.
     * @param processors   processors hosted.
     */
    public AgentGroupConfig(
        final String name, final IdleStrategyKind idleStrategy, final int drainLimit, final Pinning pinning,
        final ThreadMode threadMode, final List<ProcessorConfig> processors)
    {
        this(name, idleStrategy, drainLimit, pinning, threadMode, processors, DEFAULT_TIMER_TICK_RESOLUTION,
            DEFAULT_TIMER_WHEEL_SIZE);
    }

    /**
     * @param name group name.
     * @return a dedicated-thread, busy-spin, unpinned group with the default drain limit and no processors yet.
     */
    public static AgentGroupConfig named(final String name)
    {
        return new AgentGroupConfig(
            name, IdleStrategyKind.BUSY_SPIN, DEFAULT_DRAIN_LIMIT, Pinning.none(), ThreadMode.DEDICATED, List.of());
    }

    /**
     * @param strategy what the thread does when a duty cycle finds no work.
     * @return a copy using it.
     */
    public AgentGroupConfig idleStrategy(final IdleStrategyKind strategy)
    {
        return new AgentGroupConfig(
            name, strategy, drainLimit, pinning, threadMode, processors, timerTickResolution, timerWheelSize);
    }

    /**
     * @param limit drain limit per inbound queue per duty cycle: {@link #DRAIN_LIMIT_RANGE}.
     * @return a copy using it.
     * @throws IllegalArgumentException naming this group, the value and the range.
     */
    public AgentGroupConfig drainLimit(final int limit)
    {
        return new AgentGroupConfig(
            name, idleStrategy, DRAIN_LIMIT_RANGE.require(owner(), limit), pinning, threadMode, processors,
            timerTickResolution, timerWheelSize);
    }

    /**
     * @param request pinning request.
     * @return a copy using it.
     */
    public AgentGroupConfig pinning(final Pinning request)
    {
        return new AgentGroupConfig(
            name, idleStrategy, drainLimit, request, threadMode, processors, timerTickResolution, timerWheelSize);
    }

    /**
     * @param mode thread mode.
     * @return a copy using it.
     */
    public AgentGroupConfig threadMode(final ThreadMode mode)
    {
        return new AgentGroupConfig(
            name, idleStrategy, drainLimit, pinning, mode, processors, timerTickResolution, timerWheelSize);
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
        more.add(ProcessorConfig.of(processorName, processor, namedFeeds));
        return new AgentGroupConfig(
            name, idleStrategy, drainLimit, pinning, threadMode, more, timerTickResolution, timerWheelSize);
    }

    /**
     * @param processor one more processor with its subscriptions, services, published feeds and latency monitoring,
     *                  such as {@code ProcessorConfig.of("vwap", p, "prices").latencyMonitoring(true)}.
     * @return a copy hosting it.
     */
    public AgentGroupConfig processor(final ProcessorConfig processor)
    {
        final List<ProcessorConfig> more = new ArrayList<>(processors);
        more.add(processor);
        return new AgentGroupConfig(
            name, idleStrategy, drainLimit, pinning, threadMode, more, timerTickResolution, timerWheelSize);
    }

    /**
     * @param resolution tick of the timer wheel: {@link #TIMER_TICK_RESOLUTION_RANGE}.
     * @return a copy using it.
     * @throws IllegalArgumentException naming this group, the value and the range.
     * @throws NullPointerException     if {@code resolution} is null.
     */
    public AgentGroupConfig timerTickResolution(final Duration resolution)
    {
        return new AgentGroupConfig(
            name, idleStrategy, drainLimit, pinning, threadMode, processors,
            TIMER_TICK_RESOLUTION_RANGE.require(owner(), resolution), timerWheelSize);
    }

    /**
     * @param spokes spokes of the timer wheel: {@link #TIMER_WHEEL_SIZE_RANGE}.
     * @return a copy using it.
     * @throws IllegalArgumentException naming this group, the value and the range.
     */
    public AgentGroupConfig timerWheelSize(final int spokes)
    {
        return new AgentGroupConfig(
            name, idleStrategy, drainLimit, pinning, threadMode, processors, timerTickResolution,
            TIMER_WHEEL_SIZE_RANGE.require(owner(), spokes));
    }

    /** How a wither's error names this group. */
    private String owner()
    {
        return "agent group " + ConfigProblem.show(name);
    }
}
