package io.mongoose.server;

import io.mongoose.config.DurationRange;
import io.mongoose.config.IntRange;
import io.mongoose.dispatch.EventProcessor;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
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
 * @param ringHeadStart how long the agent leaves a ring feed alone after a drain that says its producer is streaming
 *                     (one that took at least 64 messages yet stopped short of the drain limit), from 0 to 1 ms; 0
 *                     turns it off. Without it, between cores that share no cache, an agent that has caught up with a
 *                     streaming producer can go on chasing it, polling the message being written and finding a few
 *                     at a time; such a pair moved about half the messages a second of one whose agent stayed behind.
 *                     While the producer keeps publishing a message every 50 ns or faster through a head start, each
 *                     next one is twice as long, up to 16 times this; any head start ends early once half the ring
 *                     waits. A paced feed reaches such a drain only after a stall (6.4 us or more at 10M msg/s), so the
 *                     head start costs a paced feed only a stall's aftermath. With a drain limit of 64 or less it never
 *                     starts. Queue feeds have none.
 */
public record AgentGroupConfig(
    String name, IdleStrategyKind idleStrategy, int drainLimit, Pinning pinning, ThreadMode threadMode,
    List<ProcessorConfig> processors, Duration timerTickResolution, int timerWheelSize, Duration ringHeadStart)
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
     * Default ring head start, 4 us: a producer streaming at 30-40M msg/s publishes about twice a streaming drain's
     * worth meanwhile, so the agent stays behind it, while at 10M msg/s some 40 messages come, too few to start
     * another. A faster producer earns longer ones, up to 64 us (see {@link #ringHeadStart()}); a fixed 16 us held a
     * 10M msg/s feed in head starts back to back (session 38).
     */
    public static final Duration DEFAULT_RING_HEAD_START = Duration.ofNanos(4_000);
    /** The longest ring head start accepted: 250 times the default, far past where any gain was measured. */
    public static final Duration MAX_RING_HEAD_START = Duration.ofMillis(1);
    /** What {@link #ringHeadStart()} accepts: 0 (off) to {@link #MAX_RING_HEAD_START}. */
    public static final DurationRange RING_HEAD_START_RANGE = new DurationRange("ringHeadStart", Duration.ZERO,
        MAX_RING_HEAD_START, ", such as 4us (0 turns the head start off)");

    /**
     * Copies the processor list; nulls are kept so validation can name them.
     */
    public AgentGroupConfig
    {
        processors = null == processors ? List.of() : Collections.unmodifiableList(new ArrayList<>(processors));
    }

    /**
     * A group with the default ring head start.
     *
     * @param name                unique group name.
     * @param idleStrategy        idle strategy.
     * @param drainLimit          drain limit per inbound queue per duty cycle.
     * @param pinning             CPU pinning request.
     * @param threadMode          dedicated thread or the caller's.
     * @param processors          processors hosted.
     * @param timerTickResolution tick of the timer wheel.
     * @param timerWheelSize      spokes of the timer wheel.
     */
    public AgentGroupConfig(
        final String name, final IdleStrategyKind idleStrategy, final int drainLimit, final Pinning pinning,
        final ThreadMode threadMode, final List<ProcessorConfig> processors, final Duration timerTickResolution,
        final int timerWheelSize)
    {
        this(name, idleStrategy, drainLimit, pinning, threadMode, processors, timerTickResolution, timerWheelSize,
            DEFAULT_RING_HEAD_START);
    }

    /**
     * A group with the default timer wheel and ring head start.
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
            DEFAULT_TIMER_WHEEL_SIZE, DEFAULT_RING_HEAD_START);
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
            name, strategy, drainLimit, pinning, threadMode, processors, timerTickResolution, timerWheelSize,
            ringHeadStart);
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
            timerTickResolution, timerWheelSize, ringHeadStart);
    }

    /**
     * @param request pinning request.
     * @return a copy using it.
     */
    public AgentGroupConfig pinning(final Pinning request)
    {
        return new AgentGroupConfig(
            name, idleStrategy, drainLimit, request, threadMode, processors, timerTickResolution, timerWheelSize,
            ringHeadStart);
    }

    /**
     * @param mode thread mode.
     * @return a copy using it.
     */
    public AgentGroupConfig threadMode(final ThreadMode mode)
    {
        return new AgentGroupConfig(
            name, idleStrategy, drainLimit, pinning, mode, processors, timerTickResolution, timerWheelSize,
            ringHeadStart);
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
        return new AgentGroupConfig(
            name, idleStrategy, drainLimit, pinning, threadMode, more, timerTickResolution, timerWheelSize,
            ringHeadStart);
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
            name, idleStrategy, drainLimit, pinning, threadMode, more, timerTickResolution, timerWheelSize,
            ringHeadStart);
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
            TIMER_TICK_RESOLUTION_RANGE.require(owner(), resolution), timerWheelSize, ringHeadStart);
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
            TIMER_WHEEL_SIZE_RANGE.require(owner(), spokes), ringHeadStart);
    }

    /**
     * @param headStart how long the agent leaves a ring feed alone after a streaming drain, from 0 (off) to 1 ms
     *                  ({@link #RING_HEAD_START_RANGE}).
     * @return a copy using it.
     * @throws IllegalArgumentException naming this group, the value and the range.
     * @throws NullPointerException     if {@code headStart} is null.
     */
    public AgentGroupConfig ringHeadStart(final Duration headStart)
    {
        return new AgentGroupConfig(
            name, idleStrategy, drainLimit, pinning, threadMode, processors, timerTickResolution, timerWheelSize,
            RING_HEAD_START_RANGE.require(owner(), headStart));
    }

    /** How a wither's error names this group. */
    private String owner()
    {
        return "agent group " + ConfigProblem.show(name);
    }
}
