package io.mongoose.config;

import io.mongoose.dispatch.EventProcessor;

import java.time.Duration;
import java.util.List;

/** One agent group: one thread, its idle strategy, pinning, batching, timer wheel and the processors it hosts. */
public final class AgentGroupConfig extends ConfigValue
{
    /** Default drain limit per inbound queue per duty cycle. */
    public static final int DEFAULT_DRAIN_LIMIT = 256;
    /** What {@link #drainLimit()} accepts: 1 to {@link FeedConfig#MAX_QUEUE_CAPACITY}, as no queue holds more. */
    public static final IntRange DRAIN_LIMIT_RANGE = IntRange.of("drainLimit", 1, FeedConfig.MAX_QUEUE_CAPACITY);
    /** Default timer tick: 1 ms, which the wheel rounds up to 2^20 ns. */
    public static final Duration DEFAULT_TIMER_TICK_RESOLUTION = Duration.ofMillis(1);
    /** What {@link #timerTickResolution()} accepts: 1 us to 1 s. */
    public static final DurationRange TIMER_TICK_RESOLUTION_RANGE = new DurationRange("timerTickResolution",
        Duration.ofNanos(1_000), Duration.ofSeconds(1), " (rounded up to a power of two nanoseconds)");
    /** Default spokes: 512 ticks of about 1 ms, so the wheel turns about twice a second. */
    public static final int DEFAULT_TIMER_WHEEL_SIZE = 512;
    /** What {@link #timerWheelSize()} accepts: a power of two from 2 to 65536. */
    public static final IntRange TIMER_WHEEL_SIZE_RANGE = IntRange.powersOfTwo("timerWheelSize", 2, 1 << 16);

    private final String name;
    private final IdleStrategyKind idleStrategy;
    private final int drainLimit;
    private final Pinning pinning;
    private final ThreadMode threadMode;
    private final List<ProcessorConfig> processors;
    private final Duration timerTickResolution;
    private final int timerWheelSize;

    private AgentGroupConfig(
        final String name, final IdleStrategyKind idleStrategy, final int drainLimit, final Pinning pinning,
        final ThreadMode threadMode, final List<ProcessorConfig> processors, final Duration timerTickResolution,
        final int timerWheelSize)
    {
        this.name = name;
        this.idleStrategy = idleStrategy;
        this.drainLimit = drainLimit;
        this.pinning = pinning;
        this.threadMode = threadMode;
        this.processors = copy(processors);
        this.timerTickResolution = timerTickResolution;
        this.timerWheelSize = timerWheelSize;
    }

    /** @return a dedicated-thread, busy-spin, unpinned group with the default drain limit and timer wheel. */
    public static AgentGroupConfig named(final String name)
    {
        return new AgentGroupConfig(name, IdleStrategyKind.BUSY_SPIN, DEFAULT_DRAIN_LIMIT, Pinning.none(),
            ThreadMode.DEDICATED, List.of(), DEFAULT_TIMER_TICK_RESOLUTION, DEFAULT_TIMER_WHEEL_SIZE);
    }

    /** @return unique group name; also the thread's name. */
    public String name()
    {
        return name;
    }

    /** @return what the thread does when a duty cycle finds no work. */
    public IdleStrategyKind idleStrategy()
    {
        return idleStrategy;
    }

    /** @return most messages taken from each inbound queue per duty cycle ({@link #DRAIN_LIMIT_RANGE}). */
    public int drainLimit()
    {
        return drainLimit;
    }

    /** @return CPU pinning request (best effort). */
    public Pinning pinning()
    {
        return pinning;
    }

    /** @return dedicated thread or the caller's. */
    public ThreadMode threadMode()
    {
        return threadMode;
    }

    /** @return processors hosted, called in this order for a message they all receive; unmodifiable. */
    public List<ProcessorConfig> processors()
    {
        return processors;
    }

    /** @return tick of the timer wheel ({@link #TIMER_TICK_RESOLUTION_RANGE}): where timers wait, not when they run. */
    public Duration timerTickResolution()
    {
        return timerTickResolution;
    }

    /** @return spokes of the timer wheel ({@link #TIMER_WHEEL_SIZE_RANGE}). */
    public int timerWheelSize()
    {
        return timerWheelSize;
    }

    /** @return a copy with this idle strategy. */
    public AgentGroupConfig idleStrategy(final IdleStrategyKind strategy)
    {
        return new AgentGroupConfig(
            name, strategy, drainLimit, pinning, threadMode, processors, timerTickResolution, timerWheelSize);
    }

    /** @return a copy with this drain limit. */
    public AgentGroupConfig drainLimit(final int limit)
    {
        return new AgentGroupConfig(
            name, idleStrategy, limit, pinning, threadMode, processors, timerTickResolution, timerWheelSize);
    }

    /** @return a copy with this pinning request. */
    public AgentGroupConfig pinning(final Pinning request)
    {
        return new AgentGroupConfig(
            name, idleStrategy, drainLimit, request, threadMode, processors, timerTickResolution, timerWheelSize);
    }

    /** @return a copy with this thread mode. */
    public AgentGroupConfig threadMode(final ThreadMode mode)
    {
        return new AgentGroupConfig(
            name, idleStrategy, drainLimit, pinning, mode, processors, timerTickResolution, timerWheelSize);
    }

    /** @return a copy hosting one more processor, {@code ProcessorConfig.of(processorName, processor, namedFeeds)}. */
    public AgentGroupConfig processor(
        final String processorName, final EventProcessor processor, final String... namedFeeds)
    {
        return processor(ProcessorConfig.of(processorName, processor, namedFeeds));
    }

    /** @return a copy hosting one more processor, after the others. */
    public AgentGroupConfig processor(final ProcessorConfig processor)
    {
        return processors(plus(processors, processor));
    }

    /** @return a copy hosting these processors instead (copied; null for none, a null entry kept). */
    public AgentGroupConfig processors(final List<ProcessorConfig> hosted)
    {
        return new AgentGroupConfig(
            name, idleStrategy, drainLimit, pinning, threadMode, hosted, timerTickResolution, timerWheelSize);
    }

    /** @return a copy with this timer tick. */
    public AgentGroupConfig timerTickResolution(final Duration resolution)
    {
        return new AgentGroupConfig(
            name, idleStrategy, drainLimit, pinning, threadMode, processors, resolution, timerWheelSize);
    }

    /** @return a copy with this many timer wheel spokes. */
    public AgentGroupConfig timerWheelSize(final int spokes)
    {
        return new AgentGroupConfig(
            name, idleStrategy, drainLimit, pinning, threadMode, processors, timerTickResolution, spokes);
    }

    /** @return whether one of its processors receives {@code feed}. */
    public boolean receives(final FeedConfig feed)
    {
        return processors.stream().anyMatch(processor -> null != processor && processor.receives(feed));
    }

    @Override
    Object[] namesAndValues()
    {
        return new Object[] {"name", name, "idleStrategy", idleStrategy, "drainLimit", drainLimit, "pinning", pinning,
            "threadMode", threadMode, "processors", processors, "timerTickResolution", timerTickResolution,
            "timerWheelSize", timerWheelSize};
    }
}
