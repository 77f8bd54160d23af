package io.mongoose.server;

import io.mongoose.agent.CorePinning;
import io.mongoose.config.Pinning;
import io.mongoose.dispatch.DispatchErrorHandler;
import io.mongoose.internal.SingleWriterCounter;
import io.mongoose.service.AgentService;
import org.agrona.concurrent.Agent;

/** The duty cycle of one {@link AgentService} on its own thread; one that throws is counted, reported, run again. */
final class ServiceAgent implements Agent
{
    private static final System.Logger LOG = System.getLogger("io.mongoose.server");

    private final String name;
    private final String source;
    private final AgentService service;
    private final Pinning pinningRequest;
    private final DispatchErrorHandler errorHandler;
    final SingleWriterCounter work = new SingleWriterCounter();
    private final SingleWriterCounter errors;
    private CorePinning pinning;
    volatile String pinningOutcome = "not started";

    ServiceAgent(
        final String name, final AgentService service, final Pinning pinningRequest,
        final DispatchErrorHandler errorHandler, final SingleWriterCounter errors)
    {
        this.name = name;
        this.source = "service:" + name;
        this.service = service;
        this.pinningRequest = pinningRequest;
        this.errorHandler = errorHandler;
        this.errors = errors;
    }

    @Override
    public String roleName()
    {
        return name;
    }

    @Override
    public void onStart()
    {
        pinning = CorePinning.pinCurrentThread(name, pinningRequest);
        pinningOutcome = pinning.outcome;
    }

    @Override
    public int doWork()
    {
        try
        {
            final int done = service.doWork();
            if (done > 0)
            {
                work.add(done);
            }
            return done;
        }
        catch (final Throwable t)
        {
            onError(t);
            return 0;
        }
    }

    @Override
    public void onClose()
    {
        if (null != pinning)
        {
            final String problem = pinning.release();
            if (null != problem)
            {
                LOG.log(System.Logger.Level.WARNING, "service '" + name + "': " + problem);
            }
            pinning = null;
        }
    }

    /** Errors of the service's duty cycle, and those Agrona's runner reports itself. */
    void onError(final Throwable error)
    {
        errors.increment();
        ServerAdminHost.report(errorHandler, source, error);
    }
}
