package io.mongoose.config;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingIdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/** What an agent thread does when a duty cycle finds no work: the Agrona idle strategies Mongoose offers. */
public enum IdleStrategyKind
{
    /** Spin on the core: lowest latency, and the core stays busy. YAML {@code busy-spin}. */
    BUSY_SPIN("busy-spin"),
    /** {@link Thread#yield()} when idle. YAML {@code yield}. */
    YIELD("yield"),
    /** Spin, then yield, then park with growing intervals. YAML {@code backoff}. */
    BACKOFF("backoff"),
    /** Park for a fixed 100 us when idle. YAML {@code sleep}. */
    SLEEP("sleep");

    private static final long SLEEP_PERIOD_NANOS = 100_000;
    private static final List<String> YAML_NAMES = Stream.of(values()).map(IdleStrategyKind::yamlName).toList();

    private final String yamlName;

    IdleStrategyKind(final String yamlName)
    {
        this.yamlName = yamlName;
    }

    /** @return the name a YAML file and a command-line option use, e.g. {@code busy-spin}. */
    public String yamlName()
    {
        return yamlName;
    }

    /** @return a new Agrona idle strategy of this kind; one per agent, since they hold state. */
    public IdleStrategy newIdleStrategy()
    {
        return switch (this)
        {
            case BUSY_SPIN -> new BusySpinIdleStrategy();
            case YIELD -> new YieldingIdleStrategy();
            case BACKOFF -> new BackoffIdleStrategy();
            case SLEEP -> new SleepingIdleStrategy(SLEEP_PERIOD_NANOS);
        };
    }

    /** @return every {@link #yamlName()}, in declaration order (the order errors list them). */
    public static List<String> yamlNames()
    {
        return YAML_NAMES;
    }

    /** @return the kind of this {@link #yamlName()}; an unknown name throws, listing the known ones. */
    public static IdleStrategyKind fromYamlName(final String name)
    {
        return Optional.ofNullable(byYamlName(name)).orElseThrow(() -> new IllegalArgumentException(
            "idleStrategy: unknown " + ConfigProblem.show(name) + "; expected " + expected()));
    }

    /** @return the kind of that {@link #yamlName()}, or {@code null} if none has it. */
    public static IdleStrategyKind byYamlName(final String name)
    {
        return Stream.of(values()).filter(kind -> kind.yamlName.equals(name)).findFirst().orElse(null);
    }

    /** @return what a file's {@code idleStrategy} accepts, as errors say it. */
    public static String expected()
    {
        return "one of " + String.join(", ", YAML_NAMES);
    }
}
