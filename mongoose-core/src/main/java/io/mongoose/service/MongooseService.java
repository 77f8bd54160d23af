package io.mongoose.service;

/**
 * A user service hosted by a server: reference data, a gateway, a clock, a feed handler. Registered under a unique
 * name ({@code ServiceConfig.of("refdata", new RefData())} or a {@code services:} entry of a YAML file) and injected
 * into processors, which look it up through their {@code ProcessorContext} by type or by name.
 *
 * <p>Lifecycle, ordered around the processors: every service's {@link #onStart(ServiceContext)} runs, in registration
 * order, on the thread calling {@code MongooseServer.start()} before any agent thread starts; every
 * {@link #onStop()} runs, in reverse order, on the thread calling {@code stop()} after every agent thread has stopped
 * and been joined. So a processor may use its services from {@code onInit} to {@code onTearDown}.
 *
 * <p>A service that must publish into feeds implements {@link AgentService}: the server then runs its duty cycle on an
 * agent thread of its own.
 */
public interface MongooseService
{
    /**
     * Called once, before any processor is initialised. A service that throws fails the server's start: the services
     * started before it are stopped (in reverse order) and no agent thread is started.
     *
     * @param context the service's name, its server, the other services, and for an {@link AgentService} the
     *                publishers of the feeds it declared.
     * @throws Exception to fail the start; the server's {@code MongooseStartException} names this service.
     */
    default void onStart(final ServiceContext context) throws Exception
    {
    }

    /**
     * Called once, after every processor has stopped and every agent thread has been joined. An exception is reported
     * to the server's error handler (source {@code service:<name>}) and counted; the other services still stop.
     *
     * @throws Exception reported, never swallowed.
     */
    default void onStop() throws Exception
    {
    }
}
