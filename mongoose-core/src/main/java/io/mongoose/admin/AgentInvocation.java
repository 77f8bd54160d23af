package io.mongoose.admin;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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

    /** Wait at most {@code waitAtMost} for the answer, then give up (see {@link #timedOut}). */
    AdminResult await(final Duration waitAtMost)
    {
        try
        {
            return future.get(waitAtMost.toNanos(), TimeUnit.NANOSECONDS);
        }
        catch (final ExecutionException ex)
        {
            throw (AdminException)ex.getCause();
        }
        catch (final TimeoutException ex)
        {
            timedOut(waitAtMost);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            final boolean cancelled = state.compareAndSet(QUEUED, CANCELLED);
            future.completeExceptionally(new AdminException(entry.name() + ": interrupted while waiting for " +
                entry.runsOn() + (cancelled ? "; cancelled" : "; it is running there, its answer is dropped")));
        }
        try
        {
            return future.join(); // the agent may have completed it before the cancellation
        }
        catch (final CompletionException ex)
        {
            throw (AdminException)ex.getCause();
        }
    }

    /** @return the answer to come, failed after {@code waitAtMost} unless complete by then. */
    CompletableFuture<AdminResult> async(final Duration waitAtMost)
    {
        // The timeout runs on the JDK's delay thread itself, not on the common pool.
        CompletableFuture.delayedExecutor(waitAtMost.toNanos(), TimeUnit.NANOSECONDS, Runnable::run)
            .execute(() -> timedOut(waitAtMost));
        return future;
    }

    /** The caller stopped waiting: cancel the command if not started, and fail the future unless already complete. */
    private void timedOut(final Duration waited)
    {
        future.completeExceptionally(new AdminException(state.compareAndSet(QUEUED, CANCELLED)
            ? entry.name() + ": not run: " + entry.runsOn() + " did not take it within " + waited.toMillis() +
                " ms (the agent is busy or blocked, or nobody invokes its group); cancelled"
            : entry.name() + ": still running on " + entry.runsOn() + " after " + waited.toMillis() +
                " ms; its answer is dropped (a failure still reaches the error handler)"));
    }
}
