package io.mongoose.yaml;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.ConfigProblem;
import io.mongoose.config.ConfigValidator;
import io.mongoose.config.CountersConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.HealthConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.config.IntRange;
import io.mongoose.config.Pinning;
import io.mongoose.config.ProcessorConfig;
import io.mongoose.config.ServerConfig;
import io.mongoose.config.ServiceConfig;
import io.mongoose.config.ThreadMode;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.feed.FeedKind;
import io.mongoose.feed.FullQueuePolicy;
import io.mongoose.pool.PooledMessage;
import io.mongoose.service.AgentService;
import io.mongoose.service.MongooseService;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import org.snakeyaml.engine.v2.nodes.Tag;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;

import static io.mongoose.config.ConfigProblem.Kind.UNKNOWN_FEED;
import static io.mongoose.config.ConfigProblem.Kind.UNKNOWN_SERVICE;
import static io.mongoose.config.ConfigProblem.Kind.UNSUBSCRIBED_FEED;

/**
 * Turns a composed YAML document into the {@link ServerConfig} the builder would make, collecting every problem of
 * the document's shape (unknown, missing and duplicate keys, wrong types, bad enum values) with its path.
 *
 * <p>Where a value cannot be read, the model gets a stand-in (null or the default) and the path is remembered as
 * covered, so that {@link ConfigValidator}, run on the same model afterwards, does not report the stand-in a second
 * time ({@link #explains(ConfigProblem)}).
 *
 * <p>Reading runs no factory: each processor and service entry of a known type holds a stand-in of its own until
 * {@link #construct(ServerConfig)}, which the loader calls only for a document without problems.
 *
 * <p>One instance reads one document.
 */
final class YamlConfigReader
{
    /**
     * Most keys and list items visited, aliases expanded. A configuration has a few hundred; the bound keeps alias
     * fan-out (a list of aliases of lists of aliases) from multiplying into millions of visits and errors.
     */
    static final int MAX_VALUES = 100_000;
    /** Longest exception text repeated from a processor factory. */
    private static final int MAX_SHOWN_EXCEPTION = 300;

    static final List<String> ROOT_KEYS = List.of("server", "feeds", "agents", "services");
    static final List<String> SERVER_KEYS =
        List.of("name", "startTimeout", "shutdownTimeout", "latencyMonitoring", "counters", "health");
    static final List<String> COUNTERS_KEYS = List.of("enabled", "dir", "deleteOnStop", "sampleInterval");
    static final List<String> HEALTH_KEYS =
        List.of("agentStaleAfter", "agentDownAfter", "queueSaturation", "errorRate", "errorRateWindow");
    static final List<String> FEED_KEYS =
        List.of("name", "kind", "queueCapacity", "fullQueuePolicy", "publishTimeout", "ring");
    static final List<String> AGENT_KEYS =
        List.of("name", "idleStrategy", "drainLimit", "pinning", "threadMode", "processors", "timerTickResolution",
            "timerWheelSize");
    static final List<String> PINNING_KEYS = List.of("cpu");
    static final List<String> PROCESSOR_KEYS =
        List.of("name", "type", "subscriptions", "properties", "services", "publishes", "latencyMonitoring");
    static final List<String> SERVICE_KEYS =
        List.of("name", "type", "publishes", "idleStrategy", "pinning", "properties");

    static final String ROOT_EXPECTED = "a map with keys " + String.join(", ", ROOT_KEYS);
    private static final String PINNING_EXPECTED = "none, any, or { cpu: <CPU id> }";
    private static final String CPU_EXPECTED = "any, or a CPU id from 0 to " + Integer.MAX_VALUE;
    private static final String PROPERTY_EXPECTED = "a single value: a string, number, boolean or duration";

    private final String source;
    private final ProcessorTypes types;
    private final List<ConfigProblem> problems = new ArrayList<>();
    private final Set<String> covered = new HashSet<>();
    /**
     * The cross-reference problems that may only restate one reported already: some feed name, subscription or service
     * name could not be read.
     */
    private final Set<ConfigProblem.Kind> unsure = EnumSet.noneOf(ConfigProblem.Kind.class);
    private int values;

    /**
     * @param source names the document in errors about it as a whole.
     * @param types  the processor types entries may name.
     */
    YamlConfigReader(final String source, final ProcessorTypes types)
    {
        this.source = source;
        this.types = types;
    }

