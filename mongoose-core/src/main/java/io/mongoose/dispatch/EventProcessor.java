package io.mongoose.dispatch;

/**
 * User logic on its agent group's thread, but {@link #registerHandlers(HandlerRegistry)} at build: {@code onInit →
 * onStart → (events) → onStop → onTearDown}; a throwing {@code onInit} or {@code onStart} fails the server's start.
 */
public interface EventProcessor
{
    /** Declare one typed handler per message type, once, on the building thread. */
    void registerHandlers(HandlerRegistry handlers);

    /** @param context the processor's name, its agent, its server and its publishers. */
    default void onInit(final ProcessorContext context)
    {
    }

    /** Called after every processor of the group is initialised, before the first event. */
    default void onStart()
    {
    }

    /** Called after the last event this processor sees: its feeds were drained or the drain timed out. */
    default void onStop()
    {
    }

    /** Called last; release resources here. */
    default void onTearDown()
    {
    }
}
