package io.mongoose.config;

import io.mongoose.dispatch.EventProcessor;
import io.mongoose.feed.FeedKind;
import io.mongoose.feed.FullQueuePolicy;
import io.mongoose.pool.ExhaustionPolicy;
import io.mongoose.pool.PoolConfig;
import io.mongoose.service.MongooseService;
import io.mongoose.testing.SeqMessage;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The configuration types are final classes made by factories and withers: no public constructor, so no positional
 * call that breaks, or silently swaps two settings of one type, when a setting is added, and no second way to build
 * one. Each setting has a fluent way in, read back through an accessor of the same name.
 */
class ConfigSurfaceTest
{
    /** Every configuration type; {@link #everyConfigTypeOfThePackageIsListed()} keeps the list whole. */
    private static final List<Class<?>> CONFIG_TYPES = List.of(AgentGroupConfig.class, CountersConfig.class,
        FeedConfig.class, HealthConfig.class, ProcessorConfig.class, ServerConfig.class, ServiceConfig.class,
        PoolConfig.class);

    private static final EventProcessor PROCESSOR = handlers ->
    {
    };
    private static final MongooseService SERVICE = new MongooseService()
    {
    };

    // ---------------------------------------------------------------------------------------------- surface

    @Test
    void configTypesAreFinalClassesWithoutAPublicConstructor()
    {
        for (final Class<?> type : CONFIG_TYPES)
        {
            assertFalse(type.isRecord(), type + " is a record: its canonical constructor is public and positional");
            assertEquals(0, type.getConstructors().length,
                type + " has a public constructor: " + Arrays.toString(type.getConstructors()));
            assertTrue(Modifier.isFinal(type.getModifiers()), type + " is not final");
        }
    }

    /** The withers are the one fluent way: no builder beside them. */
    @Test
    void configTypesHaveNoBuilder()
    {
        for (final Class<?> type : CONFIG_TYPES)
        {
            assertEquals(List.of(), Arrays.asList(type.getClasses()), type + " has public nested classes");
            for (final Method method : type.getMethods())
            {
                assertFalse(method.getName().toLowerCase(Locale.ROOT).contains("builder"), method.toString());
            }
        }
    }