    /**
     * @param root the document's root node.
     * @return the model, with stand-ins where values could not be read; {@code null} if the document is not a map at
     * all or is too large, when validating a model would add nothing.
     */
    ServerConfig read(final Node root)
    {
        try
        {
            final Map<String, Node> top = fields(root, "", ROOT_KEYS, ROOT_EXPECTED);
            if (null == top)
            {
                return null;
            }
            String name = ServerConfig.DEFAULT_NAME;
            Duration startTimeout = ServerConfig.DEFAULT_START_TIMEOUT;
            Duration shutdownTimeout = ServerConfig.DEFAULT_SHUTDOWN_TIMEOUT;
            Boolean latencyMonitoring = null;
            CountersConfig counters = CountersConfig.defaults();
            HealthConfig health = HealthConfig.defaults();
            final Map<String, Node> server = top.containsKey("server")
                ? fields(top.get("server"), "server", SERVER_KEYS, "server settings: a map with keys " +
                String.join(", ", SERVER_KEYS))
                : Map.of();
            if (null != server)
            {
                name = server.containsKey("name") ? text(server.get("name"), "server.name", "a server name") : name;
                startTimeout = server.containsKey("startTimeout")
                    ? duration(server.get("startTimeout"), "server.startTimeout") : startTimeout;
                shutdownTimeout = server.containsKey("shutdownTimeout")
                    ? duration(server.get("shutdownTimeout"), "server.shutdownTimeout") : shutdownTimeout;
                latencyMonitoring = server.containsKey("latencyMonitoring")
                    ? flag(server.get("latencyMonitoring"), "server.latencyMonitoring") : null;
                counters = server.containsKey("counters") ? counters(server.get("counters")) : counters;
                health = server.containsKey("health") ? health(server.get("health")) : health;
            }
            final List<FeedConfig> feeds = feeds(top.get("feeds"));
            final List<ServiceConfig> services = services(top.get("services"));
            return ServerConfig.named(name).feeds(feeds).agentGroups(agents(top.get("agents")))
                .startTimeout(startTimeout).shutdownTimeout(shutdownTimeout).services(services)
                .latencyMonitoring(Boolean.TRUE.equals(latencyMonitoring)).counters(counters).health(health);
        }
        catch (final TooLarge ex)
        {
            problems.clear();
            problems.add(ConfigProblem.of(source, "more than " + MAX_VALUES + " keys and list items once aliases " +
                "are expanded", "a smaller configuration"));
            return null;
        }
    }

    /**
     * @return every problem of the document's shape, in document order.
     */
    List<ConfigProblem> problems()
    {
        return problems;
    }

    /**
     * @param problem a problem {@link ConfigValidator} found in the model this reader made, path already in the
     *                file's terms.
     * @return whether it only restates a problem already reported: it is about a stand-in value, or it is a missing
     * cross-reference while some feed name or subscription could not be read.
     */
    boolean explains(final ConfigProblem problem)
    {
        final String path = problem.path();
        for (String p = path; null != p; p = parent(p))
        {
            if (covered.contains(p))
            {
                return true;
            }
        }
        return unsure.contains(problem.kind());
    }

    private List<FeedConfig> feeds(final Node node)
    {
        return section(node, "feeds", "a list of feeds", this::feed, UNKNOWN_FEED);
    }

    private FeedConfig feed(final Node node, final String path)
    {
        final Map<String, Node> f = entryFields(node, path, FEED_KEYS, "a feed", UNKNOWN_FEED);
        if (null == f)
        {
            return null;
        }
        final String name = referredName(f, path, "a feed name", UNKNOWN_FEED);
        final FeedKind kind = f.containsKey("kind")
            ? choice(f.get("kind"), path + ".kind", FeedKind.class) : missing(path + ".kind", choices(FeedKind.class));
        final int capacity = f.containsKey("queueCapacity")
            ? integer(f.get("queueCapacity"), path + ".queueCapacity", FeedConfig.DEFAULT_QUEUE_CAPACITY,
            FeedConfig.QUEUE_CAPACITY_RANGE)
            : FeedConfig.DEFAULT_QUEUE_CAPACITY;
        final FullQueuePolicy policy = f.containsKey("fullQueuePolicy")
            ? choice(f.get("fullQueuePolicy"), path + ".fullQueuePolicy", FullQueuePolicy.class)
            : FullQueuePolicy.BACKOFF;
        final Duration timeout = f.containsKey("publishTimeout")
            ? duration(f.get("publishTimeout"), path + ".publishTimeout") : FeedConfig.DEFAULT_PUBLISH_TIMEOUT;
        final Class<? extends PooledMessage> ringType =
            f.containsKey("ring") ? messageType(f.get("ring"), path + ".ring") : null;
        // A kind that could not be read is reported already: the feed stands in as a named one.
        final FeedConfig feed = FeedKind.BROADCAST == kind ? FeedConfig.broadcast(name) : FeedConfig.named(name);
        return feed.queueCapacity(capacity).fullQueuePolicy(policy).publishTimeout(timeout).ring(ringType);
    }

