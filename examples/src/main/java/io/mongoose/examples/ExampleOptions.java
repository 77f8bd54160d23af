package io.mongoose.examples;


import io.mongoose.config.IdleStrategyKind;
import io.mongoose.config.Pinning;

import java.util.HashSet;
import java.util.Set;

/**
 * Command-line flags of {@link PooledEventsServerExample}, each given as {@code --name=value}.
 *
 * @param messages     messages to publish, at least 1.
 * @param periodNanos  open-loop send period in nanoseconds; 0 publishes as fast as possible.
 * @param pinning      where the agent thread asks to run (best effort).
 * @param idleStrategy the agent's idle strategy.
 * @param help         whether {@code --help} was given (print {@link #USAGE} and run nothing).
 */
public record ExampleOptions(
    long messages, long periodNanos, Pinning pinning, IdleStrategyKind idleStrategy, boolean help)
{
    /** Default number of messages: enough for twenty progress lines. */
    public static final long DEFAULT_MESSAGES = 20_000_000;
    /** Default period: 250 ns, about 4 million messages per second. */
    public static final long DEFAULT_PERIOD_NANOS = 250;
    /** Longest accepted period: one second (one message per second is already far below anything interesting). */
    public static final long MAX_PERIOD_NANOS = 1_000_000_000;

    /** What the flags are, printed with every usage error. */
    public static final String USAGE = String.join(System.lineSeparator(),
        "usage: scripts/example.sh [--messages=N] [--periodNanos=N] [--pin=none|any|CPU] [--idle=NAME]",
        "  --messages=N     messages to publish, at least 1 (default " + DEFAULT_MESSAGES + ")",
        "  --periodNanos=N  open-loop send period in ns, 0 to " + MAX_PERIOD_NANOS + "; 0 = as fast as possible " +
            "(default " + DEFAULT_PERIOD_NANOS + ", about 4M msg/s)",
        "  --pin=WHERE      pin the agent thread: none, any (a free CPU) or a CPU id (default none; best effort)",
        "  --idle=NAME      agent idle strategy: " + String.join(", ", IdleStrategyKind.yamlNames()) +
            " (default " + IdleStrategyKind.BUSY_SPIN.yamlName() + ")",
        "  --help           print this and exit");

    /**
     * Parse the flags; every flag is optional and may be given once.
     *
     * @param args command-line arguments.
     * @return the options, defaults filled in.
     * @throws IllegalArgumentException naming the offending flag and what it expects; the message is meant for the
     *                                  user as is.
     */
    public static ExampleOptions parse(final String[] args)
    {
        long messages = DEFAULT_MESSAGES;
        long periodNanos = DEFAULT_PERIOD_NANOS;
        Pinning pinning = Pinning.none();
        IdleStrategyKind idle = IdleStrategyKind.BUSY_SPIN;
        boolean help = false;
        final Set<String> seen = new HashSet<>();
        for (final String arg : args)
        {
            if ("--help".equals(arg) || "-h".equals(arg))
            {
                help = true;
                continue;
            }
            final int equals = arg.indexOf('=');
            if (!arg.startsWith("--") || equals < 3)
            {
                throw new IllegalArgumentException("argument '" + arg + "' is not a flag; expected --name=value " +
                    "with name one of messages, periodNanos, pin, idle");
            }
            final String name = arg.substring(2, equals);
            final String value = arg.substring(equals + 1);
            if (!seen.add(name))
            {
                throw new IllegalArgumentException("--" + name + " is given twice; expected each flag at most once");
            }
            switch (name)
            {
                case "messages":
                    messages = parseLong(name, value, 1, Long.MAX_VALUE, "a whole number of at least 1");
                    break;
                case "periodNanos":
                    periodNanos = parseLong(name, value, 0, MAX_PERIOD_NANOS,
                        "a whole number of nanoseconds from 0 (as fast as possible) to " + MAX_PERIOD_NANOS);
                    break;
                case "pin":
                    pinning = parsePinning(value);
                    break;
                case "idle":
                    if (!IdleStrategyKind.yamlNames().contains(value))
                    {
                        throw new IllegalArgumentException("--idle: '" + value + "' is not valid; expected one of " +
                            String.join(", ", IdleStrategyKind.yamlNames()));
                    }
                    idle = IdleStrategyKind.fromYamlName(value);
                    break;
                default:
                    throw new IllegalArgumentException("--" + name + " is not a known flag; expected one of " +
                        "--messages, --periodNanos, --pin, --idle, --help");
            }
        }
        // The schedule is t0 + i * period: keep the last intended send time representable as a long.
        if (periodNanos > 0 && messages > Long.MAX_VALUE / 2 / periodNanos)
        {
            throw new IllegalArgumentException("--messages: " + messages + " at --periodNanos=" + periodNanos +
                " would take longer than a nanosecond clock can count; expected fewer messages or a shorter period");
        }
        return new ExampleOptions(messages, periodNanos, pinning, idle, help);
    }

    private static long parseLong(
        final String name, final String value, final long min, final long max, final String expected)
    {
        final long parsed;
        try
        {
            parsed = Long.parseLong(value.replace("_", ""));
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException("--" + name + ": '" + value + "' is not valid; expected " + expected);
        }
        if (parsed < min || parsed > max)
        {
            throw new IllegalArgumentException("--" + name + ": " + parsed + " is out of range; expected " + expected);
        }
        return parsed;
    }

    private static Pinning parsePinning(final String value)
    {
        if ("none".equals(value))
        {
            return Pinning.none();
        }
        if ("any".equals(value))
        {
            return Pinning.anyCpu();
        }
        final String expected = "none, any, or a CPU id (a whole number from 0)";
        try
        {
            final int cpu = Integer.parseInt(value);
            if (cpu < 0)
            {
                throw new IllegalArgumentException("--pin: " + cpu + " is out of range; expected " + expected);
            }
            return Pinning.cpu(cpu);
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException("--pin: '" + value + "' is not valid; expected " + expected);
        }
    }
}
