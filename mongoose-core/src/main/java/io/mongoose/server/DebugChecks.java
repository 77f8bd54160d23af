package io.mongoose.server;

/**
 * Safety checks that cost on the hot path, switched by {@code -Dmongoose.checks=true}. The switch is a static final,
 * so when it is off the JIT removes the checks entirely. The test suite runs with it on.
 */
final class DebugChecks
{
    static final boolean ENABLED = Boolean.getBoolean("mongoose.checks");

    private DebugChecks()
    {
    }
}
