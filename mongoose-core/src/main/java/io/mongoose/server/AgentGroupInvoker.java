package io.mongoose.server;

import io.mongoose.agent.GroupInvoker;

/**
 * Runs one duty cycle of an {@link io.mongoose.config.ThreadMode#INVOKER} agent group on the caller's thread, for
 * applications that own their threads: {@link MongooseServer#invoker(String)} hands out one per such group. Only the
 * thread that called {@link MongooseServer#start()} may invoke.
 */
public final class AgentGroupInvoker
{
    private final GroupInvoker group;

    AgentGroupInvoker(final GroupInvoker group)
    {
        this.group = group;
    }

    /**
     * Drain the group's queues and rings once and dispatch what was there.
     *
     * @return messages dispatched (0 when idle or not running).
     * @throws IllegalStateException if called from a thread other than the one that started the server.
     */
    public int invoke()
    {
        return group.invoke();
    }

    /** @return whether the group is started and not yet closed. */
    public boolean isRunning()
    {
        return group.isRunning();
    }

    /** @return the agent group's name. */
    public String agentName()
    {
        return group.agentName();
    }
}