    /**
     * A ring feed's message type: the binary name of a {@link PooledMessage} subclass on the class path (whose pool the
     * code registers, as for every message type). Null, with the problem reported, for anything else.
     */
    private Class<? extends PooledMessage> messageType(final Node node, final String path)
    {
        final String expected = "the class name of a PooledMessage subclass, such as com.example.Quote";
        if (!(node instanceof ScalarNode) || YamlValues.isNull(node))
        {
            return invalid(path, YamlValues.describe(node), expected);
        }
        final String name = ((ScalarNode)node).getValue();
        final Class<?> type;
        try
        {
            type = Class.forName(name.trim(), false, Thread.currentThread().getContextClassLoader());
        }
        catch (final ClassNotFoundException | LinkageError e)
        {
            return invalid(path, "'" + ConfigProblem.escape(name) + "' (no such class: " +
                ConfigProblem.escape(e.toString()) + ")", expected);
        }
        if (!PooledMessage.class.isAssignableFrom(type) || PooledMessage.class == type)
        {
            return invalid(path, "'" + ConfigProblem.escape(name) + "' (not a PooledMessage subclass)", expected);
        }
        return type.asSubclass(PooledMessage.class);
    }

    private List<AgentGroupConfig> agents(final Node node)
    {
        return section(node, "agents", "a list of agent groups", this::agent, UNSUBSCRIBED_FEED);
    }

    private AgentGroupConfig agent(final Node node, final String path)
    {
        final Map<String, Node> f = entryFields(node, path, AGENT_KEYS, "an agent group", UNSUBSCRIBED_FEED);
        if (null == f)
        {
            return null;
        }
        final String name = requiredText(f, path, "name", "an agent name");
        final IdleStrategyKind idleStrategy = f.containsKey("idleStrategy")
            ? idleStrategy(f.get("idleStrategy"), path + ".idleStrategy") : IdleStrategyKind.BUSY_SPIN;
        final int drainLimit = f.containsKey("drainLimit")
            ? integer(f.get("drainLimit"), path + ".drainLimit", AgentGroupConfig.DEFAULT_DRAIN_LIMIT,
            AgentGroupConfig.DRAIN_LIMIT_RANGE)
            : AgentGroupConfig.DEFAULT_DRAIN_LIMIT;
        final Pinning pinning = f.containsKey("pinning") ? pinning(f.get("pinning"), path + ".pinning") : Pinning.none();
        final ThreadMode threadMode = f.containsKey("threadMode")
            ? choice(f.get("threadMode"), path + ".threadMode", ThreadMode.class) : ThreadMode.DEDICATED;
        List<ProcessorConfig> processors =
            entries(f.get("processors"), path + ".processors", "a list of processors", this::processor);
        if (null == processors)
        {
            unsure.add(UNSUBSCRIBED_FEED);
            processors = new ArrayList<>();
        }
        final Duration timerTick = f.containsKey("timerTickResolution")
            ? duration(f.get("timerTickResolution"), path + ".timerTickResolution")
            : AgentGroupConfig.DEFAULT_TIMER_TICK_RESOLUTION;
        final int timerWheelSize = f.containsKey("timerWheelSize")
            ? integer(f.get("timerWheelSize"), path + ".timerWheelSize", AgentGroupConfig.DEFAULT_TIMER_WHEEL_SIZE,
            AgentGroupConfig.TIMER_WHEEL_SIZE_RANGE)
            : AgentGroupConfig.DEFAULT_TIMER_WHEEL_SIZE;
        return AgentGroupConfig.named(name).idleStrategy(idleStrategy).drainLimit(drainLimit).pinning(pinning)
            .threadMode(threadMode).processors(processors).timerTickResolution(timerTick)
            .timerWheelSize(timerWheelSize);
    }

    private Pinning pinning(final Node node, final String path)
    {
        if (node instanceof ScalarNode && !YamlValues.isNull(node))
        {
            switch (((ScalarNode)node).getValue())
            {
                case "none":
                    return Pinning.none();
                case "any":
                    return Pinning.anyCpu();
                default:
                    return invalid(path, "unknown " + YamlValues.describe(node), PINNING_EXPECTED);
            }
        }
        final Map<String, Node> f = fields(node, path, PINNING_KEYS, PINNING_EXPECTED);
        if (null == f)
        {
            return null;
        }
        final Node cpu = f.get("cpu");
        if (null == cpu)
        {
            covered.add(path);
            return missing(path + ".cpu", CPU_EXPECTED);
        }
        if (cpu instanceof ScalarNode && ((ScalarNode)cpu).getValue().equals("any"))
        {
            return Pinning.anyCpu();
        }
        final Long id = cpu instanceof ScalarNode ? YamlValues.integer((ScalarNode)cpu) : null;
        if (null == id || id < Integer.MIN_VALUE || id > Integer.MAX_VALUE)
        {
            covered.add(path);
            return invalid(path + ".cpu", YamlValues.describe(cpu), CPU_EXPECTED);
        }
        // A negative id is the validator's to report, in the same words as for the builder.
        return Pinning.cpu(id.intValue());
    }

