package io.mongoose.config;

/** Who runs an agent group's duty cycle. */
public enum ThreadMode
{
    /** A dedicated thread owned by the server (Agrona {@code AgentRunner}). */
    DEDICATED,
    /**
     * The caller's thread (Agrona {@code AgentInvoker}): the thread that calls {@link
     * io.mongoose.server.MongooseServer#start()} runs the lifecycle, calls
     * {@link io.mongoose.server.AgentGroupInvoker#invoke()} in its own loop, and must be the one to call
     * {@link io.mongoose.server.MongooseServer#stop()}.
     */
    INVOKER
}
