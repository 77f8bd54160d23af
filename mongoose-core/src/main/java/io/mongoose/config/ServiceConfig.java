package io.mongoose.config;

import io.mongoose.service.AgentService;
import io.mongoose.service.MongooseService;

import java.util.List;

/** One service: a unique name, the instance, and for an {@link AgentService} its feeds and agent thread. */
public final class ServiceConfig extends ConfigValue
{
    /** Idle strategy of a service agent unless configured: it reads files and sockets, so it should not burn a core. */
    public static final IdleStrategyKind DEFAULT_IDLE_STRATEGY = IdleStrategyKind.BACKOFF;

    private final String name;
    private final MongooseService service;
    private final List<String> publishes;
    private final IdleStrategyKind idleStrategy;
    private final Pinning pinning;

    private ServiceConfig(
        final String name, final MongooseService service, final List<String> publishes,
        final IdleStrategyKind idleStrategy, final Pinning pinning)
    {
        this.name = name;
        this.service = service;
        this.publishes = copy(publishes);
        this.idleStrategy = idleStrategy;
        this.pinning = pinning;
    }

    /** @return a service that publishes nothing, with the {@link #DEFAULT_IDLE_STRATEGY} and no pinning. */
    public static ServiceConfig of(final String name, final MongooseService service)
    {
        return new ServiceConfig(name, service, List.of(), DEFAULT_IDLE_STRATEGY, Pinning.none());
    }

    /** @return unique service name; also the name of its agent thread. */
    public String name()
    {
        return name;
    }

    /** @return the instance. */
    public MongooseService service()
    {
        return service;
    }

    /** @return feeds this service is the single producer of (an {@link AgentService} only); unmodifiable. */
    public List<String> publishes()
    {
        return publishes;
    }

    /** @return the agent thread's idle strategy (an {@link AgentService} only). */
    public IdleStrategyKind idleStrategy()
    {
        return idleStrategy;
    }

    /** @return the agent thread's CPU pinning request (an {@link AgentService} only). */
    public Pinning pinning()
    {
        return pinning;
    }

    /** @return a copy with this service instance. */
    public ServiceConfig service(final MongooseService instance)
    {
        return new ServiceConfig(name, instance, publishes, idleStrategy, pinning);
    }

    /** @return a copy publishing these feeds from its agent thread. */
    public ServiceConfig publishes(final String... feeds)
    {
        return new ServiceConfig(name, service, list(feeds), idleStrategy, pinning);
    }

    /** @return a copy with this idle strategy for its agent thread. */
    public ServiceConfig idleStrategy(final IdleStrategyKind strategy)
    {
        return new ServiceConfig(name, service, publishes, strategy, pinning);
    }

    /** @return a copy with this pinning request for its agent thread. */
    public ServiceConfig pinning(final Pinning request)
    {
        return new ServiceConfig(name, service, publishes, idleStrategy, request);
    }

    @Override
    Object[] namesAndValues()
    {
        return new Object[] {"name", name, "service", service, "publishes", publishes, "idleStrategy", idleStrategy,
            "pinning", pinning};
    }
}
