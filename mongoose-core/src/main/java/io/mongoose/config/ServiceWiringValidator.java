package io.mongoose.config;

import io.mongoose.feed.Feed;
import io.mongoose.feed.FeedKind;
import io.mongoose.feed.FullQueuePolicy;
import io.mongoose.service.AgentService;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The part of {@link ConfigValidator} about services and who publishes into feeds: service names, entries and agent
 * settings, the services processors declare, one producer per feed (a service or a processor), and the self-deadlock
 * of a lossless pipe received on its producer's own agent.
 */
final class ServiceWiringValidator
{
    private final List<ConfigProblem> errors;
    private final Map<String, FeedConfig> feeds;
    /** Feed → where its producer declared it, e.g. {@code services[0].publishes[1]}. */
    private final Map<String, String> producerPaths = new LinkedHashMap<>();
    private final Map<String, String> producerNames = new LinkedHashMap<>();
    private final Set<String> serviceNames = new LinkedHashSet<>();

    private ServiceWiringValidator(final List<ConfigProblem> errors, final Map<String, FeedConfig> feeds)
    {
        this.errors = errors;
        this.feeds = feeds;
    }

    /**
     * @param config the model (its feeds already checked).
     * @param feeds  the feeds by distinct, non-blank name.
     * @param errors where problems go.
     */
    static void check(final ServerConfig config, final Map<String, FeedConfig> feeds, final List<ConfigProblem> errors)
    {
        final ServiceWiringValidator v = new ServiceWiringValidator(errors, feeds);
        v.checkServices(config.services());
        v.checkProcessors(config.agentGroups());
    }

    private void checkServices(final List<ServiceConfig> services)
    {
        final Map<String, String> paths = new LinkedHashMap<>();
        for (int i = 0; i < services.size(); i++)
        {
            final String path = "services[" + i + "]";
            final ServiceConfig service = services.get(i);
            if (null == service)
            {
                error(path, "null", "a service");
                continue;
            }
            if (null == service.name() || service.name().isBlank())
            {
                error(path + ".name", show(service.name()), "a non-blank service name");
            }
            else
            {
                final String previous = paths.putIfAbsent(service.name(), path);
                if (null != previous)
                {
                    error(path + ".name", "duplicate " + show(service.name()) + " (also at " + previous + ")",
                        "a name no other service uses");
                }
                serviceNames.add(service.name());
            }
            if (null == service.service())
            {
                error(path + ".service", "null", "a MongooseService instance");
            }
            if (null == service.idleStrategy())
            {
                error(path + ".idleStrategy", "null", ConfigValidator.IDLE_STRATEGY_EXPECTED);
            }
            if (null == service.pinning() || null == service.pinning().mode())
            {
                error(path + ".pinning", "null", "none, any, or a CPU id");
            }
            else if (service.pinning().mode() == Pinning.Mode.CPU && service.pinning().cpu() < 0)
            {
                error(path + ".pinning", "cpu " + service.pinning().cpu(), "a CPU id of 0 or more");
            }
            if (!service.publishes().isEmpty() && null != service.service() &&
                !(service.service() instanceof AgentService))
            {
                error(path + ".publishes", service.publishes().size() + " feeds, but " +
                    ConfigProblem.escape(service.service().getClass().getName()) + " is not an AgentService",
                    "an AgentService (a service publishes from its duty cycle, on its own agent thread)");
                continue;
            }
            checkPublishes(path, service.publishes(), "service " + show(service.name()), null);
        }
    }

    private void checkProcessors(final List<AgentGroupConfig> agents)
    {
        for (int a = 0; a < agents.size(); a++)
        {
            final AgentGroupConfig agent = agents.get(a);
            if (null == agent)
            {
                continue;
            }
            for (int p = 0; p < agent.processors().size(); p++)
            {
                final ProcessorConfig processor = agent.processors().get(p);
                if (null == processor)
                {
                    continue;
                }
                final String path = "agents[" + a + "].processors[" + p + "]";
                checkServiceNames(path, processor.services());
                checkPublishes(path, processor.publishes(), "processor " + show(processor.name()), agent);
            }
        }
    }

    private void checkServiceNames(final String path, final List<String> names)
    {
        final Set<String> seen = new HashSet<>();
        for (int s = 0; s < names.size(); s++)
        {
            final String name = names.get(s);
            final String itemPath = path + ".services[" + s + "]";
            if (null == name || !serviceNames.contains(name))
            {
                errors.add(new ConfigProblem(itemPath, "unknown service " + show(name), serviceNames.isEmpty()
                    ? "a registered service (none are registered)" : "one of " + names(serviceNames),
                    ConfigProblem.Kind.UNKNOWN_SERVICE));
            }
            else if (!seen.add(name))
            {
                error(itemPath, "duplicate " + show(name), "each service once");
            }
        }
    }

    /**
     * @param agent the producer's agent group, for a processor; {@code null} for a service.
     */
    private void checkPublishes(
        final String path, final List<String> published, final String producer, final AgentGroupConfig agent)
    {
        final Set<String> seen = new HashSet<>();
        for (int f = 0; f < published.size(); f++)
        {
            final String feedName = published.get(f);
            final String itemPath = path + ".publishes[" + f + "]";
            final FeedConfig feed = null == feedName ? null : feeds.get(feedName);
            if (null == feed)
            {
                errors.add(new ConfigProblem(itemPath, "unknown feed " + show(feedName), "one of " +
                    names(feeds.keySet()), ConfigProblem.Kind.UNKNOWN_FEED));
                continue;
            }
            if (!seen.add(feedName))
            {
                error(itemPath, "duplicate " + show(feedName), "each feed once");
                continue;
            }
            final String previous = producerPaths.putIfAbsent(feedName, itemPath);
            if (null != previous)
            {
                error(itemPath, "feed " + show(feedName) + " is already published by " + producerNames.get(feedName) +
                    " (" + previous + ")", "one producer per feed (add a feed per producer)");
                continue;
            }
            producerNames.put(feedName, producer);
            if (null != agent && FullQueuePolicy.BACKOFF == feed.fullQueuePolicy() && receivedOn(feed, agent))
            {
                error(itemPath, "feed " + show(feedName) + " (fullQueuePolicy backoff) is received on agent " +
                    show(agent.name()) + ", the publisher's own agent", "its subscribers on other agents, or " +
                    "fullQueuePolicy drop or fail (a full queue would make the agent wait for itself)");
            }
        }
    }

    private static boolean receivedOn(final FeedConfig feed, final AgentGroupConfig agent)
    {
        for (final ProcessorConfig processor : agent.processors())
        {
            if (null != processor &&
                (FeedKind.BROADCAST == feed.kind() || processor.subscriptions().contains(feed.name())))
            {
                return true;
            }
        }
        return false;
    }

    private void error(final String path, final String found, final String expected)
    {
        errors.add(ConfigProblem.of(path, found, expected));
    }

    private static String show(final String s)
    {
        return null == s ? "null" : "'" + ConfigProblem.escape(s) + "'";
    }

    private static String names(final Set<String> names)
    {
        final List<String> shown = new ArrayList<>();
        for (final String name : names)
        {
            shown.add(ConfigProblem.escape(name));
        }
        return String.join(", ", shown);
    }
}
