package io.mongoose.server;

import java.util.List;

/**
 * A configuration that cannot run. Lists every problem found, each as {@code path: problem; expected …}. Thrown before
 * any thread starts.
 */
public final class MongooseConfigException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    private final List<String> errors;

    /**
     * @param errors every problem found, at least one.
     */
    public MongooseConfigException(final List<String> errors)
    {
        super("invalid Mongoose configuration (" + errors.size() + " error" + (errors.size() == 1 ? "" : "s") +
            "):\n  " + String.join("\n  ", errors));
        this.errors = List.copyOf(errors);
    }

    /**
     * @return each problem, as {@code path: problem; expected …}.
     */
    public List<String> errors()
    {
        return errors;
    }
}
