package io.mongoose.config;

import io.mongoose.dispatch.EventProcessor;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * One processor inside an agent group.
 *
 * @param name              unique processor name.
 * @param processor         the user logic.
 * @param subscriptions     named feeds it receives (broadcast feeds reach it anyway).
 * @param services          services it uses, checked to exist before anything starts (it may look up any service).
 * @param publishes         feeds it is the single producer of, from its agent thread: a pipe to the processors
 *                          subscribing to them ({@code ProcessorContext.publisher(feed)}).
 * @param latencyMonitoring whether to record its publish-to-handler latency ({@link
 * io.mongoose.server.MongooseServer#latency(String)});
 *                          {@code null} takes the server's default ({@link ServerConfig#latencyMonitoring()}).
 */
public record ProcessorConfig(
    String name, EventProcessor processor, List<String> subscriptions, List<String> services, List<String> publishes,
    Boolean latencyMonitoring)
{
    /**
     * Copies the lists; nulls are kept so validation can name them.
     */
    public ProcessorConfig
    {
        subscriptions = null == subscriptions ? List.of() : Collections.unmodifiableList(new ArrayList<>(subscriptions));
        services = copy(services);
        publishes = copy(publishes);
    }

    /**
     * A processor that declares no services, publishes nothing and follows the server's latency monitoring default.
     *
     * @param name          unique processor name.
     * @param processor     the user logic.
     * @param subscriptions named feeds it receives.
     */
    public ProcessorConfig(final String name, final EventProcessor processor, final List<String> subscriptions)
    {
        this(name, processor, subscriptions, List.of(), List.of(), null);
    }

    /**
     * @param name          unique processor name.
     * @param processor     the user logic.
     * @param subscriptions named feeds it receives.
     * @return a processor that declares no services, publishes nothing and follows the server's latency monitoring
     *         default; change them with the copies below and host it with
     *         {@link AgentGroupConfig#processor(ProcessorConfig)}.
     */
    public static ProcessorConfig of(final String name, final EventProcessor processor, final String... subscriptions)
    {
        return new ProcessorConfig(name, processor, null == subscriptions ? null : Arrays.asList(subscriptions));
    }

    /**
     * @param feeds feeds this processor publishes from its agent thread.
     * @return a copy publishing them.
     */
    public ProcessorConfig publishes(final String... feeds)
    {
        return new ProcessorConfig(name, processor, subscriptions, services, null == feeds ? null : Arrays.asList(feeds),
            latencyMonitoring);
    }

    /**
     * @param serviceNames services this processor uses; unknown names fail validation.
     * @return a copy declaring them.
     */
    public ProcessorConfig services(final String... serviceNames)
    {
        return new ProcessorConfig(name, processor, subscriptions,
            null == serviceNames ? null : Arrays.asList(serviceNames), publishes, latencyMonitoring);
    }

    private static List<String> copy(final List<String> names)
    {
        return null == names ? List.of() : Collections.unmodifiableList(new ArrayList<>(names));
    }

    /**
     * @param on whether to record this processor's publish-to-handler latency, whatever the server's default.
     * @return a copy with that setting.
     */
    public ProcessorConfig latencyMonitoring(final boolean on)
    {
        return new ProcessorConfig(name, processor, subscriptions, services, publishes, on);
    }

    /**
     * @param serverDefault the server's {@link ServerConfig#latencyMonitoring()}.
     * @return whether this processor's latency is recorded.
     */
    public boolean monitorsLatency(final boolean serverDefault)
    {
        return null == latencyMonitoring ? serverDefault : latencyMonitoring;
    }
}
