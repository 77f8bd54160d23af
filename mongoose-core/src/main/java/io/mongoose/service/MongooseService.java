package io.mongoose.service;

/**
 * A user service hosted by a server (reference data, a gateway, a clock), registered under a unique name and looked up
 * by processors through their {@code ProcessorContext}. {@code onStart} runs in registration order on the thread
 * calling {@code start()}, before any agent thread starts; {@code onStop} in reverse order on the thread calling
 * {@code stop()}, after every agent thread is joined: processors may use services from {@code onInit} to
 * {@code onTearDown}.
 */
public interface MongooseService
{
    /** Called once, before any processor is initialised; throws to fail the start (earlier services then stop). */
    default void onStart(final ServiceContext context) throws Exception
    {
    }

    /** Called once, after every processor has stopped; what it throws is reported and counted. */
    default void onStop() throws Exception
    {
    }
}
