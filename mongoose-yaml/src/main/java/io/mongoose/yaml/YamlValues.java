package io.mongoose.yaml;

import io.mongoose.config.ConfigProblem;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import org.snakeyaml.engine.v2.nodes.Tag;

import java.time.Duration;
import java.time.temporal.ChronoUnit;

/**
 * How configuration values are read from YAML scalars and shown in errors. Shared by the file reader and
 * {@link ProcessorProperties}, so a duration or an integer means the same everywhere in a file.
 */
final class YamlValues
{
    /** What a duration must look like, as errors say it. */
    static final String DURATION_EXPECTED =
        "a positive duration: a whole number and a unit (ns, us, ms, s, m, h), such as 250ms or 10s";

    /** Longer than any 64-bit integer in any base the Core schema accepts, so parsing never works on huge input. */
    private static final int MAX_INTEGER_CHARS = 70;
    private static final int MAX_DURATION_DIGITS = 18;

    private YamlValues()
    {
    }

    /**
     * @param node any node.
     * @return how an error shows what was found: a string quoted, another scalar as written, a collection by kind
     * (never its contents: an alias can make a collection contain itself).
     */
    static String describe(final Node node)
    {
        if (node instanceof MappingNode)
        {
            return "a map";
        }
        if (node instanceof SequenceNode)
        {
            return "a list";
        }
        final ScalarNode scalar = (ScalarNode)node;
        if (scalar.getTag().equals(Tag.NULL))
        {
            return "null";
        }
        // Quoted when a string, and when blank, which an explicit tag allows (!!int ''): an error never shows nothing.
        return scalar.getTag().equals(Tag.STR) || scalar.getValue().isBlank()
            ? "'" + escape(scalar.getValue()) + "'" : escape(scalar.getValue());
    }

    /**
     * @param node any node.
     * @return whether it is the YAML null ({@code ~}, {@code null} or nothing).
     */
    static boolean isNull(final Node node)
    {
        return node instanceof ScalarNode && node.getTag().equals(Tag.NULL);
    }

    /**
     * @param text user text.
     * @return the text as errors show it ({@link ConfigProblem#escape(String)}).
     */
    static String escape(final String text)
    {
        return ConfigProblem.escape(text);
    }

    /**
     * @param text  user text.
     * @param limit most code points to keep.
     * @return the text as errors show it, cut at {@code limit} ({@link ConfigProblem#escape(String, int)}).
     */
    static String escape(final String text, final int limit)
    {
        return ConfigProblem.escape(text, limit);
    }

    /**
     * @param path a parent path, empty for the document root.
     * @param key  a map key.
     * @return the child's path, e.g. {@code agents[0].name}.
     */
    static String child(final String path, final String key)
    {
        final String shown = escape(key);
        return path.isEmpty() ? shown : path + "." + shown;
    }

    /**
     * @param node a scalar.
     * @return its value if it is a YAML integer (decimal, {@code 0x} hex, {@code 0o} octal) that fits in a long,
     * otherwise {@code null}.
     */
    static Long integer(final ScalarNode node)
    {
        if (!node.getTag().equals(Tag.INT))
        {
            return null;
        }
        final String text = node.getValue();
        if (text.length() > MAX_INTEGER_CHARS)
        {
            return null;
        }
        try
        {
            if (text.startsWith("0x"))
            {
                return Long.parseLong(text.substring(2), 16);
            }
            if (text.startsWith("0o"))
            {
                return Long.parseLong(text.substring(2), 8);
            }
            return Long.parseLong(text.startsWith("+") ? text.substring(1) : text);
        }
        catch (final NumberFormatException ex)
        {
            return null; // not digits after all (an explicit !!int tag on text), or out of range
        }
    }

    /**
     * @param node a scalar.
     * @return the positive duration it writes, such as {@code 250ms}, or {@code null} if it is not one.
     */
    static Duration duration(final ScalarNode node)
    {
        final Duration value = durationOrZero(node);
        return null == value || value.isZero() ? null : value;
    }

    /**
     * @param node a scalar.
     * @return the duration it writes, such as {@code 4us}, {@code 0us} or a bare {@code 0}, or {@code null} if it is
     * not one.
     */
    static Duration durationOrZero(final ScalarNode node)
    {
        final String text = node.getValue();
        if ("0".equals(text) && !node.getTag().equals(Tag.NULL))
        {
            return Duration.ZERO;
        }
        int digits = 0;
        while (digits < text.length() && text.charAt(digits) >= '0' && text.charAt(digits) <= '9')
        {
            digits++;
        }
        if (digits == 0 || digits > MAX_DURATION_DIGITS || node.getTag().equals(Tag.NULL))
        {
            return null;
        }
        final ChronoUnit unit = unit(text.substring(digits));
        if (null == unit)
        {
            return null;
        }
        final long amount = Long.parseLong(text.substring(0, digits));
        try
        {
            return Duration.of(amount, unit);
        }
        catch (final ArithmeticException ex)
        {
            return null; // beyond what a Duration holds
        }
    }

    private static ChronoUnit unit(final String suffix)
    {
        return switch (suffix)
        {
            case "ns" -> ChronoUnit.NANOS;
            case "us" -> ChronoUnit.MICROS;
            case "ms" -> ChronoUnit.MILLIS;
            case "s" -> ChronoUnit.SECONDS;
            case "m" -> ChronoUnit.MINUTES;
            case "h" -> ChronoUnit.HOURS;
            default -> null;
        };
    }
}
