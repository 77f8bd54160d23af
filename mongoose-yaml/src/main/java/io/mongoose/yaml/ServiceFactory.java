package io.mongoose.yaml;

import io.mongoose.service.MongooseService;

/**
 * Makes the service of one {@code services:} entry of a configuration file, reading that entry's {@code properties}.
 * Registered under a type name in {@link ProcessorTypes}; a file names the type, never a class.
 */
@FunctionalInterface
public interface ServiceFactory
{
    /**
     * Called once per service entry, on the thread loading the configuration, before anything starts. It should only
     * construct: the service's {@code onStart} is where work begins.
     *
     * @param properties the entry's properties; a bad value is reported through them, not thrown.
     * @return a new service.
     */
    MongooseService create(ProcessorProperties properties);
}
