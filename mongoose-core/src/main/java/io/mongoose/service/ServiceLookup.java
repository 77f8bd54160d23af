package io.mongoose.service;

import java.util.List;

/**
 * Finds the services registered with a server, by type or by name. Lookups allocate: look services up once (in
 * {@code onInit} or {@code onStart}) and keep the reference.
 */
public interface ServiceLookup
{
    /**
     * @param type a type that exactly one registered service is an instance of.
     * @param <T>  the type.
     * @return that service.
     * @throws IllegalArgumentException if no service is of that type (naming the registered services), or if several
     *                                  are (naming them: look one up by name instead).
     */
    <T> T service(Class<T> type);

    /**
     * @param name a registered service name.
     * @param type what the caller expects it to be.
     * @param <T>  the type.
     * @return the service.
     * @throws IllegalArgumentException if there is no service of that name (naming the registered ones) or it is not
     *                                  of that type (naming its class).
     */
    <T> T service(String name, Class<T> type);

    /** @return every registered service name, in registration order. */
    List<String> serviceNames();
}
