package io.mongoose.server;

import io.mongoose.agent.AgentGroup;
import io.mongoose.agent.LifecycleFailure;

import java.time.Duration;
import java.util.Collection;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** The starting thread's wait, within the start timeout, for every agent group to start its processors. */
final class AgentStartWait
{
    private static final System.Logger LOG = System.getLogger("io.mongoose.server");

    private AgentStartWait()
    {
    }

    /** @return {@code null} once every group started; else the first failure, with later ones suppressed in it. */
    static MongooseStartException await(
        final String serverName, final Collection<AgentGroup> groups, final Duration startTimeout)
    {
        final long deadline = System.nanoTime() + startTimeout.toNanos();
        MongooseStartException first = null;
        for (final AgentGroup group : groups)
        {
            final Throwable failure = awaitOne(group, deadline, startTimeout);
            if (null != failure && null == first)
            {
                first = failure instanceof MongooseStartException ? (MongooseStartException)failure :
                    failure instanceof LifecycleFailure ? new MongooseStartException(failure.getMessage(),
                    failure.getCause()) :
                    new MongooseStartException("agent '" + group.config.name() + "' failed to start", failure);
            }
            else if (null != failure)
            {
                first.addSuppressed(failure);
            }
        }
        if (null != first)
        {
            LOG.log(System.Logger.Level.ERROR, "server '" + serverName + "' failed to start; stopping what started",
                first);
        }
        return first;
    }

    private static Throwable awaitOne(final AgentGroup group, final long deadline, final Duration startTimeout)
    {
        try
        {
            group.agent.startOutcome().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            return null;
        }
        catch (final ExecutionException ex)
        {
            return ex.getCause();
        }
        catch (final TimeoutException ex)
        {
            return new MongooseStartException("agent '" + group.config.name() + "' did not start within " +
                startTimeout.toMillis() + " ms (a processor's onInit/onStart may be blocking)", ex);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            return new MongooseStartException("interrupted while starting agent '" + group.config.name() + "'", ex);
        }
    }
}
