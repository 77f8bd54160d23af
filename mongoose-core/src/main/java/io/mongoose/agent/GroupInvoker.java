package io.mongoose.agent;

import org.agrona.concurrent.AgentInvoker;

/** Runs duty cycles of an {@code INVOKER} agent group on the thread that called {@code MongooseServer.start()}. */
public final class GroupInvoker
{
    private final String agentName;
    private final AgentInvoker invoker;
    private final DispatchAgent agent;
    private volatile Thread owner;

    GroupInvoker(final String agentName, final AgentInvoker invoker, final DispatchAgent agent)
    {
        this.agentName = agentName;
        this.invoker = invoker;
        this.agent = agent;
    }

    /** @return the work of one duty cycle; only the thread that started the server may call it. */
    public int invoke()
    {
        if (Thread.currentThread() != owner)
        {
            throw wrongThread("invoke()");
        }
        final int work = invoker.invoke();
        if (!invoker.isRunning())
        {
            // Agrona's invoker stops for good, silently, when an idle cycle finds the calling thread interrupted.
            agent.reportUnrequestedStop("invoke() no longer dispatches");
        }
        return work;
    }

    /** @return whether the group is started and not yet closed. */
    public boolean isRunning()
    {
        return invoker.isRunning();
    }

    /** @return the agent group's name. */
    public String agentName()
    {
        return agentName;
    }

    void start()
    {
        owner = Thread.currentThread();
        invoker.start();
    }

    void close()
    {
        invoker.close();
    }

    boolean isOwner(final Thread thread)
    {
        return owner == thread;
    }

    public void checkOwner(final String operation)
    {
        if (null != owner && Thread.currentThread() != owner)
        {
            throw wrongThread(operation);
        }
    }

    private IllegalStateException wrongThread(final String operation)
    {
        final Thread o = owner;
        return new IllegalStateException("agent '" + agentName + "' runs on the caller's thread (INVOKER): " +
            operation + " called from '" + Thread.currentThread().getName() + "'; expected the thread that called " +
            "start()" + (null == o ? " (the server has not started)" : ", '" + o.getName() + "'"));
    }
}
