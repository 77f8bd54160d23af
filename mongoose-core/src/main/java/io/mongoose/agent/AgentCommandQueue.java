package io.mongoose.agent;

import io.mongoose.dispatch.DispatchErrorHandler;
import org.jctools.queues.MessagePassingQueue;
import org.jctools.queues.MpscArrayQueue;

import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * Admin tasks for one agent: {@link #execute(Runnable)} from any thread, run on the agent thread a few per duty cycle
 * before it drains its feeds. Bounded, so a blocked agent refuses work instead of piling it up.
 */
public final class AgentCommandQueue implements Executor, MessagePassingQueue.Consumer<Runnable>
{
    /** Tasks that may wait for one agent. */
    public static final int CAPACITY = 64;
    /** Tasks run per duty cycle, so a burst of commands delays the agent's messages by a bounded amount. */
    static final int PER_DUTY_CYCLE = 4;

    private static final System.Logger LOG = System.getLogger("io.mongoose.server");

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
            try
            {
                errorHandler.onError(source, null, t);
            }
            catch (final Throwable handlerFailure)
            {
                handlerFailure.addSuppressed(t);
                LOG.log(System.Logger.Level.ERROR, "error handler failed while reporting an error from " + source,
                    handlerFailure);
            }
        }
    }
}