    private ProcessorConfig processor(final Node node, final String path)
    {
        final Map<String, Node> f = entryFields(node, path, PROCESSOR_KEYS, "a processor", UNSUBSCRIBED_FEED);
        if (null == f)
        {
            return null;
        }
        final String name = requiredText(f, path, "name", "a processor name");
        final List<String> subscriptions =
            f.containsKey("subscriptions") ? subscriptions(f.get("subscriptions"), path + ".subscriptions") : List.of();
        final Map<String, ScalarNode> properties =
            f.containsKey("properties") ? properties(f.get("properties"), path + ".properties") : Map.of();
        final List<String> services = f.containsKey("services")
            ? names(f.get("services"), path + ".services", "a list of service names", "a service name") : List.of();
        final List<String> publishes = f.containsKey("publishes")
            ? names(f.get("publishes"), path + ".publishes", "a list of feed names", "a feed name") : List.of();
        final Boolean latencyMonitoring = f.containsKey("latencyMonitoring")
            ? flag(f.get("latencyMonitoring"), path + ".latencyMonitoring") : null;
        final ProcessorConfig processor = ProcessorConfig.of(name, processorOf(f.get("type"), path, properties),
            array(subscriptions)).services(array(services)).publishes(array(publishes));
        return null == latencyMonitoring ? processor : processor.latencyMonitoring(latencyMonitoring);
    }

    private List<ServiceConfig> services(final Node node)
    {
        if (null == node)
        {
            return new ArrayList<>();
        }
        return section(node, "services", "a list of services", this::service, UNKNOWN_SERVICE);
    }

    private ServiceConfig service(final Node node, final String path)
    {
        final Map<String, Node> f = entryFields(node, path, SERVICE_KEYS, "a service", UNKNOWN_SERVICE);
        if (null == f)
        {
            return null;
        }
        final String name = referredName(f, path, "a service name", UNKNOWN_SERVICE);
        final List<String> publishes = f.containsKey("publishes")
            ? names(f.get("publishes"), path + ".publishes", "a list of feed names", "a feed name") : List.of();
        final IdleStrategyKind idleStrategy = f.containsKey("idleStrategy")
            ? idleStrategy(f.get("idleStrategy"), path + ".idleStrategy") : ServiceConfig.DEFAULT_IDLE_STRATEGY;
        final Pinning pinning = f.containsKey("pinning") ? pinning(f.get("pinning"), path + ".pinning") : Pinning.none();
        final Map<String, ScalarNode> properties =
            f.containsKey("properties") ? properties(f.get("properties"), path + ".properties") : Map.of();
        return ServiceConfig.of(name, serviceOf(f.get("type"), path, properties)).publishes(array(publishes))
            .idleStrategy(idleStrategy).pinning(pinning);
    }

    /** A list of names (feeds, services); an item that is not a scalar is reported and left out. */
    private List<String> names(
        final Node node, final String path, final String listExpected, final String itemExpected)
    {
        final List<String> names = new ArrayList<>();
        if (!(node instanceof SequenceNode))
        {
            return invalid(path, YamlValues.describe(node), listExpected);
        }
        final List<Node> items = ((SequenceNode)node).getValue();
        for (int i = 0; i < items.size(); i++)
        {
            count();
            final Node item = items.get(i);
            if (item instanceof ScalarNode)
            {
                names.add(YamlValues.isNull(item) ? null : ((ScalarNode)item).getValue());
            }
            else
            {
                invalid(path + "[" + i + "]", YamlValues.describe(item), itemExpected);
            }
        }
        return names;
    }

    private List<String> subscriptions(final Node node, final String path)
    {
        final List<String> names = new ArrayList<>();
        if (!(node instanceof SequenceNode))
        {
            unsure.add(UNSUBSCRIBED_FEED);
            return invalid(path, YamlValues.describe(node), "a list of feed names");
        }
        final List<Node> items = ((SequenceNode)node).getValue();
        for (int i = 0; i < items.size(); i++)
        {
            count();
            final Node item = items.get(i);
            if (item instanceof ScalarNode)
            {
                names.add(YamlValues.isNull(item) ? null : ((ScalarNode)item).getValue());
            }
            else
            {
                unsure.add(UNSUBSCRIBED_FEED);
                names.add(invalid(path + "[" + i + "]", YamlValues.describe(item), "a feed name"));
            }
        }
        return names;
    }

    private Map<String, ScalarNode> properties(final Node node, final String path)
    {
        final Map<String, ScalarNode> properties = new LinkedHashMap<>();
        if (!(node instanceof MappingNode))
        {
            problem(path, YamlValues.describe(node), "a map of properties");
            return properties;
        }
        final Set<String> seen = new HashSet<>();
        for (final NodeTuple tuple : ((MappingNode)node).getValue())
        {
            count();
            final String key = key(tuple.getKeyNode());
            if (null == key)
            {
                problem(path, YamlValues.describe(tuple.getKeyNode()) + " as a key", "property names");
                continue;
            }
            final String keyPath = YamlValues.child(path, key);
            final Node value = tuple.getValueNode();
            if (!seen.add(key))
            {
                problem(keyPath, "duplicate key", "each key once");
            }
            else if (value instanceof ScalarNode)
            {
                properties.put(key, (ScalarNode)value);
            }
            else
            {
                problem(keyPath, YamlValues.describe(value), PROPERTY_EXPECTED);
            }
        }
        return properties;
    }

