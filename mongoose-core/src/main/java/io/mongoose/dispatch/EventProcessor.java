package io.mongoose.dispatch;

/**
 * User logic hosted by an agent group. Every method, including the lifecycle, runs on the group's agent thread except
 * {@link #registerHandlers(HandlerRegistry)}, which runs once while the server is built.
 *
 * <p>Lifecycle: {@code onInit → onStart → (onEvent…) → onStop → onTearDown}. A processor whose {@code onInit} or
 * {@code onStart} throws fails the server's start; one that got as far as {@code onStart} is stopped, and every processor
 * that was initialised is torn down.
 */
public interface EventProcessor
{
    /**
     * Declare one typed handler per message type. Called once, before start, on the building thread.
     *
     * @param handlers where to register.
     */
    void registerHandlers(HandlerRegistry handlers);

    /**
     * @param context the processor's name, its agent and its server.
     */
    default void onInit(final ProcessorContext context)
    {
    }

    /** Called after every processor of the group is initialised, before the first event. */
    default void onStart()
    {
    }

    /** Called after the last event this processor will see: queues have been drained or the drain timed out. */
    default void onStop()
    {
    }

    /** Called last; release resources here. */
    default void onTearDown()
    {
    }
}
