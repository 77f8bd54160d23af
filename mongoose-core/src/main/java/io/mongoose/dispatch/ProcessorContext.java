package io.mongoose.dispatch;

import io.mongoose.admin.CommandRegistrar;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.service.ServiceLookup;

import java.util.Map;

/**
 * What a processor learns about where it runs: its names, its admin commands and timers (both on its agent thread),
 * the server's services, and the publishers of the feeds it declared it publishes.
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
     * @param type a type exactly one registered service is an instance of.
     * @param <T>  the type.
     * @return that service; look it up once, in {@code onInit}, and keep it.
     * @throws IllegalArgumentException if none or several services are of that type, naming them.
     */
    public <T> T service(final Class<T> type)
    {
        return services.service(type);
    }

    /**
     * @param name a registered service name.
     * @param type what the caller expects it to be.
     * @param <T>  the type.
     * @return the service; look it up once, in {@code onInit}, and keep it.
     * @throws IllegalArgumentException if there is no such service (naming the known ones) or it is of another type.
     */
    public <T> T service(final String name, final Class<T> type)
    {
        return services.service(name, type);
    }

    /**
     * The publisher of a feed this processor declared it publishes: its agent thread is that feed's single producer,
     * so the processor publishes from its handlers (a pipe to the feed's subscribers). Take it in {@code onInit}.
     *
     * @param feed a feed named in the processor's {@code publishes}.
     * @return its publisher.
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
