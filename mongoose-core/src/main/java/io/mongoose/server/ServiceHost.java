package io.mongoose.server;

import io.mongoose.agent.RunnerClose;
import io.mongoose.config.ConfigProblem;
import io.mongoose.config.ServiceConfig;
import io.mongoose.dispatch.DispatchErrorHandler;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.internal.SingleWriterCounter;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.service.AgentService;
import io.mongoose.service.MongooseService;
import io.mongoose.service.ServiceContext;
import io.mongoose.service.ServiceDirectory;
import io.mongoose.status.CounterType;
import io.mongoose.status.ServiceStats;
import org.agrona.concurrent.AgentRunner;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;

/** The services of one server at run time: their lifecycle, in order (reverse at stop), and their agent threads. */
final class ServiceHost
{
    private static final System.Logger LOG = System.getLogger("io.mongoose.server");

    private final String serverName;
    private final List<ServiceConfig> configs;
    final ServiceDirectory directory;
    private final DispatchErrorHandler errorHandler;
    private final Context[] contexts;
    private final SingleWriterCounter[] errors;
    private final ServiceAgent[] agents;
    private final AgentRunner[] runners;
    private int started;

    ServiceHost(
        final String serverName, final List<ServiceConfig> configs, final PoolRegistry pools,
        final DispatchErrorHandler errorHandler)
    {
        this.serverName = serverName;
        this.configs = configs;
        this.errorHandler = errorHandler;
        final Map<String, MongooseService> byName = new LinkedHashMap<>();
        configs.forEach(config -> byName.put(config.name(), config.service()));
        this.directory = ServiceDirectory.of(byName);
        final int n = configs.size();
        contexts = new Context[n];
        errors = new SingleWriterCounter[n];
        agents = new ServiceAgent[n];
        runners = new AgentRunner[n];
        for (int i = 0; i < n; i++)
        {
            final ServiceConfig config = configs.get(i);
            contexts[i] = new Context(config.name(), serverName, pools, directory, new LinkedHashMap<>());
            errors[i] = new SingleWriterCounter();
            if (config.service() instanceof AgentService service)
            {
                agents[i] = new ServiceAgent(config.name(), service, config.pinning(), errorHandler, errors[i]);
            }
        }
    }

    /** After the feeds are wired: each service's context gets the publishers of the feeds it declared. */
    void bindPublishers(final Map<String, ? extends FeedPublisher> publishers)
    {
        for (int i = 0; i < contexts.length; i++)
        {
            for (final String feed : configs.get(i).publishes())
            {
                contexts[i].publishers.put(feed, publishers.get(feed));
            }
        }
    }

    /** Run each onStart in order; at the first failure, stop those started and return it (else null). */
    MongooseStartException start()
    {
        for (int i = 0; i < configs.size(); i++)
        {
            final String name = configs.get(i).name();
            try
            {
                configs.get(i).service().onStart(contexts[i]);
                started = i + 1;
            }
            catch (final Throwable t)
            {
                errors[i].increment();
                ServerAdminHost.report(errorHandler, "service:" + name, t);
                final MongooseStartException failure = new MongooseStartException("service '" + name + "' of server '" +
                    serverName + "' failed in onStart: " + ConfigProblem.escape(t.toString(),
                    ServerAssembly.MAX_SHOWN_EXCEPTION) + "; no agent was started", t);
                stop();
                LOG.log(System.Logger.Level.ERROR, "server '" + serverName + "' failed to start", failure);
                return failure;
            }
        }
        return null;
    }

    /** After the processors started and the feeds opened: start every service's duty cycle. */
    void startAgents()
    {
        for (int i = 0; i < agents.length; i++)
        {
            if (null != agents[i])
            {
                runners[i] = new AgentRunner(configs.get(i).idleStrategy().newIdleStrategy(), agents[i]::onError,
                    null, agents[i]);
                AgentRunner.startOnThread(runners[i], ServiceHost::newAgentThread);
            }
        }
    }

