package io.mongoose.config;

/** Who runs an agent group's duty cycle. */
public enum ThreadMode
{
    /** A dedicated thread owned by the server (Agrona {@code AgentRunner}). */
    DEDICATED,
    /** The thread that starts the server, calls {@link io.mongoose.server.AgentGroupInvoker#invoke()} and stops it. */
    INVOKER
}