    /** {@code server.counters}: every key optional, defaults from {@link CountersConfig#defaults()}. */
    private CountersConfig counters(final Node node)
    {
        final String path = "server.counters";
        final CountersConfig defaults = CountersConfig.defaults();
        final Map<String, Node> f = fields(node, path, COUNTERS_KEYS, "counters settings: a map with keys " +
            String.join(", ", COUNTERS_KEYS));
        if (null == f)
        {
            return defaults;
        }
        final boolean enabled = f.containsKey("enabled")
            ? flag(f.get("enabled"), path + ".enabled", defaults.enabled()) : defaults.enabled();
        final String dir = f.containsKey("dir") ? text(f.get("dir"), path + ".dir", "a directory path") : null;
        Path dirPath = null;
        if (null != dir)
        {
            try
            {
                dirPath = Path.of(dir);
            }
            catch (final InvalidPathException ex)
            {
                invalid(path + ".dir", "'" + YamlValues.escape(dir) + "' (" + YamlValues.escape(ex.getReason()) + ")",
                    "a directory path");
            }
        }
        final boolean deleteOnStop = f.containsKey("deleteOnStop")
            ? flag(f.get("deleteOnStop"), path + ".deleteOnStop", defaults.deleteOnStop()) : defaults.deleteOnStop();
        final Duration sampleInterval = f.containsKey("sampleInterval")
            ? duration(f.get("sampleInterval"), path + ".sampleInterval") : defaults.sampleInterval();
        return (enabled ? CountersConfig.defaults() : CountersConfig.disabled()).dir(dirPath).deleteOnStop(deleteOnStop)
            .sampleInterval(sampleInterval);
    }

    /** {@code server.health}: every key optional, defaults from {@link HealthConfig#defaults()}. */
    private HealthConfig health(final Node node)
    {
        final String path = "server.health";
        final HealthConfig defaults = HealthConfig.defaults();
        final Map<String, Node> f = fields(node, path, HEALTH_KEYS, "health thresholds: a map with keys " +
            String.join(", ", HEALTH_KEYS));
        if (null == f)
        {
            return defaults;
        }
        final Duration stale = f.containsKey("agentStaleAfter")
            ? duration(f.get("agentStaleAfter"), path + ".agentStaleAfter") : defaults.agentStaleAfter();
        final Duration down = f.containsKey("agentDownAfter")
            ? duration(f.get("agentDownAfter"), path + ".agentDownAfter") : defaults.agentDownAfter();
        final double saturation = f.containsKey("queueSaturation")
            ? number(f.get("queueSaturation"), path + ".queueSaturation", defaults.queueSaturation(),
            "a fill ratio above 0 and at most 1, e.g. 0.8") : defaults.queueSaturation();
        final double errorRate = f.containsKey("errorRate")
            ? number(f.get("errorRate"), path + ".errorRate", defaults.errorRate(),
            "errors per second, 0 or more (0: any error degrades)") : defaults.errorRate();
        final Duration window = f.containsKey("errorRateWindow")
            ? duration(f.get("errorRateWindow"), path + ".errorRateWindow") : defaults.errorRateWindow();
        return HealthConfig.defaults().agentLiveness(stale, down).queueSaturation(saturation)
            .errorRate(errorRate, window);
    }

    private boolean flag(final Node node, final String path, final boolean standIn)
    {
        if (node instanceof ScalarNode && node.getTag().equals(Tag.BOOL))
        {
            return Boolean.parseBoolean(((ScalarNode)node).getValue());
        }
        invalid(path, YamlValues.describe(node), "true or false");
        return standIn;
    }

    /** An integer or a float as the core schema reads them; a range error is the validator's to report. */
    private double number(final Node node, final String path, final double standIn, final String expected)
    {
        if (node instanceof ScalarNode && (node.getTag().equals(Tag.FLOAT) || node.getTag().equals(Tag.INT)))
        {
            final String text = ((ScalarNode)node).getValue();
            try
            {
                final Long integer = YamlValues.integer((ScalarNode)node);
                return null != integer ? integer : Double.parseDouble(text);
            }
            catch (final NumberFormatException ex)
            {
                // .inf, .nan and other core-schema spellings Java does not parse: fall through to the error
            }
        }
        invalid(path, YamlValues.describe(node), expected);
        return standIn;
    }

    /**
     * Looks the processor type up; the entry's processor is made only once the whole document is valid
     * ({@link #construct(ServerConfig)}). Until then the model holds a stand-in of its own; null, with the problem
     * reported, if the type is missing or unknown.
     */
    private EventProcessor processorOf(final Node typeNode, final String path, final Map<String, ScalarNode> properties)
    {
        final Recipe<EventProcessor> recipe = recipe(typeNode, path, properties, "processor", "type", types.names(),
            name ->
            {
                final ProcessorFactory factory = types.factory(name);
                return null == factory ? null : factory::create;
            });
        return null == recipe ? null : new UnbuiltProcessor(recipe);
    }

