package io.mongoose.admin;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One command on its way to an agent. The agent runs it unless the caller gave up first: whoever moves it out of
 * QUEUED decides, so a command that timed out before it started never runs late.
 */
final class AgentInvocation implements Runnable
{
    private static final int QUEUED = 0;
    private static final int RUNNING = 1;
    private static final int CANCELLED = 2;

    private final Admin.Entry entry;
    private final AdminArguments arguments;
    private final AdminHost host;
    private final AtomicInteger state = new AtomicInteger(QUEUED);
    private final CompletableFuture<AdminResult> future = new CompletableFuture<>();

    AgentInvocation(final Admin.Entry entry, final AdminArguments arguments, final AdminHost host)
    {
        this.entry = entry;
        this.arguments = arguments;
        this.host = host;
    }

    /** On the agent thread; never throws, so the agent's duty cycle goes on. */
    @Override
    public void run()
    {
        if (!state.compareAndSet(QUEUED, RUNNING))
        {
            return;
        }
        try
        {
            final AdminResult result = entry.command.execute(arguments);
            if (null == result)
            {
                fail(entry.nullResult());
            }
            else
            {
                future.complete(result);
            }
        }
        catch (final AdminException ex)
        {
            future.completeExceptionally(ex);
        }
        catch (final Throwable t)
        {
            fail(t);
        }
    }

    CompletableFuture<AdminResult> future()
    {
        return future;
    }

    /**
     * The caller stopped waiting: cancel the command if the agent has not started it, and complete the future with
     * the reason unless the agent completed it first.
     */
    void timedOut(final Duration waited)
    {
        if (state.compareAndSet(QUEUED, CANCELLED))
        {
            future.completeExceptionally(new AdminException(entry.name + ": not run: " + entry.runsOn +
                " did not take it within " + waited.toMillis() + " ms (the agent is busy or blocked, or nobody " +
                "invokes its group); cancelled"));
        }
        else
        {
            future.completeExceptionally(new AdminException(entry.name + ": still running on " + entry.runsOn +
                " after " + waited.toMillis() + " ms; its answer is dropped (a failure still reaches the error " +
                "handler)"));
        }
    }

    /** The caller was interrupted while waiting: as a timeout, with that reason. */
    void interrupted()
    {
        final boolean cancelled = state.compareAndSet(QUEUED, CANCELLED);
        future.completeExceptionally(new AdminException(entry.name + ": interrupted while waiting for " +
            entry.runsOn + (cancelled ? "; cancelled" : "; it is running there, its answer is dropped")));
    }

    /** The report comes first, so a caller who sees the failure can also find it at the error handler. */
    private void fail(final Throwable error)
    {
        host.reportError(entry.source(), error);
        future.completeExceptionally(entry.failure(error));
    }
}
