package io.mongoose.yaml;

import io.mongoose.dispatch.EventProcessor;

/**
 * Makes the processor of one configuration entry, reading that entry's {@code properties}. Registered under a type
 * name in {@link ProcessorTypes}; a configuration file names the type, never a class.
 */
@FunctionalInterface
public interface ProcessorFactory
{
    /**
     * Called once per processor entry, on the thread loading the configuration, before anything starts. It should only
     * construct: the processor's own lifecycle ({@code onInit}, {@code onStart}) is where work begins.
     *
     * @param properties the entry's properties; a bad value is reported through them, not thrown, so that every
     *                   problem of a file is listed at once.
     * @return a new processor (one per entry: a processor runs on one agent thread).
     */
    EventProcessor create(ProcessorProperties properties);
}
