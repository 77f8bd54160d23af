package io.mongoose.yaml;

import io.mongoose.config.ConfigProblem;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.Tag;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The {@code properties} of one processor entry in a configuration file, as its {@link ProcessorFactory} reads them.
 *
 * <p>Readers never throw on a bad value: they record a problem naming the property's path, the value and what was
 * expected, and return the default, so the loader can list every problem of a file at once. A key the factory never
 * reads is reported as unknown, naming the keys it did read. Readable only while the factory runs.
 */
public final class ProcessorProperties
{
    /** Longest "expected" text a factory may pass to {@link #reject}; cut beyond. */
    private static final int MAX_SHOWN_EXPECTED = 200;

    private final String path;
    private final String type;
    private final Map<String, ScalarNode> values;
    private final Set<String> read = new LinkedHashSet<>();
    private final List<ConfigProblem> problems = new ArrayList<>();
    private boolean open = true;

    ProcessorProperties(final String path, final String type, final Map<String, ScalarNode> values)
    {
        this.path = path;
        this.type = type;
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /**
     * @return where these properties are in the file, e.g. {@code agents[0].processors[1].properties}.
     */
    public String path()
    {
        return path;
    }

    /**
     * @return the processor type being created.
     */
    public String type()
    {
        return type;
    }

    /**
     * @return every key given, in file order.
     */
    public Set<String> keys()
    {
        return values.keySet();
    }

    /**
     * @param key a property name.
     * @return whether the entry gives it (with any value).
     */
    public boolean contains(final String key)
    {
        return null != lookUp(key);
    }

    /**
     * @param key          a property name.
     * @param defaultValue returned when the key is absent or its value is bad.
     * @return the value's text: a string, or a number or boolean as written.
     */
    public String text(final String key, final String defaultValue)
    {
        final ScalarNode node = lookUp(key);
        if (null == node)
        {
            return defaultValue;
        }
        if (node.getTag().equals(Tag.NULL))
        {
            reject(key, "a value");
            return defaultValue;
        }
        return node.getValue();
    }

    /**
     * @param key          a property name.
     * @param defaultValue returned when the key is absent or its value is bad.
     * @return the value as a 64-bit integer (decimal, {@code 0x} hex or {@code 0o} octal).
     */
    public long integer(final String key, final long defaultValue)
    {
        final ScalarNode node = lookUp(key);
        if (null == node)
        {
            return defaultValue;
        }
        final Long value = YamlValues.integer(node);
        if (null == value)
        {
            reject(key, "an integer from " + Long.MIN_VALUE + " to " + Long.MAX_VALUE);
            return defaultValue;
        }
        return value;
    }

    /**
     * @param key          a property name.
     * @param defaultValue returned when the key is absent or its value is bad.
     * @return the value as a boolean ({@code true} or {@code false}).
     */
    public boolean flag(final String key, final boolean defaultValue)
    {
        final ScalarNode node = lookUp(key);
        if (null == node)
        {
            return defaultValue;
        }
        if (!node.getTag().equals(Tag.BOOL))
        {
            reject(key, "true or false");
            return defaultValue;
        }
        return Boolean.parseBoolean(node.getValue());
    }

    /**
     * @param key          a property name.
     * @param defaultValue returned when the key is absent or its value is bad.
     * @return the value as a positive duration written like {@code 250ms} or {@code 10s}.
     */
    public Duration duration(final String key, final Duration defaultValue)
    {
        final ScalarNode node = lookUp(key);
        if (null == node)
        {
            return defaultValue;
        }
        final Duration value = YamlValues.duration(node);
        if (null == value)
        {
            reject(key, YamlValues.DURATION_EXPECTED);
            return defaultValue;
        }
        return value;
    }

    /**
     * Report a property the factory cannot accept, e.g. a value out of its range or a required key that is missing.
     * Loading then fails, listing this problem with the others.
     *
     * @param key      the property.
     * @param expected what would be accepted, e.g. {@code "a window of at most 1s"}.
     */
    public void reject(final String key, final String expected)
    {
        final ScalarNode node = lookUp(key);
        problems.add(ConfigProblem.of(YamlValues.child(path, key),
            null == node ? "missing" : YamlValues.describe(node), YamlValues.escape(String.valueOf(expected), MAX_SHOWN_EXPECTED)));
    }

    /** @return how many values have been rejected so far. */
    public int problemCount()
    {
        return problems.size();
    }

    /** Ends reading; returns what was rejected, then every key nobody read. */
    public List<ConfigProblem> close()
    {
        open = false;
        final List<ConfigProblem> all = new ArrayList<>(problems);
        for (final String key : values.keySet())
        {
            if (!read.contains(key))
            {
                all.add(ConfigProblem.of(YamlValues.child(path, key), "unknown key", read.isEmpty()
                    ? "no properties (type '" + type + "' reads none)"
                    : "one of " + String.join(", ", read)));
            }
        }
        return all;
    }

    private ScalarNode lookUp(final String key)
    {
        Objects.requireNonNull(key, "key: null; expected a property name");
        checkOpen();
        read.add(key);
        return values.get(key);
    }

    private void checkOpen()
    {
        if (!open)
        {
            throw new IllegalStateException(path + ": read after the factory of type '" + type + "' returned; " +
                "expected properties to be read only while the factory runs");
        }
    }
}