    /** A configuration type added to the package is checked above only once it is in {@link #CONFIG_TYPES}. */
    @Test
    void everyConfigTypeOfThePackageIsListed() throws IOException, URISyntaxException
    {
        final Path classes = Path.of(FeedConfig.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        assumeTrue(Files.isDirectory(classes), "classes are in a directory, not a jar: " + classes);
        final Set<String> found;
        try (Stream<Path> files = Files.list(classes.resolve("io/mongoose/config")))
        {
            found = files.map(file -> file.getFileName().toString())
                .filter(file -> file.endsWith("Config.class"))
                .map(file -> "io.mongoose.config." + file.substring(0, file.length() - ".class".length()))
                .collect(Collectors.toCollection(TreeSet::new));
        }
        final Set<String> listed = CONFIG_TYPES.stream().map(Class::getName)
            .filter(name -> name.startsWith("io.mongoose.config.")).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(listed, found);
    }

    // ---------------------------------------------------------------------------------------------- withers

    @Test
    void feedWithersSetEverySetting()
    {
        final FeedConfig feed = FeedConfig.broadcast("quotes").queueCapacity(1024).fullQueuePolicy(FullQueuePolicy.DROP)
            .publishTimeout(Duration.ofMillis(250)).ring(SeqMessage.class);

        assertEquals("quotes", feed.name());
        assertEquals(FeedKind.BROADCAST, feed.kind());
        assertEquals(1024, feed.queueCapacity());
        assertEquals(FullQueuePolicy.DROP, feed.fullQueuePolicy());
        assertEquals(Duration.ofMillis(250), feed.publishTimeout());
        assertSame(SeqMessage.class, feed.ringType());
        assertTrue(feed.isRing());
        assertEquals(FeedKind.NAMED, FeedConfig.named("quotes").kind());
        assertFalse(FeedConfig.named("quotes").isRing());
    }

    @Test
    void agentGroupWithersSetEverySetting()
    {
        final ProcessorConfig second = ProcessorConfig.of("twap", PROCESSOR);
        final AgentGroupConfig group = AgentGroupConfig.named("pricing").idleStrategy(IdleStrategyKind.YIELD)
            .drainLimit(64).pinning(Pinning.cpu(1)).threadMode(ThreadMode.INVOKER)
            .processor("vwap", PROCESSOR, "quotes").processor(second).timerTickResolution(Duration.ofMillis(10))
            .timerWheelSize(1024);

        assertEquals("pricing", group.name());
        assertEquals(IdleStrategyKind.YIELD, group.idleStrategy());
        assertEquals(64, group.drainLimit());
        assertEquals(Pinning.cpu(1), group.pinning());
        assertEquals(ThreadMode.INVOKER, group.threadMode());
        assertEquals(List.of(ProcessorConfig.of("vwap", PROCESSOR, "quotes"), second), group.processors());
        assertEquals(Duration.ofMillis(10), group.timerTickResolution());
        assertEquals(1024, group.timerWheelSize());
    }

    @Test
    void processorWithersSetEverySetting()
    {
        final ProcessorConfig processor = ProcessorConfig.of("vwap", PROCESSOR, "quotes", "trades").services("refdata")
            .publishes("signals").latencyMonitoring(true);

        assertEquals("vwap", processor.name());
        assertSame(PROCESSOR, processor.processor());
        assertEquals(List.of("quotes", "trades"), processor.subscriptions());
        assertEquals(List.of("refdata"), processor.services());
        assertEquals(List.of("signals"), processor.publishes());
        assertEquals(Boolean.TRUE, processor.latencyMonitoring());
        assertTrue(processor.monitorsLatency(false));
        assertNull(ProcessorConfig.of("vwap", PROCESSOR).latencyMonitoring(), "null: the server's default");
    }

    @Test
    void serviceWithersSetEverySetting()
    {
        final ServiceConfig service = ServiceConfig.of("quotes-in", SERVICE).publishes("quotes")
            .idleStrategy(IdleStrategyKind.SLEEP).pinning(Pinning.anyCpu());

        assertEquals("quotes-in", service.name());
        assertSame(SERVICE, service.service());
        assertEquals(List.of("quotes"), service.publishes());
        assertEquals(IdleStrategyKind.SLEEP, service.idleStrategy());
        assertEquals(Pinning.anyCpu(), service.pinning());
    }

    @Test
    void countersWithersSetEverySetting()
    {
        final CountersConfig counters = CountersConfig.disabled().dir(Path.of("/tmp/counters")).deleteOnStop(false)
            .sampleInterval(Duration.ofMillis(250));

        assertFalse(counters.enabled());
        assertTrue(CountersConfig.defaults().enabled());
        assertEquals(Path.of("/tmp/counters"), counters.dir());
        assertFalse(counters.deleteOnStop());
        assertEquals(Duration.ofMillis(250), counters.sampleInterval());
    }

    @Test
    void healthWithersSetEverySetting()
    {
        final HealthConfig health = HealthConfig.defaults().agentLiveness(Duration.ofSeconds(2), Duration.ofSeconds(20))
            .queueSaturation(0.9).errorRate(5, Duration.ofSeconds(30));

        assertEquals(Duration.ofSeconds(2), health.agentStaleAfter());
        assertEquals(Duration.ofSeconds(20), health.agentDownAfter());
        assertEquals(0.9, health.queueSaturation());
        assertEquals(5.0, health.errorRate());
        assertEquals(Duration.ofSeconds(30), health.errorRateWindow());
    }

    @Test
    void serverWithersSetEverySetting()
    {
        final FeedConfig feed = FeedConfig.named("quotes");
        final AgentGroupConfig group = AgentGroupConfig.named("pricing").processor("vwap", PROCESSOR, "quotes");
        final ServiceConfig service = ServiceConfig.of("refdata", SERVICE);
        final CountersConfig counters = CountersConfig.disabled();
        final HealthConfig health = HealthConfig.defaults().queueSaturation(0.5);
        final ServerConfig server = ServerConfig.named("md").feed(feed).agentGroup(group).service(service)
            .startTimeout(Duration.ofSeconds(5)).shutdownTimeout(Duration.ofSeconds(3)).latencyMonitoring(true)
            .counters(counters).health(health);

        assertEquals("md", server.name());
        assertEquals(List.of(feed), server.feeds());
        assertEquals(List.of(group), server.agentGroups());
        assertEquals(List.of(service), server.services());
        assertEquals(Duration.ofSeconds(5), server.startTimeout());
        assertEquals(Duration.ofSeconds(3), server.shutdownTimeout());
        assertTrue(server.latencyMonitoring());
        assertSame(counters, server.counters());
        assertSame(health, server.health());
        assertEquals(List.of(), ConfigValidator.problems(server));
    }

    @Test
    void poolWithersSetEverySetting()
    {
        final PoolConfig pool = PoolConfig.of(8).waitOnExhaustion(Duration.ofMillis(5));

        assertEquals(8, pool.capacity());
        assertEquals(ExhaustionPolicy.WAIT, pool.exhaustionPolicy());
        assertEquals(Duration.ofMillis(5), pool.maxWait());
        assertEquals(ExhaustionPolicy.FAIL, pool.failOnExhaustion().exhaustionPolicy());
        assertEquals(ExhaustionPolicy.GROW, pool.growOnExhaustion().exhaustionPolicy());
        assertEquals(PoolConfig.DEFAULT_CAPACITY, PoolConfig.defaults().capacity());
    }

    /** Each config made by the withers with every setting out of its range: the validator, not the wither, refuses. */
    @Test
    void withersTakeAnyValueAndCheckNothing()
    {
        final FeedConfig feed = FeedConfig.named("quotes").queueCapacity(1000).fullQueuePolicy(null)
            .publishTimeout(null).ring(SeqMessage.class);
        assertEquals(List.of("quotes", "NAMED", "1000", "null", "null", SeqMessage.class.toString()),
            strings(feed.name(), feed.kind(), feed.queueCapacity(), feed.fullQueuePolicy(), feed.publishTimeout(),
                feed.ringType()));

        final List<ProcessorConfig> processors = Arrays.asList(null, ProcessorConfig.of("p", PROCESSOR));
        final AgentGroupConfig group = AgentGroupConfig.named("g").idleStrategy(null).drainLimit(0)
            .pinning(Pinning.cpu(-1)).threadMode(null).processors(processors).timerTickResolution(Duration.ZERO)
            .timerWheelSize(3);
        assertEquals(List.of("g", "null", "0", "cpu -1", "null", processors.toString(), "PT0S", "3"),
            strings(group.name(), group.idleStrategy(), group.drainLimit(), group.pinning(), group.threadMode(),
                group.processors(), group.timerTickResolution(), group.timerWheelSize()));

        final ProcessorConfig processor = ProcessorConfig.of("p", null, "a", null).processor(PROCESSOR)
            .services("s", null).publishes("out").latencyMonitoring(false);
        assertEquals(List.of("p", PROCESSOR.toString(), "[a, null]", "[s, null]", "[out]", "false"),
            strings(processor.name(), processor.processor(), processor.subscriptions(), processor.services(),
                processor.publishes(), processor.latencyMonitoring()));

        final ServiceConfig service = ServiceConfig.of("s", null).service(SERVICE).publishes("out").idleStrategy(null)
            .pinning(null);
        assertEquals(List.of("s", SERVICE.toString(), "[out]", "null", "null"), strings(service.name(),
            service.service(), service.publishes(), service.idleStrategy(), service.pinning()));

        final CountersConfig counters = CountersConfig.disabled().dir(Path.of("/tmp/c")).deleteOnStop(false)
            .sampleInterval(Duration.ofSeconds(11));
        assertEquals(List.of("false", "/tmp/c", "false", "PT11S"), strings(counters.enabled(), counters.dir(),
            counters.deleteOnStop(), counters.sampleInterval()));

        final HealthConfig health = HealthConfig.defaults().agentLiveness(Duration.ofHours(25), null)
            .queueSaturation(1.5).errorRate(-1, Duration.ZERO);
        assertEquals(List.of("PT25H", "null", "1.5", "-1.0", "PT0S"), strings(health.agentStaleAfter(),
            health.agentDownAfter(), health.queueSaturation(), health.errorRate(), health.errorRateWindow()));

        final ServerConfig server = ServerConfig.named(null).feed(feed).agentGroup(group).startTimeout(Duration.ZERO)
            .shutdownTimeout(null).service(service).latencyMonitoring(true).counters(counters).health(health);
        assertEquals(List.of("null", List.of(feed).toString(), List.of(group).toString(), "PT0S", "null",
                List.of(service).toString(), "true", counters.toString(), health.toString()),
            strings(server.name(), server.feeds(), server.agentGroups(), server.startTimeout(),
                server.shutdownTimeout(), server.services(), server.latencyMonitoring(), server.counters(),
                server.health()));
        assertEquals(List.of(
            "name: null; expected a non-blank server name",
            "startTimeout: PT0S; expected a positive duration up to 24h",
            "shutdownTimeout: null; expected a positive duration up to 24h",
            "feeds[0].queueCapacity: 1000 (feed 'quotes'); expected a power of two from 2 to 16777216",
            "feeds[0].fullQueuePolicy: null; expected one of BACKOFF, DROP, FAIL",
            "feeds[0].publishTimeout: null (feed 'quotes'); expected a positive duration up to 24h",
            "agents[0].idleStrategy: null; expected one of BUSY_SPIN, YIELD, BACKOFF, SLEEP",
            "agents[0].drainLimit: 0 (agent group 'g'); expected an integer from 1 to 16777216",
            "agents[0].pinning: cpu -1; expected a CPU id of 0 or more",
            "agents[0].threadMode: null; expected one of DEDICATED, INVOKER",
            "agents[0].timerTickResolution: PT0S (agent group 'g'); expected a duration from 1us to 1s " +
                "(rounded up to a power of two nanoseconds)",
            "agents[0].timerWheelSize: 3 (agent group 'g'); expected a power of two from 2 to 65536",
            "agents[0].processors[0]: null; expected a processor",
            "feeds[0]: feed 'quotes' has no subscriber; expected at least one processor subscribing to it (or " +
                "remove the feed)",
            "counters.sampleInterval: PT11S; expected a positive duration up to 10s",
            "health.agentStaleAfter: PT25H; expected a positive duration up to 24h",
            "health.agentDownAfter: null; expected a positive duration up to 24h",
            "health.queueSaturation: 1.5; expected a fill ratio above 0 and at most 1, e.g. 0.8",
            "health.errorRate: -1.0; expected errors per second, 0 or more (0: any error degrades)",
            "health.errorRateWindow: PT0S; expected a positive duration up to 24h",
            "services[0].idleStrategy: null; expected one of BUSY_SPIN, YIELD, BACKOFF, SLEEP",
            "services[0].pinning: null; expected none, any, or a CPU id",
            "services[0].publishes: 1 feeds, but " + SERVICE.getClass().getName() + " is not an AgentService; " +
                "expected an AgentService (a service publishes from its duty cycle, on its own agent thread)"),
            ConfigValidator.problems(server));
    }

    private static List<String> strings(final Object... values)
    {
        final List<String> shown = new ArrayList<>();
        for (final Object value : values)
        {
            shown.add(String.valueOf(value));
        }
        return shown;
    }

    /** A list wither replaces the list that the one-entry withers add to. */
    @Test
    void listWithersReplaceTheEntries()
    {
        final FeedConfig a = FeedConfig.named("a");
        final FeedConfig b = FeedConfig.named("b");
        final AgentGroupConfig group = AgentGroupConfig.named("g").processor("p", PROCESSOR);
        final ServiceConfig service = ServiceConfig.of("s", SERVICE);
        final ServerConfig server = ServerConfig.named("md").feed(a).agentGroup(group).service(service);

        assertEquals(List.of(a, b), server.feed(b).feeds());
        assertEquals(List.of(b), server.feeds(List.of(b)).feeds());
        assertEquals(List.of(), server.agentGroups(List.of()).agentGroups());
        assertEquals(List.of(), server.services(null).services());
        assertEquals(List.of(ProcessorConfig.of("q", PROCESSOR)),
            group.processors(List.of(ProcessorConfig.of("q", PROCESSOR))).processors());
        assertEquals(ServerConfig.named("md"), server.feeds(null).agentGroups(null).services(null));
    }

    /** The lists are copied when a config is made, unmodifiable; a null list is empty, a null entry kept. */
    @Test
    void listsAreCopiedKeepingNullEntriesForTheValidatorToName()
    {
        final List<FeedConfig> feeds = new ArrayList<>(Arrays.asList(FeedConfig.named("a"), null));
        final ServerConfig server = ServerConfig.named("md").feeds(feeds).agentGroups(null).services(null);
        feeds.clear();

        assertEquals(Arrays.asList(FeedConfig.named("a"), null), server.feeds());
        assertEquals(List.of(), server.agentGroups());
        assertEquals(List.of(), server.services());
        assertThrows(UnsupportedOperationException.class, () -> server.feeds().clear());
        assertThrows(UnsupportedOperationException.class,
            () -> server.feed(FeedConfig.named("b")).feeds().add(FeedConfig.named("c")));
        assertEquals(List.of(), ProcessorConfig.of("p", PROCESSOR).publishes((String[])null).publishes());
        assertEquals(List.of(), ProcessorConfig.of("p", PROCESSOR, (String[])null).subscriptions());
        assertEquals(Arrays.asList("a", null), ProcessorConfig.of("p", PROCESSOR, "a", null).subscriptions());
        assertEquals(List.of(), ServiceConfig.of("s", SERVICE).publishes((String[])null).publishes());
        assertEquals(List.of(), AgentGroupConfig.named("g").processors(null).processors());
    }

    // ---------------------------------------------------------------------------------------------- value semantics

    /** Equal settings make equal configs, whichever way they were made; one setting apart makes them differ. */
    @Test
    void configsAreValuesEqualOverEverySetting()
    {
        assertValue(FeedConfig.named("q").queueCapacity(64), FeedConfig.named("q").queueCapacity(8).queueCapacity(64),
            FeedConfig.named("q").queueCapacity(64).ring(SeqMessage.class));
        assertValue(AgentGroupConfig.named("g").timerWheelSize(64),
            AgentGroupConfig.named("g").processor("p", PROCESSOR).processors(null).timerWheelSize(64),
            AgentGroupConfig.named("g").timerWheelSize(128));
        assertValue(ProcessorConfig.of("p", PROCESSOR, "q"), ProcessorConfig.of("p", null, "q").processor(PROCESSOR),
            ProcessorConfig.of("p", PROCESSOR, "q").latencyMonitoring(false));
        assertValue(ServiceConfig.of("s", SERVICE), ServiceConfig.of("s", null).service(SERVICE),
            ServiceConfig.of("s", SERVICE).pinning(Pinning.cpu(0)));
        assertValue(CountersConfig.disabled(), CountersConfig.disabled().deleteOnStop(false).deleteOnStop(true),
            CountersConfig.defaults());
        assertValue(HealthConfig.defaults().queueSaturation(0.5),
            HealthConfig.defaults().queueSaturation(0.7).queueSaturation(0.5),
            HealthConfig.defaults().queueSaturation(0.6));
        assertValue(ServerConfig.named("md").latencyMonitoring(true),
            ServerConfig.named("md").feeds(List.of()).latencyMonitoring(true), ServerConfig.named("md"));
        assertValue(PoolConfig.of(8).failOnExhaustion(), PoolConfig.of(8).growOnExhaustion().failOnExhaustion(),
            PoolConfig.of(8));
        assertEquals(HealthConfig.defaults().queueSaturation(Double.NaN),
            HealthConfig.defaults().queueSaturation(Double.NaN), "NaN equals NaN, as in a record");
    }

    private static void assertValue(final Object value, final Object equal, final Object different)
    {
        assertEquals(value, equal);
        assertEquals(value.hashCode(), equal.hashCode(), value.toString());
        assertEquals(value.toString(), equal.toString());
        assertNotEquals(value, different);
        assertNotEquals(value, null);
        assertNotEquals(value, value.toString());
    }

    /** {@code toString} reads as a record's: the type's simple name, then every setting by name. */
    @Test
    void toStringNamesEverySettingAsARecordDoes()
    {
        assertEquals("FeedConfig[name=quotes, kind=NAMED, queueCapacity=4096, fullQueuePolicy=BACKOFF, " +
            "publishTimeout=PT10S, ringType=null]", FeedConfig.named("quotes").toString());
        assertEquals("AgentGroupConfig[name=g, idleStrategy=BUSY_SPIN, drainLimit=256, pinning=none, " +
            "threadMode=DEDICATED, processors=[], timerTickResolution=PT0.001S, timerWheelSize=512]",
            AgentGroupConfig.named("g").toString());
        assertEquals("ProcessorConfig[name=p, processor=null, subscriptions=[q], services=[], publishes=[], " +
            "latencyMonitoring=null]", ProcessorConfig.of("p", null, "q").toString());
        assertEquals("ServiceConfig[name=s, service=null, publishes=[], idleStrategy=BACKOFF, pinning=none]",
            ServiceConfig.of("s", null).toString());
        assertEquals("CountersConfig[enabled=true, dir=null, deleteOnStop=true, sampleInterval=PT1S]",
            CountersConfig.defaults().toString());
        assertEquals("HealthConfig[agentStaleAfter=PT1S, agentDownAfter=PT10S, queueSaturation=0.8, errorRate=1.0, " +
            "errorRateWindow=PT10S]", HealthConfig.defaults().toString());
        assertEquals("ServerConfig[name=md, feeds=[], agentGroups=[], startTimeout=PT30S, shutdownTimeout=PT10S, " +
            "services=[], latencyMonitoring=false, counters=" + CountersConfig.defaults() + ", health=" +
            HealthConfig.defaults() + "]", ServerConfig.named("md").toString());
        assertEquals("PoolConfig[capacity=8, exhaustionPolicy=WAIT, maxWait=PT1S]", PoolConfig.of(8).toString());
    }
}
