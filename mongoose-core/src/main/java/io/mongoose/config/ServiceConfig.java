package io.mongoose.config;

import io.mongoose.service.AgentService;
import io.mongoose.service.MongooseService;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * One service of a server: a unique name, the instance, and for an {@link AgentService} the feeds it publishes and how
 * its agent thread idles and is pinned.
 *
 * @param name         unique service name; also the name of its agent thread.
 * @param service      the instance.
 * @param publishes    feeds this service is the single producer of; only an {@link AgentService} may publish.
 * @param idleStrategy the agent thread's idle strategy (used by an {@link AgentService} only).
 * @param pinning      the agent thread's CPU pinning request (used by an {@link AgentService} only).
 */
public record ServiceConfig(
    String name, MongooseService service, List<String> publishes, IdleStrategyKind idleStrategy, Pinning pinning)
{
    /** Idle strategy of a service agent unless configured: it reads files and sockets, so it should not burn a core. */
    public static final IdleStrategyKind DEFAULT_IDLE_STRATEGY = IdleStrategyKind.BACKOFF;

    /**
     * Copies the feed list; nulls are kept so validation can name them.
     */
    public ServiceConfig
    {
        publishes = null == publishes ? List.of() : Collections.unmodifiableList(new ArrayList<>(publishes));
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
}
