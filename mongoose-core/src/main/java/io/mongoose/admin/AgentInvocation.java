package io.mongoose.admin;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One command on its way to an agent. Whoever moves it out of QUEUED decides: the agent runs it, or the caller who
 * gave up first cancels it, so a command that timed out before it started never runs late.
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
            future.complete(entry.run(arguments));
        }
        catch (final AdminException ex)
        {
            future.completeExceptionally(ex);
        }
        catch (final Throwable t)
        {
            future.completeExceptionally(entry.failed(host, t));
        }
    }

    CompletableFuture<AdminResult> future()
    {
        return future;
    }

    /** The caller stopped waiting: cancel the command if not started, and fail the future unless already complete. */
    void timedOut(final Duration waited)
    {
        future.completeExceptionally(new AdminException(state.compareAndSet(QUEUED, CANCELLED)
            ? entry.name() + ": not run: " + entry.runsOn() + " did not take it within " + waited.toMillis() +
                " ms (the agent is busy or blocked, or nobody invokes its group); cancelled"
            : entry.name() + ": still running on " + entry.runsOn() + " after " + waited.toMillis() +
                " ms; its answer is dropped (a failure still reaches the error handler)"));
    }

    /** The caller was interrupted while waiting: as a timeout, with that reason. */
    void interrupted()
    {
        final boolean cancelled = state.compareAndSet(QUEUED, CANCELLED);
        future.completeExceptionally(new AdminException(entry.name() + ": interrupted while waiting for " +
            entry.runsOn() + (cancelled ? "; cancelled" : "; it is running there, its answer is dropped")));
    }
}
