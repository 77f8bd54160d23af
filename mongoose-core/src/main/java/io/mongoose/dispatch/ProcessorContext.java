package io.mongoose.dispatch;

import io.mongoose.admin.CommandRegistrar;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.service.ServiceLookup;

import java.util.Map;

/**
 * What a processor learns about where it runs.
 *
 * @param processorName the processor's registered name.
 * @param agentName     the agent group (and thread role) hosting it.
 * @param serverName    the server's name.
 * @param commands      registers admin commands that run on this processor's agent thread (register them in
 *                      {@code onInit}); see {@link io.mongoose.admin.Admin}.
 * @param scheduler     timers on the processor's agent thread; usable from {@code onInit} on, on that thread only.
 * @param services      the server's services, by type or by name.
 * @param publishers    the publishers of the feeds the processor declared in {@code publishes}, by feed name.
 */
public record ProcessorContext(
    String processorName, String agentName, String serverName, CommandRegistrar commands, Scheduler scheduler,
    ServiceLookup services, Map<String, FeedPublisher> publishers)
{
    /**
     * @return the one registered service of {@code type}; look it up once, in {@code onInit}, and keep it.
     * @throws IllegalArgumentException if none or several services are of that type, naming them.
     */
    public <T> T service(final Class<T> type)
    {
        return services.service(type);
    }

    /**
     * @return the service registered as {@code name}; look it up once, in {@code onInit}, and keep it.
     * @throws IllegalArgumentException if there is no such service (naming the known ones) or it is not a {@code type}.
     */
    public <T> T service(final String name, final Class<T> type)
    {
        return services.service(name, type);
    }

    /**
     * @return the publisher of {@code feed}, which the processor declared it publishes: its agent thread is the feed's
     *         single producer. Take it in {@code onInit}.
     * @throws IllegalArgumentException if the processor did not declare that feed, naming the ones it declared.
     */
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
