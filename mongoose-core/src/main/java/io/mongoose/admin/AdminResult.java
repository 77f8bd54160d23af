package io.mongoose.admin;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The answer of an admin command: text for a human, and the same facts as data for a program.
 *
 * @param text lines for a console; may be empty, never null.
 * @param data machine-readable form: values are strings, numbers, booleans, lists and maps of these, in a stable
 *             order; empty when the command has nothing beyond its text.
 */
public record AdminResult(String text, Map<String, Object> data)
{
    /** Copies the data (keeping its order) so a result never changes after it is returned. */
    public AdminResult
    {
        if (null == text)
        {
            throw new NullPointerException("text: null; expected the answer's text (may be empty)");
        }
        data = null == data ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(data));
    }

    /**
     * @param text the answer.
     * @return a result with text only.
     */
    public static AdminResult of(final String text)
    {
        return new AdminResult(text, Map.of());
    }

    /**
     * @param text the answer.
     * @param data the same facts as data.
     * @return a result with both.
     */
    public static AdminResult of(final String text, final Map<String, Object> data)
    {
        return new AdminResult(text, data);
    }
}
