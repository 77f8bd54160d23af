package io.mongoose.internal;

/**
 * Hot-path safety checks, on with {@code -Dmongoose.checks=true} (as in the tests), removed by the JIT when off: a feed
 * detects a second publishing thread, and a compare-and-set on the last release catches a concurrent double release.
 */
public final class DebugChecks
{
    /** The system property that switches the checks on. */
    public static final String PROPERTY = "mongoose.checks";

    /** Whether the checks are on for this JVM. */
    public static final boolean ENABLED = Boolean.getBoolean(PROPERTY);

    private DebugChecks()
    {
    }
}
