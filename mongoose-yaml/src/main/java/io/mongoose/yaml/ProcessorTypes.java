package io.mongoose.yaml;

import io.mongoose.dispatch.EventProcessor;
import io.mongoose.service.MongooseService;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The processor types a configuration file may name, each registered in code with its factory. This is the only way
 * a file reaches code: {@link YamlConfig} looks a {@code type} up here and never loads a class by name, so a file can
 * create nothing the application did not register.
 *
 * <pre>{@code
 * ProcessorTypes types = ProcessorTypes.builder()
 *     .add("quote-pricer", QuotePricer::new)
 *     .addConfigurable("spread-alert", p -> new SpreadAlert(p.integer("maxSpreadTicks", 5)))
 *     .build();
 * }</pre>
 *
 * <p>Immutable and thread-safe once built.
 */
public final class ProcessorTypes
{
    private final Map<String, ProcessorFactory> factories;
    private final Map<String, ServiceFactory> serviceFactories;

    private ProcessorTypes(final Map<String, ProcessorFactory> factories, final Map<String, ServiceFactory> services)
    {
        this.factories = Collections.unmodifiableMap(new LinkedHashMap<>(factories));
        this.serviceFactories = Collections.unmodifiableMap(new LinkedHashMap<>(services));
    }

    /**
     * @return an empty builder.
     */
    public static Builder builder()
    {
        return new Builder();
    }

    /**
     * @return every registered type name, in registration order (the order errors list them).
     */
    public List<String> names()
    {
        return List.copyOf(factories.keySet());
    }

    /**
     * @param type a type name.
     * @return whether it is registered.
     */
    public boolean contains(final String type)
    {
        return null != type && factories.containsKey(type);
    }

    /**
     * @param type a registered type name.
     * @return its factory, or {@code null} if there is none.
     */
    public ProcessorFactory factory(final String type)
    {
        return null == type ? null : factories.get(type);
    }

    /**
     * @return every registered service type name, in registration order (the order errors list them).
     */
    public List<String> serviceNames()
    {
        return List.copyOf(serviceFactories.keySet());
    }

    /**
     * @param type a registered service type name.
     * @return its factory, or {@code null} if there is none.
     */
    public ServiceFactory serviceFactory(final String type)
    {
        return null == type ? null : serviceFactories.get(type);
    }

    /** Collects types; each name once. */
    public static final class Builder
    {
        private final Map<String, ProcessorFactory> factories = new LinkedHashMap<>();
        private final Map<String, ServiceFactory> services = new LinkedHashMap<>();

        private Builder()
        {
        }

        /**
         * Register a type whose processors take no properties; an entry of this type that gives any is a
         * configuration error.
         *
         * @param type     the name files use, e.g. {@code quote-pricer}.
         * @param supplier makes one new processor per entry.
         * @return this builder.
         * @throws IllegalArgumentException if the name is blank, has surrounding spaces or is already registered.
         * @throws NullPointerException     if an argument is null.
         */
        public Builder add(final String type, final Supplier<? extends EventProcessor> supplier)
        {
            Objects.requireNonNull(supplier, "supplier: null; expected a Supplier of processors for type " + type);
            return addConfigurable(type, properties -> supplier.get());
        }

        /**
         * Register a type whose processors read {@code properties} from their entry.
         *
         * @param type    the name files use, e.g. {@code spread-alert}.
         * @param factory makes one new processor per entry from its properties.
         * @return this builder.
         * @throws IllegalArgumentException if the name is blank, has surrounding spaces or is already registered.
         * @throws NullPointerException     if an argument is null.
         */
        public Builder addConfigurable(final String type, final ProcessorFactory factory)
        {
            Objects.requireNonNull(type, "type: null; expected a processor type name");
            Objects.requireNonNull(factory, "factory: null; expected a ProcessorFactory for type " + type);
            checkName(type, factories.keySet());
            factories.put(type, factory);
            return this;
        }

        /**
         * Register a service type whose services take no properties.
         *
         * @param type     the name files use in {@code services:}, e.g. {@code refdata}.
         * @param supplier makes one new service per entry.
         * @return this builder.
         * @throws IllegalArgumentException if the name is blank, has surrounding spaces or is already a service type.
         * @throws NullPointerException     if an argument is null.
         */
        public Builder addService(final String type, final Supplier<? extends MongooseService> supplier)
        {
            Objects.requireNonNull(supplier, "supplier: null; expected a Supplier of services for type " + type);
            return addConfigurableService(type, properties -> supplier.get());
        }

        /**
         * Register a service type whose services read {@code properties} from their entry.
         *
         * @param type    the name files use in {@code services:}, e.g. {@code file-source}.
         * @param factory makes one new service per entry from its properties.
         * @return this builder.
         * @throws IllegalArgumentException if the name is blank, has surrounding spaces or is already a service type.
         * @throws NullPointerException     if an argument is null.
         */
        public Builder addConfigurableService(final String type, final ServiceFactory factory)
        {
            Objects.requireNonNull(type, "type: null; expected a service type name");
            Objects.requireNonNull(factory, "factory: null; expected a ServiceFactory for type " + type);
            checkName(type, services.keySet());
            services.put(type, factory);
            return this;
        }

        private static void checkName(final String type, final Set<String> registered)
        {
            if (type.isBlank() || !type.strip().equals(type))
            {
                throw new IllegalArgumentException("type: '" + type + "'; expected a non-blank name without " +
                    "surrounding spaces");
            }
            if (registered.contains(type))
            {
                throw new IllegalArgumentException("type: duplicate '" + type + "'; expected each type registered " +
                    "once (registered: " + String.join(", ", registered) + ")");
            }
        }

        /**
         * @return the types registered so far (later changes to this builder do not affect it).
         */
        public ProcessorTypes build()
        {
            return new ProcessorTypes(factories, services);
        }
    }

    @Override
    public String toString()
    {
        return "ProcessorTypes" + new ArrayList<>(factories.keySet()) +
            (serviceFactories.isEmpty() ? "" : " services" + new ArrayList<>(serviceFactories.keySet()));
    }
}