    /** Before the feeds close: end and join every service agent ({@link RunnerClose}); why each that did not end. */
    Map<String, String> stopAgents(final long joinDeadline, final long graceDeadline)
    {
        final Map<String, String> notEnded = new TreeMap<>();
        for (int i = 0; i < runners.length; i++)
        {
            final String why = null == runners[i] ? null : RunnerClose.close(runners[i], joinDeadline, graceDeadline);
            if (null != why)
            {
                notEnded.put("service '" + configs.get(i).name() + "'", why);
            }
        }
        return notEnded;
    }

    /** Run onStop of every started service, in reverse order, reporting and counting failures; once. */
    void stop()
    {
        for (int i = started - 1; i >= 0; i--)
        {
            try
            {
                configs.get(i).service().onStop();
            }
            catch (final Throwable t)
            {
                errors[i].increment();
                ServerAdminHost.report(errorHandler, "service:" + configs.get(i).name(), t);
            }
        }
        started = 0;
    }

    boolean isAgentThread(final Thread thread)
    {
        return Arrays.stream(runners).anyMatch(runner -> null != runner && runner.thread() == thread);
    }

    long errors()
    {
        return Arrays.stream(errors).mapToLong(SingleWriterCounter::get).sum();
    }

    /** Put each service's counters in the server's, and its error counter among those of the error rate. */
    void registerCounters(final ServerCounters counters, final List<SingleWriterCounter> errorSources)
    {
        for (int i = 0; i < configs.size(); i++)
        {
            final String name = configs.get(i).name();
            if (null != agents[i])
            {
                counters.register(CounterType.SERVICE_WORK, name, agents[i].work);
            }
            counters.register(CounterType.SERVICE_ERRORS, name, errors[i]);
            errorSources.add(errors[i]);
        }
    }

    ServiceStats stats(final String name)
    {
        final int i = IntStream.range(0, configs.size()).filter(c -> configs.get(c).name().equals(name)).findFirst()
            .orElseThrow(() -> new IllegalArgumentException("unknown service " +
                (null == name ? "null" : "'" + name + "'") + "; expected one of " + (configs.isEmpty()
                ? "the registered services (none are registered)" : String.join(", ", directory.serviceNames()))));
        final ServiceAgent agent = agents[i];
        return new ServiceStats(name, null != agent, null == agent ? 0 : agent.work.get(), errors[i].get(),
            null == agent ? "no agent" : agent.pinningOutcome);
    }

    private static Thread newAgentThread(final Runnable runnable)
    {
        final Thread thread = new Thread(runnable);
        thread.setDaemon(false); // like the agent groups' threads: a running server keeps the JVM alive until stop()
        thread.setUncaughtExceptionHandler((t, e) ->
            LOG.log(System.Logger.Level.ERROR, "service agent thread '" + t.getName() + "' died", e));
        return thread;
    }

    /** A service's view of its server; {@code publishers} is filled once, when the feeds are wired. */
    private record Context(
        String serviceName, String serverName, PoolRegistry pools, ServiceDirectory directory,
        Map<String, FeedPublisher> publishers) implements ServiceContext
    {
        @Override
        public FeedPublisher publisher(final String feed)
        {
            final FeedPublisher publisher = publishers.get(feed);
            if (null == publisher)
            {
                throw new IllegalArgumentException("service '" + serviceName + "' does not publish feed " +
                    (null == feed ? "null" : "'" + feed + "'") + "; expected one of the feeds it declares in " +
                    "publishes (" + (publishers.isEmpty() ? "it declares none" :
                    String.join(", ", publishers.keySet())) + ")");
            }
            return publisher;
        }

        @Override
        public List<String> publishedFeeds()
        {
            return List.copyOf(publishers.keySet());
        }

        @Override
        public <T> T service(final Class<T> type)
        {
            return directory.service(type);
        }

        @Override
        public <T> T service(final String name, final Class<T> type)
        {
            return directory.service(name, type);
        }

        @Override
        public List<String> serviceNames()
        {
            return directory.serviceNames();
        }
    }
}
