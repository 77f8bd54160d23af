package io.mongoose.internal;

/**
 * Hot-path safety checks, switched on by {@code -Dmongoose.checks=true} (the test suite runs with them). The switch is
 * a static final, so when it is off the JIT removes the checks. They add: a feed detects a second publishing thread,
 * and releasing a message's last reference uses a compare-and-set, so a concurrent double release is caught.
 */
public final class DebugChecks
{
    /** The system property that switches the checks on. */
    public static final String PROPERTY = "mongoose.checks";

    /** Whether the checks are on for this JVM, read once at class initialisation. */
    public static final boolean ENABLED = Boolean.getBoolean(PROPERTY);

    private DebugChecks()
    {
    }
}
