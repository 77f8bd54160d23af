package io.mongoose.service;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/** The services of one server by name, in registration order. Immutable and thread-safe. */
public final class ServiceDirectory implements ServiceLookup
{
    private final Map<String, Object> byName;

    private ServiceDirectory(final Map<String, ?> byName)
    {
        this.byName = Collections.unmodifiableMap(new LinkedHashMap<>(byName));
    }

    /** @return a directory of the service instances {@code byName}, by unique name in registration order. */
    public static ServiceDirectory of(final Map<String, ?> byName)
    {
        return new ServiceDirectory(Objects.requireNonNull(byName, "byName: null; expected a map"));
    }

    @Override
    public <T> T service(final Class<T> type)
    {
        Objects.requireNonNull(type, "type: null; expected the service's class or interface");
        final List<String> matches = byName.entrySet().stream().filter(e -> type.isInstance(e.getValue()))
            .map(Map.Entry::getKey).toList();
        if (matches.isEmpty())
        {
            throw new IllegalArgumentException("no service is a " + type.getName() + "; expected one of " +
                described());
        }
        if (matches.size() > 1)
        {
            throw new IllegalArgumentException(matches.size() + " services are a " + type.getName() + ": " +
                String.join(", ", matches) + "; expected exactly one (look one up by name: service(\"" +
                matches.get(0) + "\", " + type.getSimpleName() + ".class))");
        }
        return type.cast(byName.get(matches.get(0)));
    }

    @Override
    public <T> T service(final String name, final Class<T> type)
    {
        Objects.requireNonNull(type, "type: null; expected the service's class or interface");
        final Object service = null == name ? null : byName.get(name);
        if (null == service)
        {
            throw new IllegalArgumentException("unknown service " + (null == name ? "null" : "'" + name + "'") +
                "; expected one of " + described());
        }
        if (!type.isInstance(service))
        {
            throw new IllegalArgumentException("service '" + name + "' is a " + service.getClass().getName() +
                "; expected a " + type.getName());
        }
        return type.cast(service);
    }

    @Override
    public List<String> serviceNames()
    {
        return List.copyOf(byName.keySet());
    }

    private String described()
    {
        return byName.isEmpty() ? "the registered services (none are registered)" : byName.entrySet().stream()
            .map(e -> e.getKey() + " (" + e.getValue().getClass().getSimpleName() + ")")
            .collect(Collectors.joining(", "));
    }

    @Override
    public String toString()
    {
        return "ServiceDirectory" + byName.keySet();
    }
}