    /** {@link #processorOf} for a service entry. */
    private MongooseService serviceOf(final Node typeNode, final String path, final Map<String, ScalarNode> properties)
    {
        final Recipe<MongooseService> recipe = recipe(typeNode, path, properties, "service", "service type",
            types.serviceNames(), name ->
            {
                final ServiceFactory factory = types.serviceFactory(name);
                return null == factory ? null : factory::create;
            });
        return null == recipe ? null : new UnbuiltService(recipe);
    }

    /** What a registered type name leads to: a processor or a service factory, seen the same way. */
    private interface TypeFactory<T>
    {
        T create(ProcessorProperties properties);
    }

    /**
     * How to make one entry's instance: its type's factory and the entry's properties.
     *
     * @param path       the entry's path, e.g. {@code agents[0].processors[1]}.
     * @param type       the registered type name.
     * @param properties the entry's properties, each a scalar.
     * @param kind       what the entry makes, for the messages: {@code processor} or {@code service}.
     * @param typeLabel  how a failing factory is named: {@code type} or {@code service type}.
     * @param factory    the type's factory.
     */
    private record Recipe<T>(String path, String type, Map<String, ScalarNode> properties, String kind,
        String typeLabel, TypeFactory<T> factory)
    {
    }

    /** Stands for an entry's processor in the model until the document is valid; never hosted. */
    private static final class UnbuiltProcessor implements EventProcessor
    {
        private final Recipe<EventProcessor> recipe;

