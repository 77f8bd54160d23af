package io.mongoose.config;

import io.mongoose.dispatch.EventProcessor;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * One agent group: one thread, its idle strategy, pinning, batching, and the processors it hosts.
 *
 * <p>Made with {@link #named(String)} and changed with the withers, each of which returns a copy and refuses a value
 * out of its setting's range at the call, e.g.
 * {@code AgentGroupConfig.named("pricing").idleStrategy(IdleStrategyKind.YIELD).processor("vwap", vwap, "prices")}.
 * A {@link #builder()} checks nothing, for front ends that leave every check to {@link ConfigValidator}.
 *
 * <p>A value: equal to another agent group config with equal settings.
 */
public final class AgentGroupConfig
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

    private final String name;
    private final IdleStrategyKind idleStrategy;
    private final int drainLimit;
    private final Pinning pinning;
    private final ThreadMode threadMode;
    private final List<ProcessorConfig> processors;
    private final Duration timerTickResolution;
    private final int timerWheelSize;

    /** Copies the processor list, a null list as an empty one; null entries are kept so validation can name them. */
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
        this.processors = null == processors ? List.of() : Collections.unmodifiableList(new ArrayList<>(processors));
        this.timerTickResolution = timerTickResolution;
        this.timerWheelSize = timerWheelSize;
    }

    /**
     * @param name group name.
     * @return a dedicated-thread, busy-spin, unpinned group with the default drain limit and timer wheel and no
     *         processors yet.
     */
    public static AgentGroupConfig named(final String name)
    {
        return new AgentGroupConfig(name, IdleStrategyKind.BUSY_SPIN, DEFAULT_DRAIN_LIMIT, Pinning.none(),
            ThreadMode.DEDICATED, List.of(), DEFAULT_TIMER_TICK_RESOLUTION, DEFAULT_TIMER_WHEEL_SIZE);
    }

    /**
     * @return a builder that starts from {@code named(null)}'s settings and checks none of the values it is given.
     */
    public static Builder builder()
    {
        return new Builder(named(null));
    }

    /**
     * @return a builder that starts from this group's settings.
     */
    public Builder toBuilder()
    {
        return new Builder(this);
    }

    /**
     * @return unique group name; also the thread's name.
     */
    public String name()
    {
        return name;
    }

    /**
     * @return what the thread does when a duty cycle finds no work.
     */
    public IdleStrategyKind idleStrategy()
    {
        return idleStrategy;
    }

    /**
     * @return most messages taken from each inbound queue per duty cycle: the latency/throughput knob
     *         ({@link #DRAIN_LIMIT_RANGE}).
     */
    public int drainLimit()
    {
        return drainLimit;
    }

    /**
     * @return CPU pinning request (best effort).
     */
    public Pinning pinning()
    {
        return pinning;
    }

    /**
     * @return dedicated thread or the caller's.
     */
    public ThreadMode threadMode()
    {
        return threadMode;
    }

    /**
     * @return processors hosted, called in this order for a message they all receive; unmodifiable.
     */
    public List<ProcessorConfig> processors()
    {
        return processors;
    }

    /**
     * @return tick of the group's timer wheel, from 1 us to 1 s, rounded up to a power of two nanoseconds. It decides
     *         which spoke a timer waits in, not how precisely it runs (a timer runs at the first duty cycle at or past
     *         its deadline).
     */
    public Duration timerTickResolution()
    {
        return timerTickResolution;
    }

    /**
     * @return spokes of the timer wheel: a power of two from 2 to 65536 ({@link #TIMER_WHEEL_SIZE_RANGE}).
     */
    public int timerWheelSize()
    {
        return timerWheelSize;
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

    /**
     * @param o another object.
     * @return whether it is an agent group config with equal settings.
     */
    @Override
    public boolean equals(final Object o)
    {
        return this == o || o instanceof AgentGroupConfig that && drainLimit == that.drainLimit &&
            timerWheelSize == that.timerWheelSize && Objects.equals(name, that.name) &&
            idleStrategy == that.idleStrategy && Objects.equals(pinning, that.pinning) &&
            threadMode == that.threadMode && processors.equals(that.processors) &&
            Objects.equals(timerTickResolution, that.timerTickResolution);
    }

    /**
     * @return a hash of every setting, consistent with {@link #equals(Object)}.
     */
    @Override
    public int hashCode()
    {
        return Objects.hash(name, idleStrategy, drainLimit, pinning, threadMode, processors, timerTickResolution,
            timerWheelSize);
    }

    /**
     * @return every setting, e.g. {@code AgentGroupConfig[name=pricing, idleStrategy=BUSY_SPIN, drainLimit=256, ...]}.
     */
    @Override
    public String toString()
    {
        return "AgentGroupConfig[name=" + name + ", idleStrategy=" + idleStrategy + ", drainLimit=" + drainLimit +
            ", pinning=" + pinning + ", threadMode=" + threadMode + ", processors=" + processors +
            ", timerTickResolution=" + timerTickResolution + ", timerWheelSize=" + timerWheelSize + "]";
    }

    /**
     * Sets any value and checks none, so a front end that reads settings from elsewhere (the YAML reader) can hand
     * whatever it read to {@link ConfigValidator}, which reports every problem at once with its path. Code that writes
     * a group uses {@link #named(String)} and the withers, which refuse a bad value at the call.
     */
    public static final class Builder
    {
        private String name;
        private IdleStrategyKind idleStrategy;
        private int drainLimit;
        private Pinning pinning;
        private ThreadMode threadMode;
        private List<ProcessorConfig> processors;
        private Duration timerTickResolution;
        private int timerWheelSize;

        private Builder(final AgentGroupConfig from)
        {
            name = from.name;
            idleStrategy = from.idleStrategy;
            drainLimit = from.drainLimit;
            pinning = from.pinning;
            threadMode = from.threadMode;
            processors = from.processors;
            timerTickResolution = from.timerTickResolution;
            timerWheelSize = from.timerWheelSize;
        }

        /**
         * @param groupName unique group name; also the thread's name.
         * @return this builder.
         */
        public Builder name(final String groupName)
        {
            name = groupName;
            return this;
        }

        /**
         * @param strategy what the thread does when a duty cycle finds no work.
         * @return this builder.
         */
        public Builder idleStrategy(final IdleStrategyKind strategy)
        {
            idleStrategy = strategy;
            return this;
        }

        /**
         * @param limit most messages taken from each inbound queue per duty cycle.
         * @return this builder.
         */
        public Builder drainLimit(final int limit)
        {
            drainLimit = limit;
            return this;
        }

        /**
         * @param request CPU pinning request.
         * @return this builder.
         */
        public Builder pinning(final Pinning request)
        {
            pinning = request;
            return this;
        }

        /**
         * @param mode dedicated thread or the caller's.
         * @return this builder.
         */
        public Builder threadMode(final ThreadMode mode)
        {
            threadMode = mode;
            return this;
        }

        /**
         * @param hosted processors hosted, in calling order, copied at {@link #build()}; {@code null} for none.
         * @return this builder.
         */
        public Builder processors(final List<ProcessorConfig> hosted)
        {
            processors = hosted;
            return this;
        }

        /**
         * @param resolution tick of the timer wheel.
         * @return this builder.
         */
        public Builder timerTickResolution(final Duration resolution)
        {
            timerTickResolution = resolution;
            return this;
        }

        /**
         * @param spokes spokes of the timer wheel.
         * @return this builder.
         */
        public Builder timerWheelSize(final int spokes)
        {
            timerWheelSize = spokes;
            return this;
        }

        /**
         * @return an agent group config with the values given, checked by no one yet.
         */
        public AgentGroupConfig build()
        {
            return new AgentGroupConfig(name, idleStrategy, drainLimit, pinning, threadMode, processors,
                timerTickResolution, timerWheelSize);
        }
    }
}
