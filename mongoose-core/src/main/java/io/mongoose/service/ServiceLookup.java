package io.mongoose.service;

import java.util.List;

/** Finds a server's services by type or by name. Lookups allocate: look up once (in {@code onInit}) and keep it. */
public interface ServiceLookup
{
    /** @return the one registered service that is a {@code type}; throws naming the candidates if not one. */
    <T> T service(Class<T> type);

    /** @return the service registered as {@code name}; throws if there is none or it is not a {@code type}. */
    <T> T service(String name, Class<T> type);

    /** @return every registered service name, in registration order. */
    List<String> serviceNames();
}
