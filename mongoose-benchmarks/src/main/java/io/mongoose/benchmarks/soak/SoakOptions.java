package io.mongoose.benchmarks.soak;

import io.mongoose.benchmarks.Flags;
import io.mongoose.config.IdleStrategyKind;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Flags of one soak, each {@code --name=value}. Every value is checked and every error reported at once, naming the
 * flag and what it expects.
 *
 * @param messages messages to publish, in total over both feeds.
 * @param idle     idle strategy of both agent groups.
 */
public record SoakOptions(long messages, String idle)
{
    /** The soak's default length: long enough that a few bytes per message would exhaust a small Epsilon heap. */
    public static final long DEFAULT_MESSAGES = 100_000_000L;

    /** The default idle strategy; {@link EpsilonSoak} says why. */
    public static final String DEFAULT_IDLE = IdleStrategyKind.BACKOFF.yamlName();

    /** Usage text. */
    public static final String USAGE = String.join("\n",
        "usage: EpsilonSoak [--messages=N] [--idle=NAME]",
        "  --messages=N   messages to publish over both feeds, at least 1; k/M/G suffixes (default 100M)",
        "  --idle=NAME    idle strategy of both agent groups: " + String.join(", ", IdleStrategyKind.yamlNames()) +
            " (default " + DEFAULT_IDLE + ")");

    /**
     * @param args {@code --name=value} flags.
     * @return the options.
     * @throws IllegalArgumentException listing every bad flag, one per line.
     */
    public static SoakOptions parse(final String... args)
    {
        final Map<String, String> defaults = new LinkedHashMap<>();
        defaults.put("messages", Long.toString(DEFAULT_MESSAGES));
        defaults.put("idle", DEFAULT_IDLE);
        final List<String> errors = new ArrayList<>();
        final Map<String, String> values = Flags.parse(args, defaults, errors);
        final long messages = count(values.get("messages"), errors);
        final String idle = values.get("idle");
        if (!IdleStrategyKind.yamlNames().contains(idle))
        {
            errors.add("--idle: unknown '" + idle + "'; expected one of " +
                String.join(", ", IdleStrategyKind.yamlNames()));
        }
        if (!errors.isEmpty())
        {
            throw new IllegalArgumentException(String.join("\n", errors));
        }
        return new SoakOptions(messages, idle);
    }

    private static long count(final String text, final List<String> errors)
    {
        final String lower = text.toLowerCase(Locale.ROOT);
        long multiplier = 1;
        String digits = lower;
        if (lower.endsWith("k") || lower.endsWith("m") || lower.endsWith("g"))
        {
            multiplier = lower.endsWith("k") ? 1_000L : lower.endsWith("m") ? 1_000_000L : 1_000_000_000L;
            digits = lower.substring(0, lower.length() - 1);
        }
        final String expected = "--messages: '" + text + "'; expected a whole number of messages, at least 1 " +
            "(e.g. 100000, 100k, 100M)";
        if (digits.isEmpty() || !digits.chars().allMatch(Character::isDigit))
        {
            errors.add(expected);
            return -1;
        }
        try
        {
            final long value = Math.multiplyExact(Long.parseLong(digits), multiplier);
            if (value < 1)
            {
                errors.add(expected);
                return -1;
            }
            return value;
        }
        catch (final NumberFormatException | ArithmeticException ex)
        {
            errors.add(expected);
            return -1;
        }
    }
}
