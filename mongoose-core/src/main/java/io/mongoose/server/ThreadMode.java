package io.mongoose.server;

/**
 * Who runs an agent group's duty cycle.
 */
public enum ThreadMode
{
    /** A dedicated thread owned by the server (Agrona {@code AgentRunner}). */
    DEDICATED,
    /**
     * The caller's thread (Agrona {@code AgentInvoker}): the thread that calls {@link MongooseServer#start()} runs the
     * lifecycle, calls {@link AgentGroupInvoker#invoke()} in its own loop, and must be the one to call
     * {@link MongooseServer#stop()}.
     */
    INVOKER
}
