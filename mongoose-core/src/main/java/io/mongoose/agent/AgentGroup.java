package io.mongoose.agent;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.ThreadMode;
import io.mongoose.status.AgentGroupStats;
import org.agrona.concurrent.AgentInvoker;
import org.agrona.concurrent.AgentRunner;

/** One agent group at run time: its agent, and the Agrona runner or invoker that drives it. */
public final class AgentGroup
{
    private static final System.Logger LOG = System.getLogger("io.mongoose.server");

    public final AgentGroupConfig config;
    public final DispatchAgent agent;
    public final ProcessorSlot[] processors;
    private final AgentRunner runner;
    private final GroupInvoker invoker;

    public AgentGroup(final AgentGroupConfig config, final DispatchAgent agent, final ProcessorSlot[] processors)
    {
        this.config = config;
        this.agent = agent;
        this.processors = processors;
        final boolean invoked = config.threadMode() == ThreadMode.INVOKER;
        this.runner = invoked ? null :
            new AgentRunner(config.idleStrategy().newIdleStrategy(), agent::onRunnerError, null, agent);
        this.invoker = invoked ?
            new GroupInvoker(config.name(), new AgentInvoker(agent::onRunnerError, null, agent), agent) : null;
    }

    public void start()
    {
        if (null != runner)
        {
            AgentRunner.startOnThread(runner, AgentGroup::newAgentThread);
        }
        else
        {
            invoker.start();
        }
    }

    /** Run one duty cycle if the caller drives this group; no-op for dedicated threads. */
    public void driveIfInvoker()
    {
        if (null != invoker && invoker.isRunning())
        {
            invoker.invoke();
        }
    }

    /** @return {@code null} once the agent thread ended, joined within {@link RunnerClose}'s bounds; else why not. */
    public String close(final long joinDeadline, final long graceDeadline)
    {
        agent.requestClose();
        if (null != runner)
        {
            return RunnerClose.close(runner, joinDeadline, graceDeadline);
        }
        invoker.close();
        return null;
    }

    /** @return whether this group still dispatches: an interrupt can end its runner or invoker before stop(). */
    public boolean dispatching()
    {
        return null != runner ? !runner.isClosed() : invoker.isRunning();
    }

    public boolean isAgentThread(final Thread thread)
    {
        return null != runner && runner.thread() == thread;
    }

    /** @return whether {@code thread} runs this group's duty cycles: its agent thread, or its invoker's owner. */
    public boolean isDrivenBy(final Thread thread)
    {
        return null != runner ? runner.thread() == thread : invoker.isOwner(thread);
    }

    public Thread thread()
    {
        final Thread thread = null == runner ? null : runner.thread();
        return thread == AgentRunner.TOMBSTONE ? null : thread;
    }

    public GroupInvoker invoker()
    {
        return invoker;
    }

    public AgentGroupStats stats()
    {
        return new AgentGroupStats(config.name(), config.threadMode(), config.idleStrategy(), config.drainLimit(),
            agent.dispatched.get(), agent.agentErrors.get(), agent.pinningOutcome());
    }

    private static Thread newAgentThread(final Runnable runnable)
    {
        final Thread thread = new Thread(runnable);
        // Non-daemon: a running server keeps the JVM alive until stop().
        thread.setDaemon(false);
        thread.setUncaughtExceptionHandler((t, e) ->
            LOG.log(System.Logger.Level.ERROR, "agent thread '" + t.getName() + "' died", e));
        return thread;
    }
}
