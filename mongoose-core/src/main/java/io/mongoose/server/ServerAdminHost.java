package io.mongoose.server;

import io.mongoose.admin.AdminHost;
import io.mongoose.dispatch.DispatchErrorHandler;
import io.mongoose.status.ServerState;

import java.util.concurrent.atomic.AtomicReference;

/** A server as its {@link io.mongoose.admin.Admin} sees it: name, state (any thread) and error handler. */
record ServerAdminHost(String name, AtomicReference<ServerState> serverState, DispatchErrorHandler errors)
    implements AdminHost
{
    private static final System.Logger LOG = System.getLogger("io.mongoose.server");

    @Override
    public String state()
    {
        return serverState.get().name();
    }

    @Override
    public boolean isRunning()
    {
        return ServerState.RUNNING == serverState.get();
    }

    @Override
    public boolean isFinished()
    {
        final ServerState now = serverState.get();
        return ServerState.STOPPED == now || ServerState.FAILED == now;
    }

    @Override
    public void reportError(final String source, final Throwable error)
    {
        report(errors, source, error);
    }

    /** Hand {@code error} to the server's error handler; a failure of the handler itself is logged. */
    static void report(final DispatchErrorHandler errors, final String source, final Throwable error)
    {
        try
        {
            errors.onError(source, null, error);
        }
        catch (final Throwable handlerFailure)
        {
            handlerFailure.addSuppressed(error);
            LOG.log(System.Logger.Level.ERROR, "error handler failed while reporting an error from " + source,
                handlerFailure);
        }
    }
}
