package io.mongoose.agent;

import io.mongoose.dispatch.DispatchErrorHandler;
import org.jctools.queues.MessagePassingQueue;
import org.jctools.queues.MpscArrayQueue;

import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/** Admin tasks for one agent from any thread, run a few per duty cycle before its drains; bounded, refusing more. */
public final class AgentCommandQueue implements Executor, MessagePassingQueue.Consumer<Runnable>
{
    /** Tasks that may wait for one agent. */
    public static final int CAPACITY = 64;
    /** Tasks run per duty cycle, so a burst of commands delays the agent's messages by a bounded amount. */
    static final int PER_DUTY_CYCLE = 4;

    private final String agentName;
    private final String source;
    private final DispatchErrorHandler errorHandler;
    private final MpscArrayQueue<Runnable> queue = new MpscArrayQueue<>(CAPACITY);

    AgentCommandQueue(final String agentName, final DispatchErrorHandler errorHandler)
    {
        this.agentName = agentName;
        this.source = "agent:" + agentName;
        this.errorHandler = errorHandler;
    }

    /** @throws RejectedExecutionException saying the queue is full. */
    @Override
    public void execute(final Runnable task)
    {
        if (!queue.offer(task))
        {
            throw new RejectedExecutionException("the command queue of agent '" + agentName + "' is full (" +
                CAPACITY + " commands waiting; the agent is busy or blocked)");
        }
    }

    /** @return tasks run, at most {@link #PER_DUTY_CYCLE}. */
    int runPending()
    {
        return queue.drain(this, PER_DUTY_CYCLE);
    }

    /** Before the agent's processors stop: whatever was accepted still runs. */
    int runAll()
    {
        return queue.drain(this, CAPACITY);
    }

    @Override
    public void accept(final Runnable task)
    {
        try
        {
            task.run();
        }
        catch (final Throwable t)
        {
            // Admin's tasks catch their command's failures; this guards against any other task.
            DispatchAgent.report(errorHandler, source, null, t, "an error");
        }
    }
}
