package io.mongoose.config;

import io.mongoose.dispatch.EventProcessor;
import io.mongoose.feed.FeedKind;

import java.util.List;

/** One processor inside an agent group, hosted by {@link AgentGroupConfig#processor(ProcessorConfig)}. */
public final class ProcessorConfig extends ConfigValue
{
    private final String name;
    private final EventProcessor processor;
    private final List<String> subscriptions;
    private final List<String> services;
    private final List<String> publishes;
    private final Boolean latencyMonitoring;

    private ProcessorConfig(
        final String name, final EventProcessor processor, final List<String> subscriptions,
        final List<String> services, final List<String> publishes, final Boolean latencyMonitoring)
    {
        this.name = name;
        this.processor = processor;
        this.subscriptions = copy(subscriptions);
        this.services = copy(services);
        this.publishes = copy(publishes);
        this.latencyMonitoring = latencyMonitoring;
    }

    /** @return a processor receiving these named feeds, using no services, publishing nothing. */
    public static ProcessorConfig of(final String name, final EventProcessor processor, final String... subscriptions)
    {
        return new ProcessorConfig(name, processor, list(subscriptions), List.of(), List.of(), null);
    }

    /** @return unique processor name. */
    public String name()
    {
        return name;
    }

    /** @return the user logic. */
    public EventProcessor processor()
    {
        return processor;
    }

    /** @return named feeds it receives (broadcast feeds reach it anyway); unmodifiable. */
    public List<String> subscriptions()
    {
        return subscriptions;
    }

    /** @return services it uses, checked to exist before anything starts; unmodifiable. */
    public List<String> services()
    {
        return services;
    }

    /** @return feeds it is the single producer of, from its agent thread (a pipe); unmodifiable. */
    public List<String> publishes()
    {
        return publishes;
    }

    /** @return whether to record its publish-to-handler latency; {@code null} takes the server's default. */
    public Boolean latencyMonitoring()
    {
        return latencyMonitoring;
    }

    /** @return a copy with this processor instance. */
    public ProcessorConfig processor(final EventProcessor instance)
    {
        return new ProcessorConfig(name, instance, subscriptions, services, publishes, latencyMonitoring);
    }

    /** @return a copy publishing these feeds from its agent thread. */
    public ProcessorConfig publishes(final String... feeds)
    {
        return new ProcessorConfig(name, processor, subscriptions, services, list(feeds), latencyMonitoring);
    }

    /** @return a copy using these services. */
    public ProcessorConfig services(final String... serviceNames)
    {
        return new ProcessorConfig(name, processor, subscriptions, list(serviceNames), publishes, latencyMonitoring);
    }

    /** @return a copy that records its latency, or not, whatever the server's default. */
    public ProcessorConfig latencyMonitoring(final boolean on)
    {
        return new ProcessorConfig(name, processor, subscriptions, services, publishes, on);
    }

    /** @return whether this processor's latency is recorded, given the server's default. */
    public boolean monitorsLatency(final boolean serverDefault)
    {
        return null == latencyMonitoring ? serverDefault : latencyMonitoring;
    }

    /** @return whether it receives {@code feed}: a broadcast, or one it subscribes to. */
    public boolean receives(final FeedConfig feed)
    {
        return feed.kind() == FeedKind.BROADCAST || subscriptions.contains(feed.name());
    }

    @Override
    Object[] namesAndValues()
    {
        return new Object[] {"name", name, "processor", processor, "subscriptions", subscriptions, "services", services,
            "publishes", publishes, "latencyMonitoring", latencyMonitoring};
    }
}
