package io.mongoose.admin;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The answer of an admin command: {@code text} for a human (never null), and the same facts as {@code data} for a
 * program: strings, numbers, booleans, lists and maps of these, in a stable order, copied so a result never changes.
 */
public record AdminResult(String text, Map<String, Object> data)
{
    public AdminResult
    {
        if (null == text)
        {
            throw new NullPointerException("text: null; expected the answer's text (may be empty)");
        }
        data = null == data ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(data));
    }

    /** @return a result with text only. */
    public static AdminResult of(final String text)
    {
        return new AdminResult(text, Map.of());
    }

    /** @return a result with text and data. */
    public static AdminResult of(final String text, final Map<String, Object> data)
    {
        return new AdminResult(text, data);
    }
}
