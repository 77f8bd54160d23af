package io.mongoose.dispatch;

import io.mongoose.admin.CommandRegistrar;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.service.ServiceLookup;

import java.util.Map;

/**
 * What a processor learns about where it runs: its names, admin {@code commands} (registered in {@code onInit}) and
 * {@code scheduler} on its agent thread, the server's {@code services}, and the {@code publishers} of the feeds it
 * declares, by feed name.
 */
public record ProcessorContext(
    String processorName, String agentName, String serverName, CommandRegistrar commands, Scheduler scheduler,
    ServiceLookup services, Map<String, FeedPublisher> publishers)
{
    /** @return the one registered service of {@code type}; look it up once, in {@code onInit}, and keep it. */
    public <T> T service(final Class<T> type)
    {
        return services.service(type);
    }

    /** @return the service registered as {@code name}, a {@code type}; look it up once, in {@code onInit}. */
    public <T> T service(final String name, final Class<T> type)
    {
        return services.service(name, type);
    }

    /** @return the publisher of a {@code feed} the processor declares, its agent thread the single producer. */
    public FeedPublisher publisher(final String feed)
    {
        final FeedPublisher publisher = null == feed ? null : publishers.get(feed);
        if (null == publisher)
        {
            throw new IllegalArgumentException("processor '" + processorName + "' does not publish feed " +
                (null == feed ? "null" : "'" + feed + "'") + "; expected one of the feeds it declares in publishes " +
                "(" + (publishers.isEmpty() ? "it declares none" : String.join(", ", publishers.keySet())) + ")");
        }
        return publisher;
    }
}
