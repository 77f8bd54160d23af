package io.mongoose.service;

/**
 * A user service hosted by a server (reference data, a gateway, a clock), registered under a unique name
 * ({@code ServiceConfig.of("refdata", new RefData())}) and looked up by processors through their
 * {@code ProcessorContext}, by type or by name. A service that publishes into feeds implements {@link AgentService}.
 *
 * <p>Every {@link #onStart(ServiceContext)} runs in registration order on the thread calling
 * {@code MongooseServer.start()}, before any agent thread starts; every {@link #onStop()} runs in reverse order on the
 * thread calling {@code stop()}, after every agent thread has been joined. So processors may use their services from
 * {@code onInit} to {@code onTearDown}.
 */
public interface MongooseService
{
    /**
     * Called once, before any processor is initialised. A throw fails the server's start: the services started before
     * it are stopped, in reverse order, and no agent thread starts.
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
