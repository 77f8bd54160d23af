package io.mongoose.service;

/**
 * A user service hosted by a server (reference data, a gateway, a clock), registered under a unique name
 * ({@code ServiceConfig.of("refdata", new RefData())}) and looked up by processors through their
 * {@code ProcessorContext}. A service that publishes into feeds implements {@link AgentService}.
 *
 * <p>Threading: {@code onStart} runs in registration order on the thread calling {@code MongooseServer.start()},
 * before any agent thread starts; {@code onStop} in reverse order on the thread calling {@code stop()}, after every
 * agent thread is joined. So processors may use their services from {@code onInit} to {@code onTearDown}.
 */
public interface MongooseService
{
    /**
     * Called once, before any processor is initialised.
     *
     * @throws Exception to fail the server's start: the services started before are stopped, no agent thread starts.
     */
    default void onStart(final ServiceContext context) throws Exception
    {
    }

    /**
     * Called once, after every processor has stopped.
     *
     * @throws Exception reported to the error handler (source {@code service:<name>}) and counted; the others stop.
     */
    default void onStop() throws Exception
    {
    }
}
