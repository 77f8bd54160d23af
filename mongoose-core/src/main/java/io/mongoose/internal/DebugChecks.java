package io.mongoose.internal;

/**
 * Safety checks that cost on the hot path, switched by {@code -Dmongoose.checks=true}. The switch is a static final,
 * so when it is off the JIT removes the checks entirely. The test suite runs with it on.
 *
 * <p>What it adds: a feed detects a second publishing thread, and releasing a message's last reference uses an atomic
 * compare-and-set, so two threads releasing the same last reference at once (a double release) are caught.
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
