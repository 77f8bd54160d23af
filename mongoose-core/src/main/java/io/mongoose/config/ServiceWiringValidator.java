package io.mongoose.config;

import io.mongoose.feed.FullQueuePolicy;
import io.mongoose.service.AgentService;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The part of {@link ConfigValidator} about services and feed producers: one producer per feed, and no lossless pipe
 * received on its producer's own agent (a self-deadlock).
 */
final class ServiceWiringValidator
{
    private final List<ConfigProblem> errors;
    private final Map<String, FeedConfig> feeds;
    /** Feed → where its producer declared it, e.g. {@code services[0].publishes[1]}. */
    private final Map<String, String> producerPaths = new HashMap<>();
    private final Map<String, String> producerNames = new HashMap<>();
    private final Set<String> serviceNames = new LinkedHashSet<>();

    private ServiceWiringValidator(final List<ConfigProblem> errors, final Map<String, FeedConfig> feeds)
    {
        this.errors = errors;
        this.feeds = feeds;
    }

    /** Checks services and publishers of {@code config}, given its feeds by distinct, non-blank name. */
    static void check(final ServerConfig config, final Map<String, FeedConfig> feeds, final List<ConfigProblem> errors)
    {
        final ServiceWiringValidator v = new ServiceWiringValidator(errors, feeds);
        v.checkServices(config.services());
        v.checkProcessors(config.agentGroups());
    }

    private void checkServices(final List<ServiceConfig> services)
    {
        final Map<String, String> paths = new HashMap<>();
        for (int i = 0; i < services.size(); i++)
        {
            final String path = "services[" + i + "]";
            final ServiceConfig service = services.get(i);
            if (!ConfigValidator.require(errors, null != service, path, "null", "a service"))
            {
                continue;
            }
            if (ConfigValidator.checkName(errors, path, service.name(), "service", paths, true))
            {
                serviceNames.add(service.name());
            }
            final boolean instance = ConfigValidator.require(errors, null != service.service(), path + ".service",
                "null", "a MongooseService instance");
            ConfigValidator.require(errors, null != service.idleStrategy(), path + ".idleStrategy", "null",
                ConfigValidator.IDLE_STRATEGY_EXPECTED);
            ConfigValidator.checkPinning(errors, path + ".pinning", service.pinning());
            if (!instance || service.publishes().isEmpty() || service.service() instanceof AgentService)
            {
                checkPublishes(path, service.publishes(), "service " + show(service.name()), null);
            }
            else
            {
                error(path + ".publishes", service.publishes().size() + " feeds, but " +
                    ConfigProblem.escape(service.service().getClass().getName()) + " is not an AgentService",
                    "an AgentService (a service publishes from its duty cycle, on its own agent thread)");
            }
        }
    }

    private void checkProcessors(final List<AgentGroupConfig> agents)
    {
        for (int a = 0; a < agents.size(); a++)
        {
            final AgentGroupConfig agent = agents.get(a);
            for (int p = 0; null != agent && p < agent.processors().size(); p++)
            {
                final ProcessorConfig processor = agent.processors().get(p);
                if (null != processor)
                {
                    final String path = "agents[" + a + "].processors[" + p + "]";
                    checkServiceNames(path, processor.services());
                    checkPublishes(path, processor.publishes(), "processor " + show(processor.name()), agent);
                }
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
                    ? "a registered service (none are registered)" : "one of " + ConfigValidator.names(serviceNames),
                    ConfigProblem.Kind.UNKNOWN_SERVICE));
            }
            else if (!seen.add(name))
            {
                error(itemPath, "duplicate " + show(name), "each service once");
            }
        }
    }

    /** @param agent the producer's agent group, for a processor; {@code null} for a service. */
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
                    ConfigValidator.names(feeds.keySet()), ConfigProblem.Kind.UNKNOWN_FEED));
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
            if (null != agent && FullQueuePolicy.BACKOFF == feed.fullQueuePolicy() && agent.receives(feed))
            {
                error(itemPath, "feed " + show(feedName) + " (fullQueuePolicy backoff) is received on agent " +
                    show(agent.name()) + ", the publisher's own agent", "its subscribers on other agents, or " +
                    "fullQueuePolicy drop or fail (a full queue would make the agent wait for itself)");
            }
        }
    }

    private void error(final String path, final String found, final String expected)
    {
        errors.add(ConfigProblem.of(path, found, expected));
    }

    private static String show(final String s)
    {
        return ConfigProblem.show(s);
    }
}
