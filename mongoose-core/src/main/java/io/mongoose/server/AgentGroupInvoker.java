package io.mongoose.server;

import io.mongoose.agent.GroupInvoker;

/** Runs duty cycles of an {@link io.mongoose.config.ThreadMode#INVOKER} group on the thread that started the server. */
public final class AgentGroupInvoker
{
    private final GroupInvoker group;

    AgentGroupInvoker(final GroupInvoker group)
    {
        this.group = group;
    }

    /** @return messages one duty cycle dispatched (0 when idle or not running); another thread is refused. */
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