        UnbuiltProcessor(final Recipe<EventProcessor> recipe)
        {
            this.recipe = recipe;
        }

        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
            throw new IllegalStateException("processor at " + recipe.path() + " is not made yet");
        }
    }

    /**
     * Stands for an entry's service in the model until the document is valid; never hosted. An agent service as far as
     * the validator can tell: whether the real one may publish is checked once it is made.
     */
    private static final class UnbuiltService implements AgentService
    {
        private final Recipe<MongooseService> recipe;

        UnbuiltService(final Recipe<MongooseService> recipe)
        {
            this.recipe = recipe;
        }

        @Override
        public int doWork()
        {
            throw new IllegalStateException("service at " + recipe.path() + " is not made yet");
        }
    }

    /**
     * Looks a type entry up. A missing or unknown type is reported under the entry's path.
     *
     * @param kind      what the entry makes, for the messages: {@code processor} or {@code service}.
     * @param typeLabel how a failing factory is named: {@code type} or {@code service type}.
     * @param known     the registered names, listed when the type is missing or unknown.
     * @param factories the factory of a name, or null.
     * @return how to make the entry's instance, or null with the problem reported.
     */
    private <T> Recipe<T> recipe(
        final Node typeNode, final String path, final Map<String, ScalarNode> properties, final String kind,
        final String typeLabel, final List<String> known, final Function<String, TypeFactory<T>> factories)
    {
        final String typePath = path + ".type";
        final String expected = known.isEmpty()
            ? "a registered " + kind + " type (none are registered)" : "one of " + String.join(", ", known);
        if (null == typeNode)
        {
            covered.add(typePath);
            return missing(typePath, expected);
        }
        final TypeFactory<T> factory = typeNode instanceof ScalarNode && !YamlValues.isNull(typeNode)
            ? factories.apply(((ScalarNode)typeNode).getValue()) : null;
        if (null == factory)
        {
            covered.add(typePath);
            return invalid(typePath,
                (typeNode instanceof ScalarNode && !YamlValues.isNull(typeNode) ? "unknown " : "") +
                    YamlValues.describe(typeNode), expected);
        }
        return new Recipe<>(path, ((ScalarNode)typeNode).getValue(), properties, kind, typeLabel, factory);
    }

    /**
     * Makes every processor and service of a valid model, in file order (services first, as they are listed before
     * the agents that use them), running each type's factory with its entry's properties. A factory that throws or
     * returns nothing, and every property it rejected, is a problem of its entry ({@link #problems()}).
     *
     * @param model what {@link #read(Node)} made, with no problem found in it.
     * @return the model with every stand-in replaced by what its factory made (null where it made nothing).
     */
    ServerConfig construct(final ServerConfig model)
    {
        final List<ServiceConfig> services = new ArrayList<>();
        for (final ServiceConfig s : model.services())
        {
            services.add(s.service() instanceof UnbuiltService unbuilt ? s.service(make(unbuilt.recipe)) : s);
        }
        final List<AgentGroupConfig> agents = new ArrayList<>();
        for (final AgentGroupConfig a : model.agentGroups())
        {
            final List<ProcessorConfig> processors = new ArrayList<>();
            for (final ProcessorConfig p : a.processors())
            {
                processors.add(
                    p.processor() instanceof UnbuiltProcessor unbuilt ? p.processor(make(unbuilt.recipe)) : p);
            }
            agents.add(a.processors(processors));
        }
        return model.agentGroups(agents).services(services);
    }

    /**
     * Runs an entry's factory with its properties. A factory that throws or returns nothing, and every property it
     * rejected, are reported under the entry's path.
     *
     * @return what the factory made, or null with the problem reported.
     */
    private <T> T make(final Recipe<T> recipe)
    {
        final String typePath = recipe.path() + ".type";
        final ProcessorProperties reader =
            new ProcessorProperties(recipe.path() + ".properties", recipe.type(), recipe.properties());
        T made = null;
        String failure = null;
        try
        {
            made = recipe.factory().create(reader);
            // A factory that rejected its properties may return null: the file is refused for those already.
            if (null == made && reader.problemCount() == 0)
            {
                failure = "factory of " + recipe.typeLabel() + " '" + recipe.type() + "' returned null";
            }
        }
        catch (final RuntimeException ex)
        {
            failure = "factory of " + recipe.typeLabel() + " '" + recipe.type() + "' threw " +
                YamlValues.escape(ex.toString(), MAX_SHOWN_EXCEPTION);
        }
        problems.addAll(reader.close());
        if (null != failure)
        {
            problem(typePath, failure, "it to return a " + recipe.kind());
        }
        return made;
    }

    /**
     * @return the keys of a map that are in {@code keys}, reporting unknown, duplicate and unusable keys; {@code null},
     * with the problem reported, if the node is not a map.
     */
    private Map<String, Node> fields(final Node node, final String path, final List<String> keys,
        final String expected)
    {
        if (!(node instanceof MappingNode))
        {
            return invalid(path, YamlValues.describe(node), expected);
        }
        final Map<String, Node> found = new LinkedHashMap<>();
        final Set<String> seen = new HashSet<>();
        for (final NodeTuple tuple : ((MappingNode)node).getValue())
        {
            count();
            final String key = key(tuple.getKeyNode());
            if (null == key)
            {
                problem(path, YamlValues.describe(tuple.getKeyNode()) + " as a key", "one of " + String.join(", ",
                    keys));
            }
            else if (!seen.add(key))
            {
                problem(YamlValues.child(path, key), "duplicate key", "each key once");
            }
            else if (!keys.contains(key))
            {
                problem(YamlValues.child(path, key), "unknown key", "one of " + String.join(", ", keys));
            }
            else
            {
                found.put(key, tuple.getValueNode());
            }
        }
        return found;
    }

    /**
     * A section that is a list of entries, each read by {@code entry} at {@code path[i]}.
     *
     * @return the entries read (an unreadable one is a null entry, its problems reported), or null if the section
     *         itself is missing or not a list (reported).
     */
    private <T> List<T> entries(
        final Node node, final String path, final String expected, final BiFunction<Node, String, T> entry)
    {
        final List<Node> items = requiredList(node, path, expected);
        if (null == items)
        {
            return null;
        }
        final List<T> read = new ArrayList<>();
        for (int i = 0; i < items.size(); i++)
        {
            count();
            read.add(entry.apply(items.get(i), path + "[" + i + "]"));
        }
        return read;
    }

    /**
     * A top-level section ({@code feeds}, {@code agents}, {@code services}): its entries, or none, with the problem
     * reported and the cross-references of kind {@code unsureOf} open to doubt, if it could not be read.
     */
    private <T> List<T> section(
        final Node node, final String key, final String expected, final BiFunction<Node, String, T> entry,
        final ConfigProblem.Kind unsureOf)
    {
        final List<T> read = entries(node, key, expected, entry);
        if (null == read)
        {
            unsure.add(unsureOf);
            return new ArrayList<>();
        }
        return read;
    }

    /**
     * The keys of one entry, {@code what} ("a feed"); null, with the problem reported and the cross-references of kind
     * {@code unsureOf} open to doubt, if it is not a map.
     */
    private Map<String, Node> entryFields(
        final Node node, final String path, final List<String> keys, final String what,
        final ConfigProblem.Kind unsureOf)
    {
        final Map<String, Node> f = fields(node, path, keys, what + ": a map with keys " + String.join(", ", keys));
        if (null == f)
        {
            unsure.add(unsureOf);
        }
        return f;
    }

    /**
     * An entry's name, which other entries refer to; if it is missing or blank, references of kind {@code unsureOf}
     * are open to doubt.
     */
    private String referredName(
        final Map<String, Node> f, final String path, final String expected, final ConfigProblem.Kind unsureOf)
    {
        final String name = requiredText(f, path, "name", expected);
        if (null == name || name.isBlank())
        {
            unsure.add(unsureOf);
        }
        return name;
    }

    private List<Node> requiredList(final Node node, final String path, final String expected)
    {
        if (null == node)
        {
            return missing(path, expected);
        }
        if (!(node instanceof SequenceNode))
        {
            return invalid(path, YamlValues.describe(node), expected);
        }
        return ((SequenceNode)node).getValue();
    }

    private String requiredText(final Map<String, Node> f, final String path, final String key, final String expected)
    {
        final Node node = f.get(key);
        return null == node ? missing(path + "." + key, expected) : text(node, path + "." + key, expected);
    }

    /** Any scalar as written; null stays null for the validator to name. */
    private String text(final Node node, final String path, final String expected)
    {
        if (node instanceof ScalarNode)
        {
            return YamlValues.isNull(node) ? null : ((ScalarNode)node).getValue();
        }
        return invalid(path, YamlValues.describe(node), expected);
    }

    /**
     * An integer setting; what is not a YAML integer, or is beyond {@code int}, is reported here in the words of the
     * setting's range. A value that is an {@code int} but out of the range (a capacity of 1000, a drain limit of 0) is
     * the validator's to report, in the same words, as for the builder.
     */
    private int integer(final Node node, final String path, final int standIn, final IntRange range)
    {
        final Long value = node instanceof ScalarNode ? YamlValues.integer((ScalarNode)node) : null;
        if (null == value || value < Integer.MIN_VALUE || value > Integer.MAX_VALUE)
        {
            invalid(path, YamlValues.describe(node), range.expected());
            return standIn;
        }
        return value.intValue();
    }

    /** A list of names as a withers' array; null for null. */
    private static String[] array(final List<String> names)
    {
        return null == names ? null : names.toArray(new String[0]);
    }

    /** A YAML boolean; null, with the problem reported, for anything else. */
    private Boolean flag(final Node node, final String path)
    {
        if (node instanceof ScalarNode && node.getTag().equals(Tag.BOOL))
        {
            return Boolean.parseBoolean(((ScalarNode)node).getValue());
        }
        return invalid(path, YamlValues.describe(node), "true or false");
    }

    private Duration duration(final Node node, final String path)
    {
        final Duration value = node instanceof ScalarNode ? YamlValues.duration((ScalarNode)node) : null;
        return null == value ? invalid(path, YamlValues.describe(node), YamlValues.DURATION_EXPECTED) : value;
    }

    /** An idle strategy by its {@link IdleStrategyKind#yamlName()}; null, with the problem reported, otherwise. */
    private IdleStrategyKind idleStrategy(final Node node, final String path)
    {
        if (node instanceof ScalarNode && !YamlValues.isNull(node))
        {
            final IdleStrategyKind kind = IdleStrategyKind.byYamlName(((ScalarNode)node).getValue());
            return null != kind
                ? kind : invalid(path, "unknown " + YamlValues.describe(node), IdleStrategyKind.expected());
        }
        return invalid(path, YamlValues.describe(node), IdleStrategyKind.expected());
    }

    private <E extends Enum<E>> E choice(final Node node, final String path, final Class<E> type)
    {
        if (node instanceof ScalarNode && !YamlValues.isNull(node))
        {
            final String text = ((ScalarNode)node).getValue();
            for (final E constant : type.getEnumConstants())
            {
                if (constant.name().toLowerCase(Locale.ROOT).equals(text))
                {
                    return constant;
                }
            }
            return invalid(path, "unknown " + YamlValues.describe(node), choices(type));
        }
        return invalid(path, YamlValues.describe(node), choices(type));
    }

    private static <E extends Enum<E>> String choices(final Class<E> type)
    {
        final List<String> names = new ArrayList<>();
        for (final E constant : type.getEnumConstants())
        {
            names.add(constant.name().toLowerCase(Locale.ROOT));
        }
        return "one of " + String.join(", ", names);
    }

    /** A usable map key: a scalar that is not null and not blank, as written. */
    private static String key(final Node node)
    {
        if (node instanceof ScalarNode && !node.getTag().equals(Tag.NULL))
        {
            final String text = ((ScalarNode)node).getValue();
            return text.isBlank() ? null : text;
        }
        return null;
    }

    /** Reports a value that could not be read and covers its path; returns the stand-in, null. */
    private <T> T invalid(final String path, final String found, final String expected)
    {
        covered.add(path);
        problem(path, found, expected);
        return null;
    }

    private <T> T missing(final String path, final String expected)
    {
        return invalid(path, "missing", expected);
    }

    private void problem(final String path, final String found, final String expected)
    {
        problems.add(ConfigProblem.of(path.isEmpty() ? source : path, found, expected));
    }

    private void count()
    {
        if (++values > MAX_VALUES)
        {
            throw new TooLarge();
        }
    }

    /** {@code agents[0].processors[1].type} → {@code agents[0].processors[1]} → {@code agents[0]} → … → null. */
    private static String parent(final String path)
    {
        final int cut = Math.max(path.lastIndexOf('.'), path.lastIndexOf('['));
        return cut <= 0 ? null : path.substring(0, cut);
    }

    /** Ends reading a document that expands beyond {@link #MAX_VALUES}. */
    private static final class TooLarge extends RuntimeException
    {
        private static final long serialVersionUID = 1L;

        TooLarge()
        {
            super(null, null, false, false);
        }
    }
}
