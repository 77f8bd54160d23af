package io.mongoose.config;

import java.util.List;
import java.util.Objects;

/** A configuration that cannot run, listing every problem as {@code path: problem; expected …}, before any thread. */
public final class MongooseConfigException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    private final List<String> errors;

    /** @param errors every problem found, at least one (checked: not null, not empty). */
    public MongooseConfigException(final List<String> errors)
    {
        super(describe(errors));
        this.errors = List.copyOf(errors);
    }

    /** Checks the list before super() needs it. */
    private static String describe(final List<String> errors)
    {
        if (Objects.requireNonNull(errors, "errors: null; expected at least one problem").isEmpty())
        {
            throw new IllegalArgumentException("errors: empty; expected at least one problem");
        }
        return "invalid Mongoose configuration (" + errors.size() + " error" + (errors.size() == 1 ? "" : "s") +
            "):\n  " + String.join("\n  ", errors);
    }

    /** @return each problem, as {@code path: problem; expected …}. */
    public List<String> errors()
    {
        return errors;
    }
}
