package io.mongoose.config;

import io.mongoose.service.AgentService;
import io.mongoose.service.MongooseService;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * One service of a server: a unique name, the instance, and for an {@link AgentService} the feeds it publishes and how
 * its agent thread idles and is pinned.
 *
 * <p>Made with {@link #of(String, MongooseService)} and changed with the withers, each of which returns a copy, e.g.
 * {@code ServiceConfig.of("quotes-in", source).publishes("quotes").pinning(Pinning.cpu(2))}. A {@link #builder()}
 * checks nothing, for front ends that leave every check to {@link ConfigValidator}.
 *
 * <p>A value: equal to another service config with equal settings (the same service instance).
 */
public final class ServiceConfig
{
    /** Idle strategy of a service agent unless configured: it reads files and sockets, so it should not burn a core. */
    public static final IdleStrategyKind DEFAULT_IDLE_STRATEGY = IdleStrategyKind.BACKOFF;

    private final String name;
    private final MongooseService service;
    private final List<String> publishes;
    private final IdleStrategyKind idleStrategy;
    private final Pinning pinning;

    /** Copies the feed list, a null list as an empty one; null names in it are kept so validation can name them. */
    private ServiceConfig(
        final String name, final MongooseService service, final List<String> publishes,
        final IdleStrategyKind idleStrategy, final Pinning pinning)
    {
        this.name = name;
        this.service = service;
        this.publishes = null == publishes ? List.of() : Collections.unmodifiableList(new ArrayList<>(publishes));
        this.idleStrategy = idleStrategy;
        this.pinning = pinning;
    }

    /**
     * @param name    unique service name.
     * @param service the instance.
     * @return a service that publishes nothing, with the {@link #DEFAULT_IDLE_STRATEGY} and no pinning.
     */
    public static ServiceConfig of(final String name, final MongooseService service)
    {
        return new ServiceConfig(name, service, List.of(), DEFAULT_IDLE_STRATEGY, Pinning.none());
    }

    /**
     * @return a builder that starts from {@code of(null, null)}'s settings and checks none of the values it is given.
     */
    public static Builder builder()
    {
        return new Builder(of(null, null));
    }

    /**
     * @return a builder that starts from this service's settings.
     */
    public Builder toBuilder()
    {
        return new Builder(this);
    }

    /**
     * @return unique service name; also the name of its agent thread.
     */
    public String name()
    {
        return name;
    }

    /**
     * @return the instance.
     */
    public MongooseService service()
    {
        return service;
    }

    /**
     * @return feeds this service is the single producer of; only an {@link AgentService} may publish. Unmodifiable.
     */
    public List<String> publishes()
    {
        return publishes;
    }

    /**
     * @return the agent thread's idle strategy (used by an {@link AgentService} only).
     */
    public IdleStrategyKind idleStrategy()
    {
        return idleStrategy;
    }

    /**
     * @return the agent thread's CPU pinning request (used by an {@link AgentService} only).
     */
    public Pinning pinning()
    {
        return pinning;
    }

    /**
     * @param feeds the feeds this service publishes (its agent thread becomes their single producer).
     * @return a copy publishing them.
     */
    public ServiceConfig publishes(final String... feeds)
    {
        return new ServiceConfig(name, service, null == feeds ? null : Arrays.asList(feeds), idleStrategy, pinning);
    }

    /**
     * @param strategy idle strategy of the service's agent thread.
     * @return a copy using it.
     */
    public ServiceConfig idleStrategy(final IdleStrategyKind strategy)
    {
        return new ServiceConfig(name, service, publishes, strategy, pinning);
    }

    /**
     * @param request pinning request for the service's agent thread.
     * @return a copy using it.
     */
    public ServiceConfig pinning(final Pinning request)
    {
        return new ServiceConfig(name, service, publishes, idleStrategy, request);
    }

    /**
     * @param o another object.
     * @return whether it is a service config with equal settings and the same service instance (by its equals).
     */
    @Override
    public boolean equals(final Object o)
    {
        return this == o || o instanceof ServiceConfig that && Objects.equals(name, that.name) &&
            Objects.equals(service, that.service) && publishes.equals(that.publishes) &&
            idleStrategy == that.idleStrategy && Objects.equals(pinning, that.pinning);
    }

    /**
     * @return a hash of every setting, consistent with {@link #equals(Object)}.
     */
    @Override
    public int hashCode()
    {
        return Objects.hash(name, service, publishes, idleStrategy, pinning);
    }

    /**
     * @return every setting, e.g. {@code ServiceConfig[name=quotes-in, service=..., publishes=[quotes], ...]}.
     */
    @Override
    public String toString()
    {
        return "ServiceConfig[name=" + name + ", service=" + service + ", publishes=" + publishes + ", idleStrategy=" +
            idleStrategy + ", pinning=" + pinning + "]";
    }

    /**
     * Sets any value and checks none, so a front end that reads settings from elsewhere (the YAML reader) can hand
     * whatever it read to {@link ConfigValidator}, which reports every problem at once with its path. Code that writes
     * a service entry uses {@link #of(String, MongooseService)} and the withers.
     */
    public static final class Builder
    {
        private String name;
        private MongooseService service;
        private List<String> publishes;
        private IdleStrategyKind idleStrategy;
        private Pinning pinning;

        private Builder(final ServiceConfig from)
        {
            name = from.name;
            service = from.service;
            publishes = from.publishes;
            idleStrategy = from.idleStrategy;
            pinning = from.pinning;
        }

        /**
         * @param serviceName unique service name; also the name of its agent thread.
         * @return this builder.
         */
        public Builder name(final String serviceName)
        {
            name = serviceName;
            return this;
        }

        /**
         * @param instance the service.
         * @return this builder.
         */
        public Builder service(final MongooseService instance)
        {
            service = instance;
            return this;
        }

        /**
         * @param feeds feeds the service publishes, copied at {@link #build()}; {@code null} for none.
         * @return this builder.
         */
        public Builder publishes(final List<String> feeds)
        {
            publishes = feeds;
            return this;
        }

        /**
         * @param strategy idle strategy of the service's agent thread.
         * @return this builder.
         */
        public Builder idleStrategy(final IdleStrategyKind strategy)
        {
            idleStrategy = strategy;
            return this;
        }

        /**
         * @param request pinning request for the service's agent thread.
         * @return this builder.
         */
        public Builder pinning(final Pinning request)
        {
            pinning = request;
            return this;
        }

        /**
         * @return a service config with the values given, checked by no one yet.
         */
        public ServiceConfig build()
        {
            return new ServiceConfig(name, service, publishes, idleStrategy, pinning);
        }
    }
}
